import TouchBenchSupport

/// The trajectory of one finger of a two-finger pinch or rotation.
///
/// The two fingers sit on opposite ends of a segment through `center`; the segment's length
/// (the separation) and its angle each follow a minimum-jerk change, so the pinch scale and
/// the rotation both have bell-shaped rates, as they do when a hand opens or turns.
struct PolarPath: Sendable, Hashable {
    var center: Vector
    /// Which end of the segment this finger holds: +1 or −1.
    var side: Double
    var separation: Double
    var separationChange: Double
    var separationTiming: Movement1D
    var angle: Double
    var angleChange: Double
    var angleTiming: Movement1D

    /// The start and duration of a scalar minimum-jerk change.
    struct Movement1D: Sendable, Hashable {
        var start: Double
        var duration: Double
        func tau(at t: Double) -> Double { (t - start) / duration }
        var end: Double { start + duration }
    }

    func separation(at t: Double) -> Double {
        separation + separationChange * MinimumJerk.position(separationTiming.tau(at: t))
    }

    func angle(at t: Double) -> Double {
        angle + angleChange * MinimumJerk.position(angleTiming.tau(at: t))
    }

    func position(at t: Double) -> Vector {
        center + Vector.unit(angle: angle(at: t)) * (side * separation(at: t) / 2)
    }

    func velocity(at t: Double) -> Vector {
        let s = separation(at: t)
        let direction = Vector.unit(angle: angle(at: t))
        let ds = separationChange * MinimumJerk.velocity(separationTiming.tau(at: t)) / separationTiming.duration
        let dTheta = angleChange * MinimumJerk.velocity(angleTiming.tau(at: t)) / angleTiming.duration
        return (direction * (ds / 2) + direction.perpendicular * (s / 2 * dTheta)) * side
    }

    func isMoving(at t: Double) -> Bool {
        (t > separationTiming.start && t < separationTiming.end)
            || (t > angleTiming.start && t < angleTiming.end)
    }

    var end: Double { max(separationTiming.end, angleTiming.end) }
}
