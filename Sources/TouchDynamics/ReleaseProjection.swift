import TouchBenchSupport

/// Where a value released at a velocity comes to rest under scroll-view deceleration, and
/// when its speed falls under one unit per second: what `touchbench project` prints.
public struct ReleaseProjection: Sendable, Hashable {
    /// The release velocity, units per second.
    public var velocity: Double
    public var rate: DecelerationRate
    /// The value at release.
    public var from: Double
    /// `(velocity / 1000) · rate / (1 − rate)`.
    public var distance: Double
    /// Seconds until the speed falls under 1 unit/s.
    public var durationToRest: Double

    public init(velocity: Double, rate: DecelerationRate = .normal, from: Double = 0) {
        self.velocity = velocity
        self.rate = rate
        self.from = from
        distance = rate.projectedDistance(velocity: velocity)
        durationToRest = DecelerationCurve(value: from, velocity: velocity, rate: rate).duration(untilSpeedBelow: 1)
    }

    /// Where the value comes to rest.
    public var restingValue: Double { from + distance }

    /// What `project --json` prints: `{distance, durationToRestSeconds, rate, restingValue,
    /// velocity}` on one line, numbers exact.
    public var jsonText: String {
        JSONWriter.text(.object([
            ("velocity", .number(velocity)), ("rate", .number(rate.rawValue)), ("distance", .number(distance)),
            ("restingValue", .number(restingValue)), ("durationToRestSeconds", .number(durationToRest)),
        ]), style: .compact)
    }
}
