/// How a position is estimated at a time between or beyond the samples: to resample input
/// to the frame time, or to predict where the finger will be when the frame is shown.
///
/// Raw values are command-line names.
public enum PositionEstimator: String, CaseIterable, Sendable, Hashable, Codable {
    /// The newest sample at or before the time (no prediction): the baseline.
    case hold
    /// The line through two neighbouring samples: interpolation between them, or
    /// extrapolation from the last two.
    case linear
    /// The parabola through three neighbouring samples.
    case quadratic

    /// The number of samples the estimator's polynomial passes through.
    public var sampleCount: Int {
        switch self {
        case .hold: 1
        case .linear: 2
        case .quadratic: 3
        }
    }

    /// Estimates the position at `time` from `samples` (oldest first, strictly increasing
    /// times), or `nil` when there are none.
    ///
    /// The polynomial passes through the samples around `time`: the newest ones when it is
    /// after them, the first ones when before, and otherwise the two that bracket it plus,
    /// for `quadratic`, the one before. With too few samples the degree drops (a single
    /// sample is held).
    public func estimate(at time: Int64, from samples: ArraySlice<TimedPosition>) -> TimedPosition? {
        guard !samples.isEmpty else { return nil }
        let count = min(sampleCount, samples.count)
        let nodes: ArraySlice<TimedPosition>
        if self == .hold {
            let index = samples.lastIndex(where: { $0.time <= time }) ?? samples.startIndex
            nodes = samples[index...index]
        } else if let after = samples.firstIndex(where: { $0.time > time }) {
            // `after` is the first sample past `time`; end the nodes there.
            let end = max(after + 1, samples.startIndex + count)
            nodes = samples[(end - count)..<end]
        } else {
            nodes = samples.suffix(count)
        }
        return Self.interpolate(nodes, at: time)
    }

    /// The Lagrange polynomial through `nodes` evaluated at `time`.
    private static func interpolate(_ nodes: ArraySlice<TimedPosition>, at time: Int64) -> TimedPosition {
        // Offsets from `time` in seconds: Int64 differences are exact before conversion.
        let offsets = nodes.map { Double($0.time - time) * 1e-9 }
        var x = 0.0, y = 0.0
        for (i, node) in zip(offsets.indices, nodes) {
            var weight = 1.0
            for j in offsets.indices where j != i {
                weight *= -offsets[j] / (offsets[i] - offsets[j])
            }
            x += weight * node.x
            y += weight * node.y
        }
        return TimedPosition(time: time, x: x, y: y)
    }
}
