import TouchDynamics

/// The planar velocity of one contact at one sample, fitted once and read by every recognizer
/// that follows that contact with an identical tracker.
///
/// Both pause detectors follow each contact with a velocity tracker fed the same samples, and
/// each used to fit the same window on every touch sample: a third of `touchbench gestures`'
/// time. A ``GestureArena`` hands one memo to every recognizer that takes a sample (the home
/// scene does the same for its two detectors): the first detector fits and leaves its tracker
/// and the result here; the next, finding an identical tracker (same strategy, rules and
/// samples bit for bit, hence the same arithmetic), reads the result — bit for bit the number
/// its own fit gives.
///
/// The memo also keeps the factorisation of the last window fitted (a ``LeastSquaresBasis``):
/// the deceleration detector's speed, fitted at the same times as the planar velocity just
/// read, solves on it instead of factorising again (``axisVelocity(of:at:)``).
///
/// A memo may be kept from one sample to the next, so that its basis's storage is reused, but
/// ``finishSample()`` must end each sample: the memo holds a copy of the tracker, which would
/// make the next append copy the tracker's history if it were kept.
public struct VelocityMemo: Sendable {
    private var tracker: VelocityTracker?
    private var time: Int64 = 0
    private var velocity = Velocity.zero
    private var basis = LeastSquaresBasis()
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

    /// Ends the sample: forgets the tracker and its velocity (keeping the basis, whose reuse
    /// depends on the times alone).
    public mutating func finishSample() {
        // Tested first: storing nil over nil still ran the optional tracker's outlined destroy,
        // on every contact sample of a scene that reads no fit on most of them.
        // (A pattern, not `!= nil`, which compared the trackers' samples through Equatable.)
        if case .some = tracker { tracker = nil }
    }
}
