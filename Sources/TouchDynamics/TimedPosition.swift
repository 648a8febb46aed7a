/// A position in the plane at a time: the numbers of one input sample that resampling and
/// prediction need.
public struct TimedPosition: Sendable, Hashable, Codable {
    /// Nanoseconds on a monotonic clock.
    public var time: Int64
    /// Horizontal position, in points.
    public var x: Double
    /// Vertical position, in points.
    public var y: Double

    /// Creates a timed position.
    public init(time: Int64, x: Double, y: Double) {
        self.time = time
        self.x = x
        self.y = y
    }

    /// The straight-line distance to another position, ignoring time.
    public func distance(to other: TimedPosition) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
