import TouchBenchSupport

/// The motion of a value released with a velocity and slowed by scroll-view deceleration:
/// v(t) = v₀·e^(−t/τ), x(t) = x₀ + v₀·τ·(1 − e^(−t/τ)), with τ the rate's
/// ``DecelerationRate/timeConstant``.
///
/// The curve starts at the release velocity and comes to rest exactly at
/// ``project(_:velocity:decelerationRate:)``. It applies to any scalar — a scroll offset, a
/// pinch's scale, a rotation angle — and to each axis of a position separately.
///
/// Times are seconds since the release; times before it are treated as the release.
public struct DecelerationCurve: Sendable, Hashable {
    /// The value at the release.
    public var initialValue: Double
    /// The velocity at the release, in units per second.
    public var initialVelocity: Double
    /// The deceleration rate.
    public var rate: DecelerationRate

    /// Creates the curve of `value` released at `velocity` (units per second).
    public init(value: Double, velocity: Double, rate: DecelerationRate = .normal) {
        initialValue = value
        initialVelocity = velocity
        self.rate = rate
    }

    /// Where the value comes to rest.
    public var restingValue: Double {
        initialValue + rate.projectedDistance(velocity: initialVelocity)
    }

    /// The value `time` seconds after the release.
    public func value(at time: Double) -> Double {
        let tau = rate.timeConstant
        // −expm1 keeps full precision for the tiny distances of the first milliseconds.
        return initialValue + initialVelocity * tau * -Elementary.expm1(-max(0, time) / tau)
    }

    /// The velocity `time` seconds after the release, in units per second.
    public func velocity(at time: Double) -> Double {
        initialVelocity * Elementary.exp(-max(0, time) / rate.timeConstant)
    }

    /// How long until the speed falls to `threshold` (units per second), in seconds:
    /// τ·ln(|v₀| / threshold); zero when it is already no faster, infinite for a threshold
    /// that is not positive.
    public func duration(untilSpeedBelow threshold: Double) -> Double {
        let speed = abs(initialVelocity)
        guard speed > threshold else { return 0 }
        guard threshold > 0 else { return .infinity }
        return rate.timeConstant * Elementary.log(speed / threshold)
    }

    /// When the value first reaches `target`, in seconds after the release, or `nil` if it
    /// never does (behind the start, or beyond the resting value). A scroll view asks this
    /// for the time its content hits an edge and hands over to a rubber band or a spring.
    public func time(toReach target: Double) -> Double? {
        let distance = target - initialValue
        if distance == 0 { return 0 }
        let reach = initialVelocity * rate.timeConstant
        let fraction = distance / reach
        guard reach != 0, fraction > 0, fraction < 1 else { return nil }
        return -rate.timeConstant * Elementary.log1p(-fraction)
    }
}
