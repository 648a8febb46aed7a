import TouchTrace

/// Runs a suite (or one shard of it) into a ``BenchResult``: for every trace × scene, one
/// virtual-clock run gives the deterministic metrics (and the series, for the charted run),
/// then ``repeats`` further runs give each timing metric as the median of its per-run means
/// with the spread, plus the replay throughput.
public struct BenchRunner: Sendable {
    public var replayer: any TraceReplaying
    /// Timed runs per trace × scene (at least 1).
    public var repeats: Int
    /// The run to record per-frame series for (the HTML report's chart), by trace file and scene.
    public var seriesFor: EntryKey?
    /// Called before each trace × scene with (done, total, what).
    public var progress: (@Sendable (Int, Int, String) -> Void)?

    public init(replayer: any TraceReplaying, repeats: Int = 5, seriesFor: EntryKey? = nil,
                progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
        self.replayer = replayer
        self.repeats = max(1, repeats)
        self.seriesFor = seriesFor
        self.progress = progress
    }

    /// The trace × scene pairs of `suite` in `shard` (all of them without one), in suite order.
    public static func plan(suite: TraceSuite, shard: BenchShard?) -> [EntryKey] {
        suite.traces.filter { shard?.contains(trace: $0.file) ?? true }
            .flatMap { entry in entry.scenes.map { EntryKey(trace: entry.file, scene: $0) } }
    }

    /// The run charted over time when nobody chose one: the first with a ground-truth
    /// redirection in a scrolling scene, else the first of the suite. Chosen from the whole
    /// suite, not the shard, so every shard agrees and merging reproduces the full run.
    public static func defaultChartedRun(suite: TraceSuite) -> EntryKey? {
        let all = plan(suite: suite, shard: nil)
        return all.first { $0.scene == "scroll" && $0.trace.contains("reversal") } ?? all.first
    }

    /// Runs the plan; `environment` describes the machine and settings.
    public func run(suite: TraceSuite, manifestPath: String, shard: BenchShard?,
                    environment: BenchEnvironment) throws -> BenchResult {
        let plan = Self.plan(suite: suite, shard: shard)
        var entries: [RunEntry] = []
        for (index, key) in plan.enumerated() {
            progress?(index, plan.count, key.description)
            guard let suiteEntry = suite.traces.first(where: { $0.file == key.trace }) else { continue }
            let path = TraceSuite.path(of: suiteEntry, manifestPath: manifestPath)
            entries.append(try measure(path: path, key: key))
        }
        progress?(plan.count, plan.count, "done")
        return BenchResult(entries: entries, environment: environment, shard: shard)
    }

    /// One trace × scene: the deterministic run, then the timed repeats.
    public func measure(path: String, key: EntryKey) throws -> RunEntry {
        let first = try replayer.replay(path: path, scene: key.scene, withSeries: key == seriesFor)
        var entry = first.entry
        // Results name traces as the suite does, so they compare across checkouts.
        entry.trace = key.trace
        entry.scene = key.scene
        var perRun: [String: [Double]] = [:]
        var throughput: [Double] = []
        for _ in 0..<repeats {
            let outcome = try replayer.replay(path: path, scene: key.scene, withSeries: false)
            for (name, summary) in outcome.entry.metrics where summary.kind == .timing {
                if let mean = summary.mean, !summary.isEmpty { perRun[name, default: []].append(mean) }
            }
            if outcome.elapsedSeconds > 0 {
                throughput.append(Double(outcome.entry.samples) / outcome.elapsedSeconds)
            }
        }
        for (name, summary) in entry.metrics where summary.kind == .timing {
            entry.metrics[name] = perRun[name].map(MetricStatistics.overRepeats)
                ?? MetricStatistics(kind: .timing, count: 0, repeats: [])
        }
        entry.metrics[MetricCatalog.throughput] = MetricStatistics.overRepeats(throughput)
        return entry
    }
}
