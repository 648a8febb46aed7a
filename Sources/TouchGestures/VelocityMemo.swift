import TouchDynamics
import TouchInput

/// The planar velocity of one contact at one sample, fitted once and read by every recognizer
/// that follows that contact.
///
/// Both pause detectors follow each contact's velocity on every touch sample. A
/// ``GestureArena`` hands one memo to every recognizer that takes a sample (the home scene
/// does the same for its two detectors), and the memo keeps one tracker per contact for them
/// (``velocity(following:strategy:)``): the first detector hands over the sample and fits, the
/// next reads that fit — bit for bit the number its own tracker's fit would give.
///
/// A recognizer that keeps a tracker of its own (a pan, which follows the centroid of its
/// fingers) reads through ``velocity(of:at:)``: the fit of an identical tracker (same strategy,
/// rules and samples bit for bit) at the same time is reused, whether it is a contact's kept
/// here or the last tracker asked.
///
/// The memo also keeps the factorisation of the last window fitted (a ``LeastSquaresBasis``):
/// the deceleration detector's speed, fitted at the same times as the planar velocity just
/// read, solves on it instead of factorising again (``axisVelocity(of:at:)``).
///
/// A memo is kept from one sample to the next (it holds the contacts' trackers). A caller of
/// ``velocity(of:at:)`` ends each sample with ``finishSample()``: the memo holds a copy of the
/// last tracker asked, which would make that tracker's next append copy its history.
public struct VelocityMemo: Sendable, Hashable {
    private var tracker: VelocityTracker?
    private var time: Int64 = 0
    private var velocity = Velocity.zero
    private var basis = LeastSquaresBasis()
    private var contacts = ContactVelocities()
    /// How many fits the memo computed (the requests it could not answer from the last one):
    /// tests check that the work per sample stays constant.
    public private(set) var fits = 0

    /// An empty memo.
    public init() {}

    /// How many windows were factorised, and how many least-squares fits solved (planar and
    /// single-axis), through the memo: tests count the work per sample with them.
    public var factorisations: Int { basis.factorisations }
    public var solutions: Int { basis.solutions }

    /// The velocity `tracker` reports at `time` (``VelocityTracker/velocity(at:)``), reused
    /// when the last request was for an identical tracker at the same time
    /// (``VelocityTracker/reportsSameVelocities(as:)``).
    public mutating func velocity(of tracker: VelocityTracker, at time: Int64) -> Velocity {
        if let last = self.tracker, self.time == time, last.reportsSameVelocities(as: tracker) { return velocity }
        if let fitted = contacts.fit(identicalTo: tracker, at: time) { return fitted }
        let fitted = tracker.velocity(at: time, reusing: &basis)
        self.tracker = tracker
        self.time = time
        velocity = fitted
        fits += 1
        return fitted
    }

    /// The velocity `tracker` reports at `time` (``AxisVelocityTracker/velocity(at:)``), bit for
    /// bit, solved on the factorisation of the last fit when its window had the same times.
    public mutating func axisVelocity(of tracker: AxisVelocityTracker, at time: Int64) -> Double {
        tracker.velocity(at: time, reusing: &basis)
    }

    /// The velocity at `sample`'s time of the contact `sample` belongs to (a contact sample),
    /// from the tracker of `strategy` the memo keeps for that contact: `sample` is appended to
    /// it unless it was the last sample handed over for the contact (another observer's), and a
    /// `.began` sample starts the contact afresh. Fitted once per sample however many observers
    /// ask, bit for bit what a tracker of their own fed the same samples would report.
    public mutating func velocity(following sample: InputSample, strategy: VelocityStrategy) -> Velocity {
        let index = contacts.take(sample, strategy: strategy)
        var fitted = false
        let velocity = contacts.velocity(ofEntry: index, at: sample.time, basis: &basis, fitted: &fitted)
        if fitted { fits += 1 }
        return velocity
    }

    /// The time of the newest sample of `contact`'s tracker of `strategy`, or `nil` when the
    /// memo follows no such contact.
    public func newestTime(ofContact contact: ContactKey, strategy: VelocityStrategy) -> Int64? {
        contacts.index(of: contact, strategy: strategy).flatMap { contacts.entries[$0].tracker.newestTime }
    }

    /// The velocity `contact`'s tracker of `strategy` reports at `time`, or `nil` when the
    /// memo follows no such contact: what an observer asks on a frame tick, between samples.
    public func velocity(ofContact contact: ContactKey, strategy: VelocityStrategy, at time: Int64) -> Velocity? {
        guard let index = contacts.index(of: contact, strategy: strategy) else { return nil }
        return contacts.entries[index].tracker.velocity(at: time)
    }

    /// Forgets `contact`'s tracker of `strategy`: the contact lifted.
    public mutating func endContact(_ contact: ContactKey, strategy: VelocityStrategy) {
        contacts.remove(contact, strategy: strategy)
    }

    /// How many contacts' trackers the memo keeps: tests check it stays at the contacts down.
    public var contactCount: Int { contacts.entries.count }

    /// Forgets every contact's tracker.
    public mutating func forgetContacts() { contacts.removeAll() }

    // Equal memos follow the same contacts with the same samples, so report the same
    // velocities; what they keep to save work (the last fit, the factorisation, the counts)
    // does not count.
    public static func == (a: VelocityMemo, b: VelocityMemo) -> Bool { a.contacts == b.contacts }
    public func hash(into hasher: inout Hasher) { hasher.combine(contacts) }

    /// Ends the sample: forgets the tracker and its velocity (keeping the basis, whose reuse
    /// depends on the times alone).
    public mutating func finishSample() {
        // Tested first: storing nil over nil still ran the optional tracker's outlined destroy,
        // on every contact sample of a scene that reads no fit on most of them.
        // (A pattern, not `!= nil`, which compared the trackers' samples through Equatable.)
        if case .some = tracker { tracker = nil }
    }
}
