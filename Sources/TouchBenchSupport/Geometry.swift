/// A position (or, in vector arithmetic, a displacement) in the plane, in points.
public struct Point: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`, in points.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The offset that leads from `origin` to this point.
    public func offset(from origin: Point) -> Offset {
        Offset(dx: x - origin.x, dy: y - origin.y)
    }

    /// This point moved by `offset`.
    public func moved(by offset: Offset) -> Point {
        Point(x: x + offset.dx, y: y + offset.dy)
    }
}

/// A displacement in the plane, in points: a translation, an anchor offset.
public struct Offset: Sendable, Hashable, Codable {
    public var dx: Double
    public var dy: Double

    public static let zero = Offset(dx: 0, dy: 0)

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The length of the displacement, in points.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

/// An axis-aligned rectangle in points: a target's frame, a hit region.
public struct Rect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle of zero size at `point`.
    public init(at point: Point) {
        self.init(x: point.x, y: point.y, width: 0, height: 0)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// This rectangle grown by `margin` on every side (shrunk when negative).
    public func expanded(by margin: Double) -> Rect {
        Rect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// Whether `point` lies inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The distance from `point` to the nearest point of the rectangle (0 inside).
    public func distance(to point: Point) -> Double {
        let dx = max(minX - point.x, 0, point.x - maxX)
        let dy = max(minY - point.y, 0, point.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// One of the two screen axes.
public enum Axis: String, Sendable, Hashable, Codable, CaseIterable {
    case horizontal
    case vertical
}
