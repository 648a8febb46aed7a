/// A point or displacement in screen points (x to the right, y down).
struct Vector: Sendable, Hashable {
    var x: Double
    var y: Double

    static let zero = Vector(x: 0, y: 0)

    /// The unit vector at `angle` radians from the +x axis.
    static func unit(angle: Double) -> Vector {
        Vector(x: Trig.cos(angle), y: Trig.sin(angle))
    }

    var length: Double { (x * x + y * y).squareRoot() }

    func dot(_ other: Vector) -> Double { x * other.x + y * other.y }

    /// This vector turned a quarter turn (clockwise on a y-down screen).
    var perpendicular: Vector { Vector(x: -y, y: x) }

    static func + (a: Vector, b: Vector) -> Vector { Vector(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Vector, b: Vector) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Vector, k: Double) -> Vector { Vector(x: a.x * k, y: a.y * k) }
    static func * (k: Double, a: Vector) -> Vector { Vector(x: a.x * k, y: a.y * k) }
    static prefix func - (a: Vector) -> Vector { Vector(x: -a.x, y: -a.y) }
    static func += (a: inout Vector, b: Vector) { a = a + b }
}
