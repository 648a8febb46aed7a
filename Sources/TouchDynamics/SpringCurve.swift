import TouchBenchSupport

/// A spring animation described: its constants, when it settles, how far it overshoots and
/// its curve sampled every millisecond — what `touchbench spring` prints.
public struct SpringCurve: Sendable, Hashable {
    /// One point of the curve.
    public struct Point: Sendable, Hashable {
        /// Seconds from the start.
        public var time: Double
        public var value: Double
        /// Units per second.
        public var velocity: Double
    }

    public var animation: SpringAnimation
    /// The settling tolerance, in value units.
    public var tolerance: Double
    /// Seconds until the motion stays within ``tolerance`` of the target; infinite when it
    /// never does (undamped).
    public var settlingDuration: Double
    /// The curve every millisecond from 0 until it has settled, at most 10 s.
    public var points: [Point]

    /// The curve of `animation`, settled within `tolerance` (default 0.1 % of the distance,
    /// at least 0.001).
    public init(animation: SpringAnimation, tolerance: Double? = nil) {
        self.animation = animation
        self.tolerance = tolerance ?? Swift.max(abs(animation.target - animation.initialValue) * 0.001, 0.001)
        settlingDuration = animation.settlingDuration(tolerance: self.tolerance)
        let horizon = Swift.min(settlingDuration.isFinite ? settlingDuration : 10, 10)
        // At most 10 001 points, whatever the spring: the horizon is bounded above.
        let steps = Int((horizon * 1000).rounded(.up))
        points = (0...Swift.max(0, steps)).map { step in
            let t = Double(step) / 1000
            return Point(time: t, value: animation.value(at: t), velocity: animation.velocity(at: t))
        }
    }

    /// What `spring --json` prints: `{damping, dampingRatio, from, initialVelocity, mass,
    /// overshoot, relativeOvershoot, response, samples: [{t, value, velocity}],
    /// settlingDuration, stiffness, to, tolerance}` on one line, numbers exact, `null` for a
    /// settling duration that is infinite or an overshoot relative to no distance.
    public var jsonText: String {
        let spring = animation.spring
        let settling: JSONValue = settlingDuration.isFinite ? .number(settlingDuration) : .null
        return JSONWriter.text(.object([
            ("response", .number(spring.response)), ("dampingRatio", .number(spring.dampingRatio)),
            ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)), ("damping", .number(spring.damping)),
            ("from", .number(animation.initialValue)), ("to", .number(animation.target)),
            ("initialVelocity", .number(animation.initialVelocity)), ("tolerance", .number(tolerance)),
            ("overshoot", .number(animation.peakOvershoot)), ("settlingDuration", settling),
            ("relativeOvershoot", animation.relativePeakOvershoot.map { .number($0) } ?? .null),
            ("samples", .array(points.map { .object([("t", .number($0.time)), ("value", .number($0.value)),
                                                      ("velocity", .number($0.velocity))]) })),
        ]), style: .compact)
    }
}
