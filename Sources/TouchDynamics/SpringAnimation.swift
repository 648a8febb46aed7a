/// A value moving toward a target under a spring, evaluated in closed form at any time,
/// so the result does not depend on the frame rate.
///
/// ```swift
/// let spring = try Spring(dampingRatio: 0.8, response: 0.5)
/// var pip = SpringAnimation(spring: spring, from: 40, to: 300, initialVelocity: flick)
/// pip.value(at: frameTime)
/// pip = pip.retargeted(to: 20, at: catchTime)     // continuous position and velocity
/// ```
///
/// Times are seconds on any clock; the animation starts at ``startTime`` and holds its
/// initial value and velocity before it. The value can be a position along one axis, a
/// scale or an angle: animate each axis of a point with its own animation.
public struct SpringAnimation: Sendable, Hashable {
    /// The spring driving the motion.
    public let spring: Spring
    /// Where the value comes to rest.
    public let target: Double
    /// The value at ``startTime``.
    public let initialValue: Double
    /// The velocity at ``startTime``, in units per second.
    public let initialVelocity: Double
    /// When the motion starts, in seconds.
    public let startTime: Double

    let solution: SpringSolution

    /// Creates a motion from `value` toward `target`, starting at `startTime` with
    /// `initialVelocity` (units per second) — a finger's release velocity, say.
    public init(
        spring: Spring, from value: Double, to target: Double,
        initialVelocity: Double = 0, startTime: Double = 0
    ) {
        self.spring = spring
        self.target = target
        self.initialValue = value
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        solution = SpringSolution(
            dampingRatio: spring.dampingRatio, naturalFrequency: spring.naturalFrequency,
            displacement: value - target, velocity: initialVelocity)
    }

    /// The value at `time`.
    public func value(at time: Double) -> Double {
        let elapsed = self.elapsed(at: time)
        // At the start, exactly the initial value: a retargeted motion must not move by an
        // ulp from (value − target) + target.
        if elapsed == 0 { return initialValue }
        return target + solution.displacement(at: elapsed)
    }

    /// The velocity at `time`, in units per second.
    public func velocity(at time: Double) -> Double {
        solution.velocity(at: elapsed(at: time))
    }

    /// How long after the start the value stays within `tolerance` of the target: the first
    /// elapsed time after which |value − target| ≤ tolerance for good, exact for the closed
    /// form. Zero when it never strays that far; infinite for an undamped spring that does.
    /// A tolerance of zero or less is never met by a moving spring (its approach is
    /// asymptotic); NaN answers NaN. Beyond about 10¹² periods, where a double cannot
    /// resolve the phase, the answer is the envelope's bound: never early, maybe late.
    public func settlingDuration(tolerance: Double) -> Double {
        solution.settlingDuration(tolerance: tolerance)
    }

    /// The largest distance the value travels past the target, on the side away from where
    /// it started (any distance from the target when it starts there), in value units.
    /// Zero for a motion that never overshoots.
    public var peakOvershoot: Double { solution.peakOvershoot }

    /// ``peakOvershoot`` as a fraction of the initial distance to the target, or `nil`
    /// when the motion starts at its target.
    public var relativePeakOvershoot: Double? {
        let distance = abs(initialValue - target)
        return distance > 0 ? peakOvershoot / distance : nil
    }

    private func elapsed(at time: Double) -> Double {
        let elapsed = time - startTime
        return elapsed > 0 ? elapsed : 0
    }
}
