extension Spring {
    /// Creates a spring the way SwiftUI's `Spring(duration:bounce:)` does.
    ///
    /// The duration is the response (SwiftUI's "perceptual duration"). A bounce of 0 is
    /// critically damped and positive bounces are underdamped with dampingRatio =
    /// 1 − bounce, up to 1 (undamped); negative bounces are overdamped with dampingRatio =
    /// 1 / (1 + bounce), down to (but excluding) −1, as SwiftUI documents and Flutter's
    /// `SpringDescription.withDurationAndBounce` reproduces.
    ///
    /// - Throws: ``SpringParameterError`` for a duration that is not positive and finite, or
    ///   a bounce outside (−1, 1].
    public init(duration: Double, bounce: Double = 0) throws(SpringParameterError) {
        guard bounce > -1, bounce <= 1 else { throw .bounceOutOfRange(bounce) }
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(dampingRatio: dampingRatio, response: duration)
    }

    /// The perceptual duration, as SwiftUI names it: the response, in seconds.
    public var duration: Double { response }

    /// How bouncy the spring is, as SwiftUI measures it: 1 − dampingRatio up to critical
    /// damping, 1 / dampingRatio − 1 beyond it (negative, down toward −1).
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }
}
