/// A problem with the samples given to a ``MotionPath``, naming the sample.
public enum MotionPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sample earlier than the one before it.
    case outOfOrder(index: Int, time: Int64, previousTime: Int64)
    /// A sample whose coordinates are infinite or NaN.
    case nonFiniteCoordinate(index: Int)

    public var description: String {
        switch self {
        case .outOfOrder(let index, let time, let previousTime):
            "sample \(index) at \(time) ns comes before the previous sample at \(previousTime) ns"
        case .nonFiniteCoordinate(let index):
            "sample \(index) has a coordinate that is not a finite number"
        }
    }
}

/// The recorded path of one contact: time-ordered positions, used as the ground truth
/// against which resampling and prediction are measured.
///
/// Between samples the true position is taken to be the straight line joining them.
public struct MotionPath: Sendable, Hashable {
    /// The samples, oldest first, with strictly increasing times.
    public private(set) var samples: [TimedPosition] = []

    /// Creates an empty path.
    public init() {}

    /// Creates a path from time-ordered samples; a sample at the same time as the previous
    /// one replaces it, as in the velocity trackers.
    ///
    /// - Throws: ``MotionPathError`` naming the first sample out of order or not finite.
    public init(_ samples: some Sequence<TimedPosition>) throws(MotionPathError) {
        for (index, sample) in samples.enumerated() { try append(sample, index: index) }
    }

    /// Appends a sample; one at the newest sample's time replaces it.
    ///
    /// - Throws: ``MotionPathError`` when it is older than the newest sample or not finite
    ///   (the index it names is ``samples``' count); the path is then unchanged.
    public mutating func append(_ sample: TimedPosition) throws(MotionPathError) {
        try append(sample, index: samples.count)
    }

    private mutating func append(_ sample: TimedPosition, index: Int) throws(MotionPathError) {
        guard sample.x.isFinite, sample.y.isFinite else { throw .nonFiniteCoordinate(index: index) }
        if let newest = samples.last {
            if sample.time < newest.time {
                throw .outOfOrder(index: index, time: sample.time, previousTime: newest.time)
            }
            if sample.time == newest.time {
                samples[samples.count - 1] = sample
                return
            }
        }
        samples.append(sample)
    }

    /// The recorded position at `time`: exact at a sample, linearly interpolated between
    /// two, `nil` outside the recording.
    public func position(at time: Int64) -> TimedPosition? {
        guard let first = samples.first, let last = samples.last,
              time >= first.time, time <= last.time else { return nil }
        return PositionEstimator.linear.estimate(at: time, from: samples[...])
    }

    /// The samples known at `time`: those at or before it.
    public func samples(knownAt time: Int64) -> ArraySlice<TimedPosition> {
        let end = samples.firstIndex(where: { $0.time > time }) ?? samples.endIndex
        return samples[..<end]
    }
}
