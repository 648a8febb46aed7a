import TouchBenchSupport
import TouchInput

/// A state machine that follows contacts one sample at a time and says what it sees as
/// soon as it sees it.
///
/// A recognizer never waits for the end of a gesture: after every ``handle(_:events:)`` and
/// every ``advance(to:events:)`` its properties say what it knows (highlight, progress,
/// translation, velocity), and every change of ``state`` is appended to `events` — which may
/// already hold other recognizers' events of the same sample (the arena passes its output):
/// append, never read or remove.
///
/// Recognizers can be used alone — a scene can feed one directly — or arbitrated by a
/// ``GestureArena``, which offers each new contact to the recognizers that want it,
/// routes that contact's samples to them and cancels the losers when one claims it.
public protocol GestureRecognizer: Sendable, Hashable {
    /// What this recognizer recognizes.
    var gesture: GestureKind { get }
    /// Where it stands.
    var state: RecognizerState { get }
    /// Whether it competes for contacts or only watches them.
    var role: ArenaRole { get }
    /// Whether it has decided that the contacts it follows are its own (a pan that began,
    /// a tap that recognized): the arena then cancels the other competitors.
    var hasClaimed: Bool { get }
    /// The earliest time at which ``advance(to:events:)`` would change something on its own
    /// (a long press's minimum duration, a double tap's timeout), or `nil`.
    var nextDeadline: Int64? { get }
    /// Whether ``advance(to:events:)`` may change something before ``nextDeadline`` (a
    /// detector that notices a contact has stopped reporting). The arena ticks a recognizer
    /// only when this is `true` or its deadline is due; the default is `false`.
    var watchesTime: Bool { get }
    /// Times at which ``advance(to:events:)`` is sure to change nothing before ``nextDeadline``
    /// although the recognizer ``watchesTime`` (a detector whose contacts all reported within
    /// its stop gap), or `nil`. The arena ticks a recognizer that watches time only at other
    /// times or at its deadline. The default is `nil`.
    var quietTimes: ClosedRange<Int64>? { get }

    /// Whether it wants to follow the contact whose first sample is `sample`.
    ///
    /// The arena only asks recognizers that are idle, or still undecided and able to take
    /// another contact.
    func wantsContact(_ sample: InputSample) -> Bool

    /// Takes the next sample of a contact it follows.
    mutating func handle(_ sample: InputSample, events: inout [GestureEvent])

    /// Takes the next sample like ``handle(_:events:)``, reading contact velocities through
    /// `velocities`, which the other recognizers given the same sample share (the arena's
    /// pause detectors follow each contact with one tracker kept there, fitted once per sample).
    /// The memo holds state: a recognizer that reads through one must be handed the same memo
    /// on every sample and tick (``advance(to:velocities:events:)``), and the recognizers sharing
    /// it the same samples of each contact. The default ignores it.
    mutating func handle(_ sample: InputSample, velocities: inout VelocityMemo, events: inout [GestureEvent])

    /// Tells the recognizer that time has reached `time` (a frame tick) with no new sample.
    /// Called again with the same time and nothing in between, it must change nothing: the
    /// arena skips such a repeat when the first emitted no event.
    mutating func advance(to time: Int64, events: inout [GestureEvent])

    /// Advances like ``advance(to:events:)``, reading contact velocities through `velocities`,
    /// the memo ``handle(_:velocities:events:)`` is handed (the same one: it holds the contacts'
    /// trackers). The default ignores it.
    mutating func advance(to time: Int64, velocities: inout VelocityMemo, events: inout [GestureEvent])

    /// Stops the gesture: another recognizer claimed its contacts.
    mutating func cancel(at time: Int64, events: inout [GestureEvent])

    /// Forgets the finished gesture so that the next contact starts afresh.
    mutating func reset()
}

extension GestureRecognizer {
    public var role: ArenaRole { .competitor }
    public var nextDeadline: Int64? { nil }
    public var watchesTime: Bool { false }
    public var quietTimes: ClosedRange<Int64>? { nil }
    public mutating func advance(to time: Int64, events: inout [GestureEvent]) {}
    public mutating func advance(to time: Int64, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
        advance(to: time, events: &events)
    }
    public mutating func handle(_ sample: InputSample, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
        handle(sample, events: &events)
    }
}

/// What a recognizer's call changed, as the arena needs it, read inside that same call.
///
/// Each property the arena asked of a recognizer held as `any GestureRecognizer` in its array
/// (whether it had claimed, before and after; its deadline; whether it watches time) copied
/// the recognizer out of its box, a retain and release per array the recognizer holds: four
/// copies per recognizer per sample, the largest cost of `touchbench gestures` after the fits.
/// A mutating call opens the existential in place, and its reads copy nothing.
struct RecognizerStep {
    /// It claimed its contacts in this call.
    var newlyClaimed: Bool
    /// It competes (``ArenaRole/competitor``), so its claim cancels others.
    var competes: Bool
    var timing: RecognizerTiming
}

extension GestureRecognizer {
    /// ``handle(_:velocities:events:)``, then what changed.
    mutating func step(
        taking sample: InputSample, velocities: inout VelocityMemo, events: inout [GestureEvent]
    ) -> RecognizerStep {
        let claimedBefore = hasClaimed
        handle(sample, velocities: &velocities, events: &events)
        return outcome(claimedBefore: claimedBefore)
    }

    /// ``advance(to:velocities:events:)``, then what changed.
    mutating func step(
        advancingTo time: Int64, velocities: inout VelocityMemo, events: inout [GestureEvent]
    ) -> RecognizerStep {
        let claimedBefore = hasClaimed
        advance(to: time, velocities: &velocities, events: &events)
        return outcome(claimedBefore: claimedBefore)
    }

    private func outcome(claimedBefore: Bool) -> RecognizerStep {
        // Quiet times matter only to a recognizer that watches time (most do not).
        let watches = watchesTime
        return RecognizerStep(
            newlyClaimed: !claimedBefore && hasClaimed, competes: role == .competitor,
            timing: RecognizerTiming(deadline: nextDeadline, watchesTime: watches, quietTimes: watches ? quietTimes : nil))
    }
}

extension InputSample {
    /// The sample's location as a ``Point``.
    @inlinable public var point: Point { Point(x: x, y: y) }

    /// Whether this is a sample of a finger, pencil or pressed pointer touching the surface.
    @inlinable public var isContactSample: Bool { kind.isContact && phase.isInContact }

    /// Whether this is a sample of a pointer, or a pencil, hovering (not pressed or touching):
    /// iPadOS gives a hovering Apple Pencil the pointer's hover effects.
    @inlinable public var isHoverSample: Bool { (kind == .pointer || kind == .pencil) && !phase.isInContact }
}
