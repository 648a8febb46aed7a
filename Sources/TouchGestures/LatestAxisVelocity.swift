import TouchDynamics

/// A value's velocity at its latest update, fitted when it is read: the pinch's scale and the
/// rotation's angle are added on every sample of the gesture, but their velocity is read once
/// (at the lift, or for an event that carries it), so a fit per sample would be wasted.
struct LatestAxisVelocity: Sendable, Hashable {
    private var tracker = AxisVelocityTracker()
    /// The time of the latest update, at which ``velocity`` is fitted.
    private var time: Int64?

    /// Adds the value at `time`; the velocity is then read at that time.
    mutating func add(time: Int64, value: Double) {
        tracker.add(time: time, value: value)
        self.time = time
    }

    /// The velocity at the latest update, in units per second (0 before any).
    var velocity: Double {
        guard let time else { return 0 }
        return tracker.velocity(at: time)
    }
}
