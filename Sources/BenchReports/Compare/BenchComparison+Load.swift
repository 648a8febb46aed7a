import RunRecord
import TouchBenchSupport

/// Taking a change of the machine's load out of the timing verdicts: the factor comes from
/// the two runs' calibrations (``BenchCalibration``), never from the metrics under test, so
/// slower code that slows every entry alike is still caught.
extension BenchComparison {
    /// The largest factor by which the machine's speed may differ between two runs and still be
    /// taken out of their timings (measured: a loaded 2-core runner slowed one run of a
    /// back-to-back series by up to 2.8×). Beyond it the runs are not comparable at all.
    public static let maximumLoadFactor = 3.0

    /// What the calibrations say about the machine between the two runs.
    enum LoadFactor {
        /// No correction: a result without a calibration (or of another workload).
        case uncorrected(reason: String?)
        /// The current run's calibration median ÷ the baseline's, within ``maximumLoadFactor``.
        case factor(Double)
        /// Beyond ``maximumLoadFactor``: timing metrics are not compared.
        case beyondLimit(Double)

        /// The factor applied, if any.
        var factor: Double? {
            if case .factor(let value) = self { return value }
            return nil
        }

        /// What `compare` tells the reader about it.
        var warning: String? {
            switch self {
            case .uncorrected(let reason): return reason
            case .factor(let value):
                guard abs(value - 1) >= 0.1 else { return nil }
                return "The machine ran ×\(Format.number(value)) \(value > 1 ? "slower" : "faster") than for the baseline (its calibration loop's CPU time): "
                    + "a timing change no larger than that is taken for load and not flagged."
            case .beyondLimit(let value):
                return "The machine ran ×\(Format.number(value)) \(value > 1 ? "slower" : "faster") than for the baseline (its calibration loop's CPU time), "
                    + "beyond the ×\(Format.number(BenchComparison.maximumLoadFactor)) that can be taken out: timing metrics are not compared."
            }
        }
    }

    /// The load factor between `baseline` and `current` from their calibrations.
    static func loadFactor(current: BenchResult, baseline: BenchResult) -> LoadFactor {
        guard let now = current.calibration, let before = baseline.calibration else {
            let which = current.calibration == nil && baseline.calibration == nil ? "Neither result has"
                : baseline.calibration == nil ? "The baseline has" : "This run has"
            // Only worth saying when there are repeats to judge.
            guard current.environment.repeats > 0 else { return .uncorrected(reason: nil) }
            return .uncorrected(reason: "\(which) no calibration of the machine's speed (written before touchbench recorded one): "
                + "timing metrics are judged as measured, with no allowance for a change of load between the runs.")
        }
        guard now.isComparable(with: before) else {
            return .uncorrected(reason: "The calibrations differ in workload ('\(before.work)' vs '\(now.work)'): "
                + "timing metrics are judged as measured, with no allowance for a change of load between the runs.")
        }
        let ratio = now.median / before.median
        guard ratio <= maximumLoadFactor, ratio >= 1 / maximumLoadFactor else { return .beyondLimit(ratio) }
        return .factor(ratio)
    }

    /// How the machine's load factor moves `metric`: CPU and wall times scale with it, a rate
    /// (replay throughput) with its inverse; any other timing metric (frame-interval jitter,
    /// delivery error: errors of pacing, not durations of work) is left as measured.
    public static func loadScale(of metric: MetricName, factor: Double) -> Double {
        switch metric {
        case .cpuPerFrame, .cpuPerFrameP99, .pageRunWall: factor
        case .replayThroughput: 1 / factor
        default: 1
        }
    }
}
