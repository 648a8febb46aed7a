import TouchDynamics
import TouchInput

/// The velocity of every contact at the moment it lifts, as a fling would use it.
///
/// Fed a trace's samples in order, it keeps one velocity tracker per contact (touch, pencil
/// or pointer in contact) and, at each `ended` sample, reports the velocity the tracker gives
/// from the contact's earlier samples — the lift sample itself is not added, as Android and
/// Flutter do, and a lift more than 40 ms after the last movement has zero velocity.
public struct LiftVelocityTracker: Sendable {
    /// One contact's lift.
    public struct Lift: Sendable, Hashable {
        public var id: UInt32
        public var kind: SampleKind
        /// The lift sample's time, in nanoseconds.
        public var time: Int64
        /// Points per second.
        public var velocity: Velocity
    }

    public let strategy: VelocityStrategy
    private var trackers: [UInt64: VelocityTracker] = [:]

    public init(strategy: VelocityStrategy = .lsq2) {
        self.strategy = strategy
    }

    /// Takes the next sample; returns the contact's lift when `sample` ends it.
    public mutating func add(_ sample: InputSample) -> Lift? {
        guard sample.kind.isContact, let location = sample.location else { return nil }
        let key = sample.contact.packed
        switch sample.phase {
        case .began:
            var tracker = VelocityTracker(strategy: strategy)
            tracker.add(time: sample.time, x: location.x, y: location.y)
            trackers[key] = tracker
        case .moved, .stationary:
            trackers[key, default: VelocityTracker(strategy: strategy)].add(time: sample.time, x: location.x, y: location.y)
        case .ended:
            let velocity = trackers[key]?.velocity(at: sample.time) ?? .zero
            trackers[key] = nil
            return Lift(id: sample.id, kind: sample.kind, time: sample.time, velocity: velocity)
        case .cancelled, .hoverExited:
            trackers[key] = nil
        case .hoverEntered, .hoverMoved:
            break
        }
        return nil
    }
}
