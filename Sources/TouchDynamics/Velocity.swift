/// A velocity in the plane, in units (usually points) per second.
public struct Velocity: Sendable, Hashable, Codable {
    /// The horizontal component, in units per second.
    public var x: Double
    /// The vertical component, in units per second.
    public var y: Double

    /// A velocity that isn't moving at all.
    public static let zero = Velocity(x: 0, y: 0)

    /// Creates a velocity from its components, in units per second.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The speed: the length of the velocity vector, in units per second.
    /// Inlinable: both pause detectors read it on every touch sample, across the module boundary.
    @inlinable public var magnitude: Double { (x * x + y * y).squareRoot() }
}
