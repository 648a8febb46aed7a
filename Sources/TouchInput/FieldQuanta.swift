/// The fixed-point step in which each kind of value is stored in a `.touchtrace` file.
///
/// A value on the grid (an integer multiple of its quantum) round-trips exactly; any other
/// value comes back within half a quantum. Importers of integer device units choose the
/// quantum of one device unit so that those units are stored losslessly.
public struct FieldQuanta: Sendable, Hashable, Codable {
    /// Locations, in points.
    public var position: Double
    /// Major radius and its tolerance, in points.
    public var radius: Double
    /// Normalised force.
    public var force: Double
    /// Altitude, azimuth and roll, in radians.
    public var angle: Double
    /// Scroll deltas, in points.
    public var scroll: Double

    public init(
        position: Double = 1.0 / 256, radius: Double = 1.0 / 256, force: Double = 1.0 / 4096,
        angle: Double = 1.0 / 4096, scroll: Double = 1.0 / 256
    ) {
        self.position = position
        self.radius = radius
        self.force = force
        self.angle = angle
        self.scroll = scroll
    }

    /// The defaults of DESIGN.md: 1/256 pt, force 1/4096, angles 1/4096 rad.
    public static let standard = FieldQuanta()

    /// The grid steps a trace may declare: lengths (position, radius, scroll) from 1e-12 to
    /// 100 points, force from 1e-12 to 1 (it is normalised), angles from 1e-12 to 1 radian.
    /// A coarser grid is not a recording (every coordinate of a phone would round to a few
    /// values, or to 0); the finest is below what an evdev mapping can ask for (one unit of
    /// both axes' resolutions, their least common multiple capped at 2⁴⁰: 2.6e-12 pt).
    public static let lengthRange: ClosedRange<Double> = 1e-12...100
    public static let unitRange: ClosedRange<Double> = 1e-12...1

    /// Whether every quantum lies in its range (``lengthRange``, ``unitRange``).
    public var isValid: Bool {
        [position, radius, scroll].allSatisfy { Self.lengthRange.contains($0) }
            && [force, angle].allSatisfy { Self.unitRange.contains($0) }
    }
}
