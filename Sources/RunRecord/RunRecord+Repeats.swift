/// The one rule for summarising repeated runs of one trace through one scene: each run
/// contributes the mean of each timing metric (CPU per frame: its median frame, and its p99
/// as `cpu_per_frame_p99_us`), and the record keeps the summary of those values (``MetricSummary/overRepeats(_:)``: median, spread and the values themselves), so
/// `compare` can judge the spread. `bench` feeds it its repeats round by round; a page
/// replay with `--repeat` through ``RunRecord/overRepeats(_:)``.
public struct RepeatedTimings: Sendable {
    /// Each timing metric's per-run values (means; CPU per frame: medians), in run order.
    public private(set) var means: [MetricName: [Double]] = [:]

    public init() {}

    /// Takes one run's timing metrics (an empty one contributes nothing).
    public mutating func add(_ run: RunRecord) {
        for (name, summary) in run.metrics where summary.kind == .timing {
            // CPU per frame: each repeat's median frame, not its mean. Frames last a few µs and
            // are timed on the monotonic clock (the thread's CPU clock is a system call that
            // costs more than a frame), so one frame preempted for a 4 ms time slice moved a
            // repeat's mean by several µs while its median stays put.
            let perRepeat = name == MetricName.cpuPerFrame ? summary.p50 : summary.mean
            if let value = perRepeat, !summary.isEmpty { means[name, default: []].append(value) }
            // The absolute CPU budget judges a frame's worst case, which a mean hides.
            if name == MetricName.cpuPerFrame, let p99 = summary.p99, !summary.isEmpty {
                means[MetricName.cpuPerFrameP99, default: []].append(p99)
            }
        }
    }

    /// Replaces each timing metric of `record` by its summary over the runs added (an
    /// empty timing summary when no run measured it).
    public func summarise(into record: inout RunRecord) {
        for (name, summary) in record.metrics where summary.kind == .timing {
            record.metrics[name] = MetricSummary.overRepeats(means[name] ?? [])
        }
        if let p99s = means[MetricName.cpuPerFrameP99] { record.metrics[MetricName.cpuPerFrameP99] = MetricSummary.overRepeats(p99s) }
    }
}

extension RunRecord {
    /// The record of `runs` of one trace through one scene repeated: the first run's record
    /// with every timing metric replaced by its summary over the runs (``RepeatedTimings``).
    /// `nil` for no runs.
    public static func overRepeats(_ runs: [RunRecord]) -> RunRecord? {
        guard var merged = runs.first else { return nil }
        var timings = RepeatedTimings()
        for run in runs { timings.add(run) }
        timings.summarise(into: &merged)
        return merged
    }
}
