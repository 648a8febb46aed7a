import TouchBenchSupport

/// A point or displacement in screen points (x to the right, y down): the package's one
/// geometry type, under the name the synthesizer's motion code reads best with.
typealias Vector = Point

extension Point {
    /// The unit vector at `angle` radians from the +x axis, from portable trigonometry so a
    /// synthesized trace is the same bytes on every machine.
    static func unit(angle: Double) -> Point {
        Point(x: Elementary.portableCos(angle), y: Elementary.portableSin(angle))
    }
}
