extension SpringAnimation {
    /// The motion that takes over at `time` toward a new target — a scene's destination
    /// changed, or a finger caught the element and let go again — with the value and
    /// velocity it had at that instant, so nothing jumps.
    ///
    /// - Parameters:
    ///   - newTarget: Where the value should now come to rest.
    ///   - time: The instant of the change, in seconds; the new motion starts there.
    ///   - spring: The spring for the new motion; the current one when `nil`.
    public func retargeted(to newTarget: Double, at time: Double, spring: Spring? = nil) -> SpringAnimation {
        SpringAnimation(
            spring: spring ?? self.spring, from: value(at: time), to: newTarget,
            initialVelocity: velocity(at: time), startTime: time)
    }

    /// Whether the value is within `tolerance` of the target from `time` on.
    public func isSettled(at time: Double, tolerance: Double) -> Bool {
        time - startTime >= settlingDuration(tolerance: tolerance)
    }
}
