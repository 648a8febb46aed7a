/// How far estimated positions were from the recorded ones.
public struct PredictionErrorSummary: Sendable, Hashable, Codable {
    /// The number of frames evaluated.
    public var count: Int
    /// The mean distance, in points (0 when nothing was evaluated).
    public var mean: Double
    /// The root-mean-square distance, in points.
    public var rootMeanSquare: Double
    /// The largest distance, in points.
    public var maximum: Double
    /// The distance for each evaluated frame, in the order of the frame times.
    public var errors: [Double]

    /// Summarizes individual distances.
    public init(errors: [Double]) {
        self.errors = errors
        count = errors.count
        maximum = errors.max() ?? 0
        guard !errors.isEmpty else {
            mean = 0
            rootMeanSquare = 0
            return
        }
        mean = errors.reduce(0, +) / Double(errors.count)
        rootMeanSquare = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
    }
}

extension MotionPath {
    /// Measures an estimator as a renderer would use it: at each frame time, from the
    /// samples known by then, estimate the position `horizon` nanoseconds later and compare
    /// it with the recorded position there.
    ///
    /// A positive horizon is prediction (say, the display's presentation delay); zero
    /// resamples to the frame time; a negative one resamples in the past, as Android does
    /// five milliseconds before the frame. Frames with no known sample yet, or whose target
    /// time falls outside the recording, are left out.
    public func predictionErrors(
        frameTimes: some Sequence<Int64>, horizon: Int64, estimator: PositionEstimator
    ) -> PredictionErrorSummary {
        var errors: [Double] = []
        for frameTime in frameTimes {
            let (target, overflow) = frameTime.addingReportingOverflow(horizon)
            guard !overflow, let truth = position(at: target),
                  let estimate = estimator.estimate(at: target, from: samples(knownAt: frameTime))
            else { continue }
            errors.append(estimate.distance(to: truth))
        }
        return PredictionErrorSummary(errors: errors)
    }
}
