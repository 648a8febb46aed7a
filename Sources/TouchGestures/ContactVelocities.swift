import TouchDynamics
import TouchInput

/// One velocity tracker per contact (and strategy), shared by the observers that follow the
/// contact through one ``VelocityMemo``.
///
/// Both pause detectors follow every contact with a tracker fed the same samples. Each used to
/// keep its own, and the memo compared the two histories bit for bit on every touch sample so
/// that one fit served both: the comparison, the second append and the copy the memo held were
/// about a tenth of `touchbench gestures`. Kept here, a contact has one tracker: the first
/// observer to hand over a sample appends it and fits, the next finds the sample taken and
/// reads the fit.
///
/// A contact's tracker holds the samples handed over since its `.began`, a sample handed again
/// right after itself counted once. Handing a sample twice in a row leaves a tracker as handing
/// it once does (an append at the newest time with the same position changes nothing, an older
/// one is refused both times, and a `.began` starts from that one sample either way), so the
/// tracker is what each observer's own would be wherever the observers are handed the same
/// samples of the contact: an arena's observers, the home scene's two detectors.
struct ContactVelocities: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        /// By kind and id: a pencil and a finger may share an id.
        let contact: ContactKey
        let strategy: VelocityStrategy
        var tracker: VelocityTracker
        /// The last sample handed over (none yet for a new entry): its time, the bits of its
        /// position, and whether it began the contact.
        var last: HandedSample?
        /// The velocity fitted since the last change, and at what time.
        var fittedTime: Int64?
        var fitted = Velocity.zero

        init(contact: ContactKey, strategy: VelocityStrategy) {
            self.contact = contact
            self.strategy = strategy
            tracker = VelocityTracker(strategy: strategy)
        }

        /// Appends `sample` unless it was the last handed over.
        mutating func take(_ sample: InputSample) {
            let handed = HandedSample(sample)
            if let last, last == handed { return }
            if handed.began { tracker.reset() }
            tracker.add(time: sample.time, x: sample.x, y: sample.y)
            last = handed
            fittedTime = nil
        }

        // Bit for bit, as the memo reads the tracker (`==` would take 0 for -0 and no NaN for
        // itself); equal entries then hash alike.
        static func == (a: Entry, b: Entry) -> Bool {
            a.contact == b.contact && a.strategy == b.strategy && a.tracker.reportsSameVelocities(as: b.tracker) && a.last == b.last
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(contact)
            hasher.combine(tracker)
            hasher.combine(last)
        }
    }

    /// What a repeat is told by: a sample's time, the bits of its position, and whether it
    /// began its contact.
    struct HandedSample: Sendable, Hashable {
        let time: Int64
        let x: UInt64, y: UInt64
        let began: Bool

        init(_ sample: InputSample) {
            time = sample.time
            x = sample.x.bitPattern
            y = sample.y.bitPattern
            began = sample.phase == .began
        }
    }

    /// The contacts followed; a handful at a time (the arena follows at most 32), so a scan.
    private(set) var entries: [Entry] = []

    /// The index of `contact`'s tracker of `strategy`. Read through the buffer: reading an
    /// entry's contact through the array copied the entry, tracker and all.
    func index(of contact: ContactKey, strategy: VelocityStrategy) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].contact == contact && entries[index].strategy == strategy {
                return index
            }
            return nil
        }
    }

    /// Hands `sample` (a contact sample) to its contact's tracker of `strategy` unless it was
    /// the last handed over; returns the tracker's index.
    mutating func take(_ sample: InputSample, strategy: VelocityStrategy) -> Int {
        let index: Int
        if let existing = self.index(of: sample.contact, strategy: strategy) {
            index = existing
        } else {
            entries.append(Entry(contact: sample.contact, strategy: strategy))
            index = entries.count - 1
        }
        entries.withUnsafeMutableBufferPointer { entries in
            entries[index].take(sample)
        }
        return index
    }

    /// The velocity of entry `index` at `time`, fitted through `basis` unless it was fitted
    /// at that time since its last sample; `fitted` is set when it fits.
    mutating func velocity(
        ofEntry index: Int, at time: Int64, basis: inout LeastSquaresBasis, fitted: inout Bool
    ) -> Velocity {
        if entries[index].fittedTime == time { return entries[index].fitted }
        let velocity = entries[index].tracker.velocityInPlace(at: time, reusing: &basis)
        entries[index].fittedTime = time
        entries[index].fitted = velocity
        fitted = true
        return velocity
    }

    /// The velocity fitted at `time` of a contact's tracker identical to `tracker`, if any.
    func fit(identicalTo tracker: VelocityTracker, at time: Int64) -> Velocity? {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices
            where entries[index].fittedTime == time && entries[index].tracker.reportsSameVelocities(as: tracker) {
                return entries[index].fitted
            }
            return nil
        }
    }

    /// Forgets `contact`'s tracker of `strategy` (its lift).
    mutating func remove(_ contact: ContactKey, strategy: VelocityStrategy) {
        if let index = index(of: contact, strategy: strategy) { entries.remove(at: index) }
    }

    mutating func removeAll() { entries.removeAll() }
}

extension VelocityTracker {
    /// ``velocity(at:reusing:)`` on a tracker reached in place: called on an element of the
    /// entries' array, the non-mutating method had the compiler copy the whole entry (tracker and
    /// all) around the call, since `basis` might have been part of it.
    fileprivate mutating func velocityInPlace(at time: Int64, reusing basis: inout LeastSquaresBasis) -> Velocity {
        velocity(at: time, reusing: &basis)
    }
}
