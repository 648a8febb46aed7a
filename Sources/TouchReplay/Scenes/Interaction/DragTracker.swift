import TouchDynamics
import TouchInput

/// Follows the first finger (or pencil) on the glass: touch-down, a pan that begins after
/// 10 pt of movement, moves, and the lift with its release velocity.
///
/// The pan's anchor is the finger's position when the pan begins, so an element that starts
/// following then does not jump by the hysteresis: the touch offset is kept.
struct DragTracker: Sendable {
    enum Event: Sendable, Equatable {
        case none, down, panBegan, moved, up, cancelled
    }

    /// Movement before a touch becomes a pan, in points.
    static let hysteresis = 10.0

    private(set) var id: UInt32?
    private(set) var downX = 0.0, downY = 0.0, downTime: Int64 = 0
    private(set) var x = 0.0, y = 0.0, time: Int64 = 0
    private(set) var isPanning = false
    private(set) var anchorX = 0.0, anchorY = 0.0
    private var tracker = VelocityTracker(strategy: .lsq2)

    var isDown: Bool { id != nil }
    /// The finger's movement since the pan's anchor.
    var dx: Double { x - anchorX }
    var dy: Double { y - anchorY }
    /// How far the finger is from where it landed.
    var distanceFromDown: Double { ((x - downX) * (x - downX) + (y - downY) * (y - downY)).squareRoot() }

    /// Whether `sample` belongs to a finger or a pencil on the glass.
    static func isContact(_ sample: InputSample) -> Bool {
        (sample.kind == .touch || sample.kind == .pencil) && sample.phase.isInContact
    }

    /// Takes a sample; only the first contact down is followed.
    mutating func handle(_ sample: InputSample) -> Event {
        guard Self.isContact(sample) else { return .none }
        if sample.phase == .began {
            guard id == nil else { return .none }
            id = sample.id
            downX = sample.x; downY = sample.y; downTime = sample.time
            x = sample.x; y = sample.y; time = sample.time
            isPanning = false
            tracker.reset()
            tracker.add(time: sample.time, x: sample.x, y: sample.y)
            return .down
        }
        guard sample.id == id else { return .none }
        x = sample.x; y = sample.y; time = sample.time
        tracker.add(time: sample.time, x: sample.x, y: sample.y)
        if sample.phase.isTerminal {
            id = nil
            return sample.phase == .ended ? .up : .cancelled
        }
        if !isPanning && distanceFromDown >= Self.hysteresis {
            isPanning = true
            anchorX = x; anchorY = y
            return .panBegan
        }
        return .moved
    }

    /// The velocity at the newest sample (the lift, after `.up`), in points per second.
    func velocity() -> Velocity { tracker.velocity(at: time) }
}
