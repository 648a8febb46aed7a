import TouchDynamics
import TouchInput

/// Detects that a moving finger is stopping from the spike in its deceleration, not from a
/// timer.
///
/// A finger that means to stop brakes: its deceleration rises to a peak and falls away as
/// it comes to rest. The detector follows each contact's speed (a velocity tracker) and the
/// rate of change of that speed (a second tracker over the speed), and fires at the first
/// sample where
/// - the contact has moved at ``minimumPeakSpeed`` or faster since it last fired,
/// - its deceleration has reached ``minimumDeceleration`` and has fallen back below
///   ``peakFraction`` of its highest value — the spike has passed its peak — and
/// - its speed is under ``speedFraction`` of its peak speed.
///
/// A flick lifted in flight never gets there: it lifts while still near its top speed,
/// before the deceleration peaks. The detector re-arms when the contact speeds up again.
/// It is an observer: it never claims a contact.
public struct DecelerationPauseDetector: GestureRecognizer {
    /// The speed the finger must have reached for a stop to count as a pause, in pt/s.
    public var minimumPeakSpeed: Double
    /// The deceleration the spike must reach, in pt/s².
    public var minimumDeceleration: Double
    /// The share of its highest value below which the deceleration counts as past its peak.
    public var peakFraction: Double
    /// The share of the peak speed under which the finger counts as stopping.
    public var speedFraction: Double
    let strategy: VelocityStrategy

    /// What the detector knows of one contact.
    public struct ContactMotion: Sendable, Hashable {
        /// By kind and id: a pencil and a finger may share an id.
        public let contact: ContactKey
        public var id: UInt32 { contact.id }
        /// The latest speed, pt/s.
        public internal(set) var speed = 0.0
        /// The latest deceleration (positive while slowing), pt/s², fitted only where the
        /// detector reads it: while the speed, or the peak speed of an armed detector, is at
        /// least ``DecelerationPauseDetector/minimumPeakSpeed``; 0 otherwise (not NaN, so that
        /// equal states compare equal). A slow finger cannot pause or re-arm: the fit there
        /// was a tenth of `gestures`' instructions.
        public internal(set) var deceleration = 0.0
        /// The highest speed and deceleration since the detector was last armed.
        public internal(set) var peakSpeed = 0.0
        public internal(set) var peakDeceleration = 0.0
        /// When the detector last fired for this contact.
        public internal(set) var firedAt: Int64?
        var isArmed = true
        /// The speed's own tracker (the contact's planar one is the memo's, shared with the
        /// other observers: see ``VelocityMemo/velocity(following:strategy:)``).
        var speedTracker: AxisVelocityTracker
    }

    /// The contacts followed, in the order they landed.
    public private(set) var contacts: [ContactMotion] = []
    public private(set) var state: RecognizerState = .idle
    /// The contacts' planar trackers when the detector is used alone (``handle(_:events:)``);
    /// in an arena, the arena's memo keeps them.
    private var velocities = VelocityMemo()

    public var gesture: GestureKind { .pause }
    public var role: ArenaRole { .observer }
    public var hasClaimed: Bool { false }

    /// The defaults were chosen on synthesized app-switcher pauses and flicks at 60, 120 and
    /// 240 Hz (see docs/GESTURES.md): a pause is a stop after moving at 150 pt/s or more, a
    /// spike of at least 1000 pt/s² that has fallen to 90 % of its peak, at under 60 % of the
    /// peak speed.
    public init(
        minimumPeakSpeed: Double = 150, minimumDeceleration: Double = 1000, peakFraction: Double = 0.9,
        speedFraction: Double = 0.6, velocityStrategy: VelocityStrategy = .lsq2
    ) {
        self.minimumPeakSpeed = minimumPeakSpeed
        self.minimumDeceleration = minimumDeceleration
        self.peakFraction = peakFraction
        self.speedFraction = speedFraction
        self.strategy = velocityStrategy
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
            contacts.append(ContactMotion(contact: sample.contact, speedTracker: AxisVelocityTracker(strategy: strategy)))
            state = .possible
        }
        guard let index = Self.index(of: sample.contact, in: contacts) else { return }
        if sample.phase.isTerminal {
            // A lift is never a pause: whatever the finger was doing, it is gone.
            contacts.remove(at: index)
            velocities.endContact(sample.contact, strategy: strategy)
            if contacts.isEmpty { state = .idle }
            return
        }
        // In place: a copy of the motion would share its trackers' histories and copy them
        // whole on the next append, once per sample.
        let limits = Limits(minimumPeakSpeed: minimumPeakSpeed, minimumDeceleration: minimumDeceleration,
                            peakFraction: peakFraction, speedFraction: speedFraction, strategy: strategy)
        if contacts[index].update(with: sample, limits: limits, velocities: &velocities, events: &events) {
            state = .recognized
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
}

extension DecelerationPauseDetector {
    /// The thresholds, handed to a contact's update (handing it the whole detector would
    /// copy the contact list it is being updated in).
    struct Limits {
        var minimumPeakSpeed, minimumDeceleration, peakFraction, speedFraction: Double
        var strategy: VelocityStrategy
    }
}

extension DecelerationPauseDetector.ContactMotion {
    /// Takes the contact's next sample; appends the pause event to `events` and returns `true`
    /// when it fires. (An optional event returned was copied whole, 217 bytes, twice per
    /// sample, though it is nearly always `nil`.)
    mutating func update(
        with sample: InputSample, limits detector: DecelerationPauseDetector.Limits, velocities: inout VelocityMemo,
        events: inout [GestureEvent]
    ) -> Bool {
        speed = velocities.velocity(following: sample, strategy: detector.strategy).magnitude
        speedTracker.add(time: sample.time, value: speed)
        if isArmed { peakSpeed = max(peakSpeed, speed) }
        // Every test below that reads the deceleration first asks for one of these.
        let reads = speed >= detector.minimumPeakSpeed || (isArmed && peakSpeed >= detector.minimumPeakSpeed)
        deceleration = reads ? -velocities.axisVelocity(of: speedTracker, at: sample.time) : 0
        if isArmed {
            if peakSpeed >= detector.minimumPeakSpeed, speed < peakSpeed {
                peakDeceleration = max(peakDeceleration, deceleration)
            }
            if peakSpeed >= detector.minimumPeakSpeed, peakDeceleration >= detector.minimumDeceleration,
                deceleration < detector.peakFraction * peakDeceleration,
                speed < detector.speedFraction * peakSpeed
            {
                isArmed = false
                firedAt = sample.time
                var event = GestureEvent(gesture: .pause, state: .recognized, time: sample.time, contact: sample.id)
                event.location = sample.point
                event.detector = .deceleration
                events.append(event)
                return true
            }
        } else if speed >= detector.minimumPeakSpeed, deceleration < 0 {
            // Speeding up again: a new movement that may end in a pause of its own.
            isArmed = true
            peakSpeed = speed
            peakDeceleration = 0
        }
        return false
    }
}
