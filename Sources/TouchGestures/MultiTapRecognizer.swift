import TouchBenchSupport
import TouchInput

/// Two (or more) taps in quick succession at about the same place: a double tap.
///
/// After the first tap the recognizer is `began` (waiting for the next); it recognizes at
/// the lift of the last tap and fails when the next tap does not land less than
/// ``maximumGap`` after the previous lift, lands more than ``maximumDistance`` from the first
/// tap, or a finger wanders more than ``movementLimit`` while down.
///
/// A single tap that must wait for the double tap to fail (``GestureArena/require(_:toFail:)``)
/// is delayed by up to ``maximumGap``: the cost of telling the two apart.
public struct MultiTapRecognizer: GestureRecognizer {
    /// How many taps make the gesture.
    public var tapCount: Int
    /// The time from one lift within which the next touch-down must come, in nanoseconds: a
    /// touch-down exactly this long after the lift is too late, since the gesture fails at
    /// its deadline (``nextDeadline``), and a timer due at a sample's time fires before the
    /// sample is handled.
    public var maximumGap: Int64
    /// The farthest a later tap may land from the first, in points.
    public var maximumDistance: Double
    /// How far a finger may move while down and still tap, in points.
    public var movementLimit: Double

    public private(set) var state: RecognizerState = .idle
    /// The taps completed so far.
    public private(set) var completedTaps = 0
    /// The contact down now, if any.
    public var contact: UInt32? { down?.id }
    /// The contact down now, by kind and id (a pencil and a finger may share an id).
    private var down: ContactKey?
    /// Where the first tap landed.
    public private(set) var firstLocation: Point?
    /// The time of the latest lift.
    public private(set) var lastLiftTime: Int64?
    private var downLocation: Point?
    private var lastContact: UInt32 = 0
    private var location: Point?

    public var gesture: GestureKind { tapCount == 2 ? .doubleTap : .tap }
    public var hasClaimed: Bool { state == .recognized }

    /// The defaults follow Android's double-tap timeout (300 ms between a lift and the next
    /// touch-down) and accept a second tap up to 40 pt from the first; the 10 pt movement
    /// limit matches the pan's hysteresis, so a finger that starts a pan stops tapping.
    public init(
        tapCount: Int = 2, maximumGap: Int64 = 300_000_000, maximumDistance: Double = 40,
        movementLimit: Double = 10
    ) {
        self.tapCount = max(2, tapCount)
        self.maximumGap = maximumGap
        self.maximumDistance = maximumDistance
        self.movementLimit = movementLimit
    }

    /// The time at which, without another touch-down, the gesture fails.
    public var nextDeadline: Int64? {
        guard state == .began, down == nil, let lastLiftTime else { return nil }
        return lastLiftTime + maximumGap
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        guard sample.isContactSample else { return false }
        // A second finger while one is down is taken only to fail.
        return state == .idle || state == .began || state == .possible
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        guard !state.isTerminal else { return }
        location = sample.point
        switch sample.phase {
        case .began:
            if down != nil, sample.contact != down { return fail(at: sample.time, events: &events) }
            guard down == nil, state == .idle || state == .began else { return }
            if let deadline = nextDeadline, sample.time >= deadline {
                return fail(at: sample.time, events: &events)
            }
            if let firstLocation, firstLocation.distance(to: sample.point) > maximumDistance {
                return fail(at: sample.time, events: &events)
            }
            down = sample.contact
            lastContact = sample.id
            downLocation = sample.point
            if firstLocation == nil { firstLocation = sample.point }
            if state == .idle { state = .possible }
        case .moved, .stationary:
            guard sample.contact == down, let downLocation else { return }
            if downLocation.distance(to: sample.point) > movementLimit { fail(at: sample.time, events: &events) }
        case .ended:
            guard sample.contact == down, let downLocation else { return }
            down = nil
            guard downLocation.distance(to: sample.point) <= movementLimit else {
                return fail(at: sample.time, events: &events)
            }
            completedTaps += 1
            lastLiftTime = sample.time
            if completedTaps >= tapCount {
                emit(.recognized, at: sample.time, contact: sample.id, events: &events)
            } else if state != .began {
                emit(.began, at: sample.time, contact: sample.id, events: &events)
            }
        case .cancelled:
            guard sample.contact == down else { return }
            down = nil
            fail(at: sample.time, events: &events)
        case .hoverEntered, .hoverMoved, .hoverExited:
            return
        }
    }

    public mutating func advance(to time: Int64, events: inout [GestureEvent]) {
        if let deadline = nextDeadline, time >= deadline { fail(at: time, events: &events) }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        guard state != .idle, !state.isTerminal else { return }
        if state == .began {
            emit(.cancelled, at: time, contact: lastContact, events: &events)
        } else {
            state = .cancelled
        }
    }

    public mutating func reset() {
        self = MultiTapRecognizer(
            tapCount: tapCount, maximumGap: maximumGap, maximumDistance: maximumDistance,
            movementLimit: movementLimit)
    }

    /// Fails, saying so only when the wait had been shown (after the first tap).
    private mutating func fail(at time: Int64, events: inout [GestureEvent]) {
        guard !state.isTerminal else { return }
        if state == .began {
            emit(.failed, at: time, contact: lastContact, events: &events)
        } else {
            state = .failed
        }
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, contact id: UInt32, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: gesture, state: newState, time: time, contact: id)
        event.location = location
        events.append(event)
    }
}
