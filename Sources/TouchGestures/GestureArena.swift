import TouchInput

/// A typed reference to a recognizer added to a ``GestureArena``.
public struct RecognizerHandle<Recognizer: GestureRecognizer>: Sendable, Hashable {
    /// The recognizer's position in its arena, as ``GestureEvent/recognizer`` reports it.
    public let index: Int

    /// Whether `event` came from this recognizer.
    public func matches(_ event: GestureEvent) -> Bool { event.recognizer == index }
}

/// Arbitrates recognizers that compete for the same contacts.
///
/// Every new contact is offered to every recognizer; those that want it follow it, and
/// each of its samples is routed to them in the order they were added. The first
/// competitor to claim a contact (a pan beginning, a long press beginning, a tap
/// recognizing) wins it: the other competitors following it are cancelled at once, unless
/// declared simultaneous (``allowSimultaneous(_:_:)``). Observers (pause detectors, hover)
/// watch without competing. A recognizer may be required to wait for another to fail
/// (``require(_:toFail:)``): its claim is held back until the other fails, and dropped
/// (reported `cancelled`) if the other succeeds; the wait is reported as the released
/// event's ``GestureEvent/delay``.
///
/// Drive it with ``handle(_:)`` for each sample and ``advance(to:)`` for each frame tick (or
/// exactly at ``nextDeadline`` for a virtual clock); both return the state changes they
/// caused, in order.
///
/// ```swift
/// var arena = GestureArena()
/// let doubleTap = arena.add(MultiTapRecognizer())
/// let tap = arena.add(TapRecognizer())
/// arena.require(tap, toFail: doubleTap)
/// for sample in samples {
///     for event in arena.handle(sample) where tap.matches(event) { … }
/// }
/// ```
public struct GestureArena: Sendable {
    /// The recognizers, in the order they were added (the order samples reach them).
    public internal(set) var recognizers: [any GestureRecognizer] = []
    /// The latest time the arena has been told, in nanoseconds.
    public internal(set) var time: Int64 = .min
    var requirements: [(waiter: Int, required: Int)] = []
    var simultaneous: [(Int, Int)] = []
    var sessions: [ContactSession] = []
    /// The serial number the next session gets (``ContactSession/serial``).
    var nextSessionSerial = 0
    var deferred: [DeferredClaim] = []
    /// The velocities the recognizers share: it keeps each followed contact's tracker for the
    /// pause detectors (see ``VelocityMemo``), so it is part of the arena's state.
    var velocityMemo = VelocityMemo()
    /// How many planar velocity fits the recognizers computed through the arena's shared
    /// ``VelocityMemo`` (the pause detectors'): at most one per contact sample, however many
    /// detectors read it. Tests count it; nothing else depends on it.
    public var velocityFits: Int { velocityMemo.fits }
    /// How many velocity windows were factorised through the shared memo: at most one per
    /// contact sample, however many fits (planar and the deceleration detector's speed) read
    /// it. Tests count it; nothing else depends on it.
    public var velocityFactorisations: Int { velocityMemo.factorisations }
    /// How many contacts' velocity trackers the shared memo keeps (those down, whose lift it
    /// has not seen): tests check it does not grow with the trace.
    public var velocityContacts: Int { velocityMemo.contactCount }
    /// How many least-squares fits were solved through the shared memo.
    public var velocitySolutions: Int { velocityMemo.solutions }
    /// Each recognizer's ``GestureRecognizer/nextDeadline`` and ``GestureRecognizer/watchesTime``,
    /// refreshed after every call that may change them: asked before every sample, they are
    /// read from here rather than through the existential of every recognizer.
    var timing: [RecognizerTiming] = []
    /// The time of the last tick that emitted no event, when no sample or recognizer has
    /// reached the arena since: a tick to that time again is skipped.
    var quietTick: Int64?

    /// An empty arena.
    public init() {}

    /// Adds a recognizer after those already added; returns its handle.
    ///
    /// Add every recognizer before the first sample: one added later follows only contacts
    /// that land after it, while the pause detectors share each contact's tracker by its id
    /// (``VelocityMemo``), so a detector added mid-trace could read a tracker fed samples it
    /// was never handed (a contact already down whose id a new contact of another kind reuses).
    @discardableResult
    public mutating func add<R: GestureRecognizer>(_ recognizer: R) -> RecognizerHandle<R> {
        recognizers.append(recognizer)
        quietTick = nil
        timing.append(RecognizerTiming(deadline: recognizer.nextDeadline, watchesTime: recognizer.watchesTime,
                                       quietTimes: recognizer.quietTimes))
        return RecognizerHandle(index: recognizers.count - 1)
    }

    /// Holds `waiter`'s claims until `required` has failed ("double tap must fail first").
    public mutating func require<W: GestureRecognizer, R: GestureRecognizer>(
        _ waiter: RecognizerHandle<W>, toFail required: RecognizerHandle<R>
    ) {
        requirements.append((waiter.index, required.index))
    }

    /// Lets two recognizers both claim the same contacts (pinch and rotation).
    public mutating func allowSimultaneous<A: GestureRecognizer, B: GestureRecognizer>(
        _ first: RecognizerHandle<A>, _ second: RecognizerHandle<B>
    ) {
        simultaneous.append((first.index, second.index))
    }

    /// The recognizer behind `handle`, as it stands now; `nil` for a handle from another
    /// arena whose index holds a different type.
    public subscript<R: GestureRecognizer>(handle: RecognizerHandle<R>) -> R? {
        guard recognizers.indices.contains(handle.index) else { return nil }
        return recognizers[handle.index] as? R
    }

    /// Whether `handle`'s claim is being held back until a recognizer it depends on fails.
    public func isWaiting<R: GestureRecognizer>(_ handle: RecognizerHandle<R>) -> Bool {
        deferred.contains { $0.recognizer == handle.index }
    }

    /// The contacts followed now, with the recognizers following each (indices, in order).
    public var contacts: [(kind: SampleKind, id: UInt32, recognizers: [Int])] {
        sessions.map { ($0.kind, $0.id, $0.members) }
    }

    /// The earliest time at which a recognizer would change on its own; advance to it to
    /// see timeouts at the exact instant.
    public var nextDeadline: Int64? {
        // A loop, not compactMap: this is asked before every sample.
        var earliest: Int64?
        for entry in timing {
            if let deadline = entry.deadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    mutating func refreshTiming(of index: Int) {
        timing[index] = RecognizerTiming(deadline: recognizers[index].nextDeadline, watchesTime: recognizers[index].watchesTime,
                                         quietTimes: recognizers[index].quietTimes)
    }
}

/// When a recognizer next needs the time, as of its last call.
struct RecognizerTiming: Sendable {
    var deadline: Int64?
    var watchesTime: Bool
    /// ``GestureRecognizer/quietTimes``, as two bounds (none: the lower above the upper).
    private var quietFrom = Int64.max, quietUntil = Int64.min

    init(deadline: Int64?, watchesTime: Bool, quietTimes: ClosedRange<Int64>?) {
        self.deadline = deadline
        self.watchesTime = watchesTime
        if let quietTimes {
            quietFrom = quietTimes.lowerBound
            quietUntil = quietTimes.upperBound
        }
    }

    /// Whether a tick at `time` would change nothing unless the deadline is due.
    @inline(__always)
    func waitsForDeadline(at time: Int64) -> Bool {
        !watchesTime || (quietFrom <= time && time <= quietUntil)
    }
}

/// A contact the arena follows: its identity and who follows it.
struct ContactSession: Sendable, Hashable {
    /// Which session this is: a contact that lifts and lands again with the same id (or
    /// lands again without lifting) gets a new session, and a claim held on the old one must
    /// not reach the new one.
    var serial: Int
    var kind: SampleKind
    var id: UInt32
    /// Hovering pointers are sessions of their own, apart from the same pointer pressed.
    var isHover: Bool
    /// The recognizers following the contact, in ascending order.
    var members: [Int]
    /// Every recognizer that joined the session, those a claim has cancelled since included:
    /// they stay finished until the contact lifts.
    var joined: [Int]
    /// Where the contact was last seen: a landing again without a lift cancels it there.
    var lastX: Double
    var lastY: Double
}

/// A claim held back until the recognizers it depends on have decided.
struct DeferredClaim: Sendable, Hashable {
    var recognizer: Int
    var events: [GestureEvent]
    var heldSince: Int64
    /// The sessions (``ContactSession/serial``) the claim was made on: released, it cancels
    /// competitors there only.
    var sessions: [Int]
}

extension GestureArena: Equatable {
    /// Two arenas are equal when their recognizers are in equal states and their contacts,
    /// held claims and rules are the same: how the tests check that replays are deterministic.
    public static func == (lhs: GestureArena, rhs: GestureArena) -> Bool {
        lhs.time == rhs.time && lhs.sessions == rhs.sessions && lhs.deferred == rhs.deferred
            && lhs.requirements.map { [$0.waiter, $0.required] } == rhs.requirements.map { [$0.waiter, $0.required] }
            && lhs.simultaneous.map { [$0.0, $0.1] } == rhs.simultaneous.map { [$0.0, $0.1] }
            && lhs.velocityMemo == rhs.velocityMemo
            && lhs.recognizers.count == rhs.recognizers.count
            && lhs.recognizers.indices.allSatisfy { index in
                let left: any GestureRecognizer = lhs.recognizers[index]
                let right: any GestureRecognizer = rhs.recognizers[index]
                return boxed(left) == boxed(right)
            }
    }
}

/// The recognizer as an `AnyHashable`, opening the existential to reach its `Hashable`.
private func boxed(_ recognizer: some GestureRecognizer) -> AnyHashable { AnyHashable(recognizer) }
