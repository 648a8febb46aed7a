import TouchBenchSupport
import TouchInput

/// A finger held still: begins once it has stayed within ``allowableMovement`` of its
/// touch-down point for ``minimumDuration``, then follows the finger until it lifts.
///
/// While undecided, ``progress(at:)`` says how far along the press is, so a scene can
/// show it building up.
public struct LongPressRecognizer: GestureRecognizer {
    /// How long the finger must stay down, in nanoseconds.
    public var minimumDuration: Int64
    /// How far it may wander before that, in points.
    public var allowableMovement: Double

    public private(set) var state: RecognizerState = .idle
    public var contact: UInt32? { followed?.id }
    /// The contact followed, by kind and id (a pencil and a finger may share an id).
    private var followed: ContactKey?
    public private(set) var touchDownLocation: Point?
    public private(set) var touchDownTime: Int64?
    public private(set) var location: Point?

    public var gesture: GestureKind { .longPress }
    public var hasClaimed: Bool { state.isActive || state == .ended }

    /// The defaults are UIKit's: 0.5 s, 10 pt.
    public init(minimumDuration: Int64 = 500_000_000, allowableMovement: Double = 10) {
        self.minimumDuration = minimumDuration
        self.allowableMovement = allowableMovement
    }

    /// The press's progress toward beginning at `time`, 0…1 (1 once begun).
    public func progress(at time: Int64) -> Double {
        guard let touchDownTime else { return 0 }
        if state.isActive || state == .ended { return 1 }
        guard state == .possible, minimumDuration > 0 else { return 0 }
        return min(1, max(0, Double(time - touchDownTime) / Double(minimumDuration)))
    }

    public var nextDeadline: Int64? {
        guard state == .possible, let touchDownTime else { return nil }
        return touchDownTime + minimumDuration
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        // While undecided it takes a second finger too, only to fail: two fingers held
        // still are not a long press.
        sample.isContactSample && (state == .idle || state == .possible)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        if sample.phase == .began, state == .idle {
            followed = sample.contact
            touchDownLocation = sample.point
            touchDownTime = sample.time
            location = sample.point
            state = .possible
            return
        }
        guard sample.contact == followed else {
            // A second finger makes it something else (a pinch, a two-finger tap).
            if state == .possible, sample.phase == .began { state = .failed }
            return
        }
        if let deadline = nextDeadline, sample.time >= deadline { begin(at: sample.time, events: &events) }
        location = sample.point
        switch sample.phase {
        case .moved, .stationary:
            if state == .possible, let touchDownLocation,
                touchDownLocation.distance(to: sample.point) > allowableMovement
            {
                state = .failed
            } else if state.isActive {
                emit(.changed, at: sample.time, events: &events)
            }
        case .ended:
            if state.isActive { emit(.ended, at: sample.time, events: &events) } else { state = .failed }
        case .cancelled:
            if state.isActive { emit(.cancelled, at: sample.time, events: &events) } else { state = .failed }
        case .began, .hoverEntered, .hoverMoved, .hoverExited:
            return
        }
    }

    public mutating func advance(to time: Int64, events: inout [GestureEvent]) {
        if let deadline = nextDeadline, time >= deadline { begin(at: time, events: &events) }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        if state.isActive {
            emit(.cancelled, at: time, events: &events)
        } else if state == .possible {
            state = .cancelled
        }
    }

    public mutating func reset() {
        self = LongPressRecognizer(minimumDuration: minimumDuration, allowableMovement: allowableMovement)
    }

    private mutating func begin(at time: Int64, events: inout [GestureEvent]) {
        emit(.began, at: time, events: &events)
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: .longPress, state: newState, time: time, contact: contact ?? 0)
        event.location = location
        events.append(event)
    }
}
