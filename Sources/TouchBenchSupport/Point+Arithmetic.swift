/// Vector arithmetic on points, for code that treats a position as a displacement from the
/// origin (synthesized motion paths, directions, perpendiculars).
extension Point {
    /// The length of the vector from the origin, in points.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The dot product with `other`.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// This vector turned a quarter turn (clockwise on a y-down screen).
    public var perpendicular: Point { Point(x: -y, y: x) }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public static func * (k: Double, a: Point) -> Point { Point(x: a.x * k, y: a.y * k) }
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    public static func += (a: inout Point, b: Point) { a = a + b }
}
