import TouchBenchSupport

/// One minimum-jerk submovement: a displacement made over a time interval.
///
/// Times are seconds on the local clock of the episode the movement belongs to.
struct Movement: Sendable, Hashable {
    var start: Double
    var duration: Double
    var displacement: Vector

    var end: Double { start + duration }
    /// The instant of peak speed.
    var midpoint: Double { start + duration / 2 }

    func tau(at t: Double) -> Double { (t - start) / duration }

    /// How far the movement has carried the hand by time `t`.
    func offset(at t: Double) -> Vector {
        displacement * MinimumJerk.position(tau(at: t))
    }

    /// The movement's contribution to velocity at `t`, in points per second.
    func velocity(at t: Double) -> Vector {
        displacement * (MinimumJerk.velocity(tau(at: t)) / duration)
    }

    /// Whether the movement is under way at `t` (strictly inside its interval).
    func isActive(at t: Double) -> Bool { t > start && t < end }
}
