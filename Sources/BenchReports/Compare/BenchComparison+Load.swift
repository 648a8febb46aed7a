import RunRecord
import TouchBenchSupport

/// Taking a change of the machine's load out of the timing verdicts: the factor comes from
/// the two runs' calibrations (``BenchCalibration``), never from the metrics under test, so
/// slower code that slows every entry alike is still caught.
extension BenchComparison {
    /// The largest factor by which the machine's speed may differ between two runs and still be
    /// taken out of their timings (measured: a loaded 2-core runner slowed one run of a
    /// back-to-back series by up to 2.8×). Beyond it only this much is excused: a change of
    /// the code far larger than any load (4 ms of CPU per frame where there was 1 µs) must
    /// not pass because the calibrations of the two runs happened to catch different loads.
    public static let maximumLoadFactor = 3.0

    /// What the calibrations say about the machine between the two runs.
    enum LoadFactor {
        /// No correction: a result without a calibration (or of another workload).
        case uncorrected(reason: String?)
        /// The current run's calibration median ÷ the baseline's, within ``maximumLoadFactor``.
        case factor(Double)
        /// Beyond ``maximumLoadFactor``: only that much is excused.
        case beyondLimit(Double)

        /// The factor applied, if any.
        var factor: Double? {
            switch self {
            case .factor(let value): value
            case .beyondLimit(let value): value > 1 ? BenchComparison.maximumLoadFactor : 1 / BenchComparison.maximumLoadFactor
            case .uncorrected: nil
            }
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
                    + "beyond the ×\(Format.number(BenchComparison.maximumLoadFactor)) that can be taken out: only ×\(Format.number(BenchComparison.maximumLoadFactor)) "
                    + "is excused, so a timing change larger than that is still flagged (rerun on a quieter machine if it is load)."
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

    /// How the machine's load factor moves `metric`: CPU times scale with it, a rate (replay
    /// throughput) with its inverse; any other timing metric is left as measured — errors of
    /// pacing (frame-interval jitter, delivery error), and a page run's wall time, which is
    /// mostly the browser's processes and real-time waits that this thread's CPU loop does
    /// not measure.
    public static func loadScale(of metric: MetricName, factor: Double) -> Double {
        switch metric {
        case .cpuPerFrame, .cpuPerFrameP99: factor
        case .replayThroughput: 1 / factor
        default: 1
        }
    }
}
