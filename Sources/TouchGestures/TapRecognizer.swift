import TouchBenchSupport
import TouchInput

/// A single tap on a target: highlighted the moment the finger lands, unhighlighted while
/// the finger is dragged out of the target enlarged by the hit slop, highlighted again when
/// it comes back, and recognized when it lifts inside.
///
/// With no ``target`` the target is the touch-down point itself, so the tap tolerates
/// ``hitSlop`` points of wander. In an arena a pan usually claims the contact first (it
/// begins at 10 pt) and cancels the tap; alone, as a button, the tap follows the finger out
/// and back in.
public struct TapRecognizer: GestureRecognizer {
    /// The element's frame; `nil` makes the touch-down point the target.
    public var target: Rect?
    /// How far outside the target the finger may go and still count as inside, in points.
    public var hitSlop: Double

    public private(set) var state: RecognizerState = .idle
    /// Whether the element shows its pressed state now.
    public private(set) var isHighlighted = false
    /// The contact followed, if any.
    public var contact: UInt32? { followed?.id }
    /// The contact followed, by kind and id (a pencil and a finger may share an id).
    private var followed: ContactKey?
    /// Where and when the contact landed.
    public private(set) var touchDownLocation: Point?
    public private(set) var touchDownTime: Int64?
    /// The contact's latest location.
    public private(set) var location: Point?

    public var gesture: GestureKind { .tap }
    public var hasClaimed: Bool { state == .recognized }

    /// Creates a tap on `target` (or on the touch-down point) with a hit slop.
    ///
    /// The default slop, 24 pt, is about a fingertip's width: enough for the roll of a
    /// finger, small enough that a deliberate drag-out reads as a change of mind.
    public init(target: Rect? = nil, hitSlop: Double = 24) {
        self.target = target
        self.hitSlop = hitSlop
    }

    /// The region in which a lift commits the tap, `nil` before touch-down.
    public var hitRegion: Rect? {
        if let target { return target.expanded(by: hitSlop) }
        return touchDownLocation.map { Rect(at: $0).expanded(by: hitSlop) }
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        guard sample.isContactSample else { return false }
        // While highlighted it takes a second finger too, only to fail: a two-finger tap
        // is not a tap.
        if state.isActive { return true }
        return state == .idle && (target?.contains(sample.point) ?? true)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        if sample.phase == .began, state.isActive, sample.contact != followed {
            isHighlighted = false
            return enter(.failed, at: sample.time, events: &events)
        }
        guard sample.contact == followed || (followed == nil && state == .idle) else { return }
        location = sample.point
        switch sample.phase {
        case .began:
            followed = sample.contact
            touchDownLocation = sample.point
            touchDownTime = sample.time
            isHighlighted = true
            enter(.began, at: sample.time, events: &events)
        case .moved, .stationary:
            guard state.isActive else { return }
            let inside = hitRegion?.contains(sample.point) ?? false
            if inside != isHighlighted {
                isHighlighted = inside
                enter(.changed, at: sample.time, events: &events)
            }
        case .ended:
            guard state.isActive else { return }
            let inside = hitRegion?.contains(sample.point) ?? false
            isHighlighted = false
            enter(inside ? .recognized : .failed, at: sample.time, events: &events)
        case .cancelled:
            guard state.isActive else { return }
            isHighlighted = false
            enter(.cancelled, at: sample.time, events: &events)
        case .hoverEntered, .hoverMoved, .hoverExited:
            return
        }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        guard !state.isTerminal, state != .idle else { return }
        isHighlighted = false
        enter(.cancelled, at: time, events: &events)
    }

    public mutating func reset() {
        self = TapRecognizer(target: target, hitSlop: hitSlop)
    }

    private mutating func enter(_ newState: RecognizerState, at time: Int64, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: .tap, state: newState, time: time, contact: contact ?? 0)
        event.location = location
        events.append(event)
    }
}
