import TouchBenchSupport
import TouchDynamics
import TouchInput

/// The baseline pause detector: fires when a contact that was moving has stayed under
/// ``speedThreshold`` for ``duration``.
///
/// It is what a timer-based interface does, and is kept beside
/// ``DecelerationPauseDetector`` so that their detection times can be compared. It fires on
/// a sample or on a frame tick (a finger held still may stop reporting), and re-arms once
/// the contact moves fast again: at ``minimumPeakSpeed`` and above ``speedThreshold``. It is
/// an observer: it never claims a contact.
public struct TimerPauseDetector: GestureRecognizer {
    /// The speed under which the finger counts as still, in pt/s.
    public var speedThreshold: Double
    /// How long it must stay under it, in nanoseconds.
    public var duration: Int64
    /// The speed the finger must have reached first, in pt/s (and the threshold, when that
    /// is higher: ``armingSpeed``).
    public var minimumPeakSpeed: Double

    /// The speed at which the finger counts as moving, so that a slow spell after it is a
    /// pause: the minimum peak, or the threshold when that is higher. Moving had to mean
    /// faster than the threshold too: with a threshold above the minimum peak, a speed between
    /// them re-armed the detector while it counted as slow, and it called a pause every
    /// `duration` (52 on the bundled pause trace at 10 000 pt/s).
    var armingSpeed: Double { max(minimumPeakSpeed, speedThreshold) }
    let strategy: VelocityStrategy

    /// What the detector knows of one contact.
    public struct ContactMotion: Sendable, Hashable {
        /// By kind and id: a pencil and a finger may share an id.
        public let contact: ContactKey
        public var id: UInt32 { contact.id }
        public internal(set) var speed = 0.0
        public internal(set) var peakSpeed = 0.0
        /// Since when the speed has been under the threshold.
        public internal(set) var slowSince: Int64?
        public internal(set) var firedAt: Int64?
        var location = Point.zero
        var isArmed = true
        /// The time of the newest sample taken (the contact's tracker is the memo's, shared
        /// with the other observers: see ``VelocityMemo/velocity(following:strategy:)``).
        var newestTime: Int64?
    }

    public private(set) var contacts: [ContactMotion] = []
    public private(set) var state: RecognizerState = .idle
    /// The contacts' trackers when the detector is used alone (``handle(_:events:)`` and
    /// ``advance(to:events:)``); in an arena, the arena's memo keeps them.
    private var velocities = VelocityMemo()

    public var gesture: GestureKind { .pause }
    public var role: ArenaRole { .observer }
    public var hasClaimed: Bool { false }

    /// The defaults — under 20 pt/s for 100 ms, after moving at 150 pt/s — are the usual
    /// dwell timer: long enough that tremor and digitizer noise do not trigger it.
    public init(
        speedThreshold: Double = 20, duration: Int64 = 100_000_000, minimumPeakSpeed: Double = 150,
        velocityStrategy: VelocityStrategy = .lsq2
    ) {
        self.speedThreshold = speedThreshold
        self.duration = duration
        self.minimumPeakSpeed = minimumPeakSpeed
        self.strategy = velocityStrategy
    }

    /// When the earliest armed contact's pause is due: `duration` after it went slow, or, for
    /// one that has not, `duration` after the stop gap that follows its newest sample, since a
    /// finger that stops reporting counts as stopped from then on. Without that second
    /// deadline nothing woke the detector on a virtual clock until the next sample came, and a
    /// finger that went silent at 250 ms paused at its lift a second later, or never.
    public var nextDeadline: Int64? {
        var earliest: Int64?
        for motion in contacts where motion.isArmed && motion.peakSpeed >= armingSpeed {
            let slow: Int64
            if let slowSince = motion.slowSince {
                slow = slowSince
            } else if let newest = motion.newestTime {
                slow = newest.addingReportingOverflow(ContactMotion.stopGap).overflow ? .max : newest + ContactMotion.stopGap
            } else {
                continue
            }
            let (due, overflow) = slow.addingReportingOverflow(duration)
            let deadline = overflow ? Int64.max : due
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    /// A contact that stops reporting is noticed on a tick, with no deadline set yet.
    public var watchesTime: Bool { !contacts.isEmpty }

    /// A tick changes nothing before the deadline while every contact not yet slow reported
    /// within the stop gap, and not after the tick: its speed is then the one taken at its
    /// newest sample, at or above the threshold. (A contact already slow only fires, at the
    /// deadline.) So the arena skips the tick it would otherwise make before every sample.
    public var quietTimes: ClosedRange<Int64>? {
        var from = Int64.min, until = Int64.max
        for index in contacts.indices where contacts[index].slowSince == nil {
            guard let newest = contacts[index].newestTime else { continue }
            // Slow already by a threshold changed since its sample: a tick would notice it.
            if contacts[index].speed < speedThreshold { return nil }
            let (end, overflow) = newest.addingReportingOverflow(ContactMotion.stopGap)
            from = max(from, newest)
            until = min(until, overflow ? .max : end)
        }
        return from <= until ? from...until : nil
    }

    public func wantsContact(_ sample: InputSample) -> Bool { sample.isContactSample }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        // Moved out and back, not copied: a copy would share the trackers and copy them whole
        // on the next append. (Inside the call the property is empty: nothing in the call may
        // read or reset it.)
        var own = VelocityMemo()
        swap(&own, &velocities)
        handle(sample, velocities: &own, events: &events)
        swap(&own, &velocities)
    }

    public mutating func handle(_ sample: InputSample, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
        if sample.phase == .began {
            contacts.removeAll { $0.contact == sample.contact }
            contacts.append(ContactMotion(contact: sample.contact))
            state = .possible
        }
        guard let index = Self.index(of: sample.contact, in: contacts) else { return }
        if sample.phase.isTerminal {
            contacts.remove(at: index)
            velocities.endContact(sample.contact, strategy: strategy)
            if contacts.isEmpty { state = .idle }
            return
        }
        // In place: a copy of the motion would share its tracker's history and copy it
        // whole on the next append, once per sample.
        contacts[index].update(
            with: sample, armingSpeed: armingSpeed, speedThreshold: speedThreshold, strategy: strategy,
            velocities: &velocities)
        fireIfDue(index, at: sample.time, events: &events)
    }

    public mutating func advance(to time: Int64, events: inout [GestureEvent]) {
        var own = VelocityMemo()
        swap(&own, &velocities)
        advance(to: time, velocities: &own, events: &events)
        swap(&own, &velocities)
    }

    public mutating func advance(to time: Int64, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
        for index in contacts.indices {
            contacts[index].noticeStop(at: time, speedThreshold: speedThreshold, strategy: strategy, velocities: velocities)
            fireIfDue(index, at: time, events: &events)
        }
    }

    /// The index of `contact`, read in place: `firstIndex(where:)` handed the closure a copy
    /// of each motion, retaining and releasing its trackers' arrays.
    private static func index(of contact: ContactKey, in contacts: [ContactMotion]) -> Int? {
        for index in contacts.indices where contacts[index].contact == contact { return index }
        return nil
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {}

    public mutating func reset() {
        contacts.removeAll()
        velocities.forgetContacts()
        state = .idle
    }

    private mutating func fireIfDue(_ index: Int, at time: Int64, events: inout [GestureEvent]) {
        // Field by field: a copy of the motion would retain and copy its tracker, on every
        // sample and every tick.
        guard contacts[index].isArmed, contacts[index].peakSpeed >= armingSpeed,
            let slowSince = contacts[index].slowSince, time - slowSince >= duration
        else { return }
        contacts[index].isArmed = false
        contacts[index].firedAt = time
        state = .recognized
        var event = GestureEvent(gesture: .pause, state: .recognized, time: time, contact: contacts[index].id)
        event.location = contacts[index].location
        event.detector = .timer
        events.append(event)
    }
}

extension TimerPauseDetector.ContactMotion {
    mutating func update(
        with sample: InputSample, armingSpeed: Double, speedThreshold: Double, strategy: VelocityStrategy,
        velocities: inout VelocityMemo
    ) {
        location = sample.point
        // The tracker refuses a sample older than its newest.
        if newestTime.map({ sample.time > $0 }) ?? true { newestTime = sample.time }
        speed = velocities.velocity(following: sample, strategy: strategy).magnitude
        peakSpeed = max(peakSpeed, speed)
        if speed >= armingSpeed, !isArmed {
            isArmed = true
            peakSpeed = speed
        }
        if speed < speedThreshold {
            if slowSince == nil { slowSince = sample.time }
        } else {
            slowSince = nil
        }
    }

    /// Marks the contact slow from when its tracker reports a stop, if it is under the
    /// threshold at `time` with no sample for a while. Mutating, so that the arena's tick on
    /// every sample works on the motion in place: reading it through the contact list copied it.
    mutating func noticeStop(at time: Int64, speedThreshold: Double, strategy: VelocityStrategy, velocities: VelocityMemo) {
        guard slowSince == nil, let newest = newestTime,
            speed(at: time, newest: newest, strategy: strategy, velocities: velocities) < speedThreshold
        else { return }
        // No sample for a while: the tracker reports a stop from its stop gap on.
        slowSince = min(time, newest + Self.stopGap)
    }

    /// The contact tracker's stop gap: the standard configuration's, which the memo's trackers use.
    static let stopGap = VelocityTrackerConfiguration.standard.stopGap

    /// The tracker's speed at `time`. From the newest sample on, the tracker's window is
    /// that of the newest sample until the stop gap, and empty after it, so the speed
    /// computed on that sample is the answer: a frame tick costs no new fit.
    func speed(at time: Int64, newest: Int64, strategy: VelocityStrategy, velocities: VelocityMemo) -> Double {
        guard time >= newest else {
            guard let velocity = velocities.velocity(ofContact: contact, strategy: strategy, at: time) else {
                // Ticked with another memo than its samples were handed with (the protocol asks
                // for the same one): nothing is known of the contact before its newest sample.
                assertionFailure("the timer pause detector was ticked with another memo than its samples'")
                return speed
            }
            return velocity.magnitude
        }
        return time - newest > Self.stopGap ? 0 : speed
    }
}
