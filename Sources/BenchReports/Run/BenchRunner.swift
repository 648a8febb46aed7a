import RunRecord
import TouchReplay
import TouchTrace

/// Runs a suite (or one shard of it) into a ``BenchResult``: for every trace × scene, one
/// virtual-clock run gives the deterministic metrics (and the series, for the charted run),
/// then ``repeats`` further runs give each timing metric as the median of its per-run means
/// with the spread, plus the replay throughput (a page run: its wall-clock duration), and a
/// ``BenchCalibration`` timed among the repeats.
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
        return all.first { $0.scene == SceneKind.scroll.name && $0.trace.contains("reversal") } ?? all.first
    }

    /// Runs the plan; `environment` describes the machine and settings.
    ///
    /// The timed repeats run in rounds over the whole plan rather than back to back, so a
    /// burst of load on the machine spreads over every entry instead of landing on all the
    /// repeats of one (which would make noise look significant).
    public func run(suite: TraceSuite, manifestPath: String, shard: BenchShard?,
                    environment: BenchEnvironment) throws -> BenchResult {
        // A dictionary, not a search per run: a search made a 10 000-trace suite quadratic.
        var byFile: [String: TraceSuite.Entry] = [:]
        for entry in suite.traces where byFile[entry.file] == nil { byFile[entry.file] = entry }
        let plan = Self.plan(suite: suite, shard: shard).compactMap { key -> (EntryKey, String)? in
            guard let suiteEntry = byFile[key.trace] else { return nil }
            return (key, TraceSuite.path(of: suiteEntry, manifestPath: manifestPath))
        }
        let total = plan.count * (repeats + 1)
        var entries: [RunRecord] = []
        for (index, (key, path)) in plan.enumerated() {
            progress?(index, total, key.description)
            entries.append(try deterministicRun(path: path, key: key))
        }
        var timings = [Timings](repeating: Timings(), count: plan.count)
        // The machine's speed, measured among the repeats so that it sees the load they saw.
        var calibration = BenchCalibration()
        let calibrateEvery = Self.calibrationInterval(planCount: plan.count)
        for round in 0..<repeats {
            for (index, (key, path)) in plan.enumerated() {
                if index % calibrateEvery == 0 { calibration.measure() }
                progress?(plan.count * (round + 1) + index, total, "\(key) (repeat \(round + 1)/\(repeats))")
                try timings[index].add(replayer.replay(path: path, scene: key.scene, withSeries: false))
            }
        }
        if !plan.isEmpty { calibration.measure() }
        progress?(total, total, "done")
        for index in entries.indices { timings[index].summarise(into: &entries[index]) }
        return BenchResult(entries: entries, environment: environment, shard: shard,
                           calibration: calibration.samples.isEmpty ? nil : calibration)
    }

    /// How many timed replays apart the calibration runs: about eight per round (one before
    /// every replay of a small suite), so a suite of any size spends a few tens of
    /// milliseconds per round on it.
    static func calibrationInterval(planCount: Int) -> Int {
        max(1, planCount / 8)
    }

    /// One trace × scene: the deterministic run, then the timed repeats.
    public func measure(path: String, key: EntryKey) throws -> RunRecord {
        var entry = try deterministicRun(path: path, key: key)
        var timings = Timings()
        for _ in 0..<repeats {
            try timings.add(replayer.replay(path: path, scene: key.scene, withSeries: false))
        }
        timings.summarise(into: &entry)
        return entry
    }

    private func deterministicRun(path: String, key: EntryKey) throws -> RunRecord {
        var entry = try replayer.replay(path: path, scene: key.scene, withSeries: key == seriesFor).entry
        // Results name traces as the suite does, so they compare across checkouts.
        entry.trace = key.trace
        entry.scene = key.scene
        return entry
    }
}

/// The timing values of one trace × scene, one per repeat: the repeats' one rule
/// (``RepeatedTimings``) and what only a bench run measures: the throughput of a replay
/// timed in CPU seconds, or the wall-clock duration of a page run.
private struct Timings {
    var repeats = RepeatedTimings()
    var throughput: [Double] = []
    var wallMilliseconds: [Double] = []

    mutating func add(_ outcome: ReplayOutcome) {
        repeats.add(outcome.entry)
        guard outcome.elapsedSeconds > 0 else { return }
        switch outcome.clock {
        case .threadCPU: throughput.append(Double(outcome.entry.samples) / outcome.elapsedSeconds)
        case .wall: wallMilliseconds.append(outcome.elapsedSeconds * 1e3)
        }
    }

    /// Replaces each timing metric of `entry` by its summary over the repeats.
    func summarise(into entry: inout RunRecord) {
        repeats.summarise(into: &entry)
        if wallMilliseconds.isEmpty {
            entry.metrics[MetricName.replayThroughput] = MetricSummary.overRepeats(throughput)
        } else {
            entry.metrics[MetricName.pageRunWall] = MetricSummary.overRepeats(wallMilliseconds)
        }
    }
}
