import BenchReports
import Foundation
import TouchReplay
import TouchTrace

extension Command {
    static let bench = Command(
        name: "bench",
        summary: "Replay a suite through its scenes, compare with a baseline and write CI reports.",
        usage: "[DIR|MANIFEST] [--baseline B] [--json OUT] [--markdown OUT] [--junit OUT] [--github-benchmark OUT] [--html OUT] [--shard i/n] [--repeat N]",
        discussion: """
            Runs every trace of a suite (default: the bundled Traces/manifest.json; a folder
            means its manifest.json, or every .touchtrace in it through --scenes) through the
            scenes its manifest names. Deterministic metrics come from one virtual-clock run;
            timing metrics (CPU per frame, replay throughput) from --repeat runs, reported as
            the median with the spread. With --baseline, every metric is compared (verdicts:
            docs/METRICS.md, "Tolerances and verdicts"); budgets in the thresholds file fail on
            their own. Exit 0 clean, 1 on a regression or a critical budget (each named on
            standard error). '-' as OUT writes to standard output. CI recipes: docs/CI.md.
            """,
        options: [
            .value("baseline", "FILE", "A bench (or replay) result to compare with."),
            .value("thresholds", "FILE", "Tolerances and budgets (default: Benchmarks/thresholds.json when found)."),
            .value("json", "OUT", "Write the touchbench.bench/1 result."),
            .value("markdown", "OUT", "Write a Markdown summary for a CI job page (under 1 MiB)."),
            .value("junit", "OUT", "Write JUnit XML: one test case per trace × scene × budget."),
            .value("github-benchmark", "OUT", "Write the customSmallerIsBetter JSON array for benchmark dashboards."),
            .value("html", "OUT", "Write a self-contained HTML report with charts."),
            .value("chart", "TRACE[:SCENE]", "The run the HTML report charts over time (default: a reversal in scroll)."),
            .value("shard", "i/n", "Run only shard i of n (stable: by a hash of each trace's file name)."),
            .value("repeat", "N", "Timed runs per trace × scene for the timing metrics (default 5)."),
            .value("scenes", "LIST", "Scenes for a folder without a manifest (comma-separated; default scroll)."),
        ],
        positionals: 0...1
    ) { arguments in
        let repeats = try arguments.integer("repeat", in: 1...1000) ?? 5
        var shard: BenchShard?
        if let text = arguments.value("shard") {
            guard let parsed = BenchShard(text) else { throw UsageError(message: "--shard must be i/n with 1 ≤ i ≤ n, not '\(text)'") }
            shard = parsed
        }
        let (suite, manifest) = try BenchSuites.resolve(arguments.positionals.first, scenes: arguments.value("scenes"))
        let unknown = Set(suite.traces.flatMap(\.scenes)).subtracting(SceneKind.names).sorted()
        guard unknown.isEmpty else {
            throw UsageError(message: "unknown scene(s) \(unknown.joined(separator: ", ")) in \(manifest); the scenes are \(SceneKind.names.joined(separator: ", "))")
        }
        let thresholds = try BenchSuites.thresholds(arguments.value("thresholds"), manifest: manifest)
        let baseline = try arguments.value("baseline").map { path throws(TraceFileError) in try BenchResult.load(from: path) }
        var chart = BenchRunner.defaultChartedRun(suite: suite)
        if let choice = arguments.value("chart") {
            let parts = choice.split(separator: ":", maxSplits: 1).map(String.init)
            let file = parts[0].hasSuffix(".touchtrace") ? parts[0] : parts[0] + ".touchtrace"
            guard let entry = suite.traces.first(where: { $0.file == file || $0.file == parts[0] }) else {
                throw UsageError(message: "--chart names '\(parts[0])', which is not in \(manifest)")
            }
            chart = EntryKey(trace: entry.file, scene: parts.count > 1 ? parts[1] : entry.scenes.first ?? SceneKind.scroll.name)
        }
        let replayer = Replaying()
        let runner = BenchRunner(replayer: replayer, repeats: repeats, seriesFor: chart) { done, total, what in
            Console.progress("bench \(done + 1 > total ? total : done + 1)/\(total) \(what)")
        }
        let environment = BenchEnvironment.current(repeats: repeats, settings: replayer.settings)
        let started = ContinuousClock.now
        let result = try runner.run(suite: suite, manifestPath: manifest, shard: shard, environment: environment)
        Console.endProgress()
        guard !result.entries.isEmpty else {
            throw CommandFailure(code: ExitCode.dataError, message: "touchbench bench: \(manifest)\(shard.map { " shard \($0)" } ?? "") has no trace to run")
        }
        let comparison = BenchComparison(current: result, baseline: baseline, thresholds: thresholds)
        let baselineName = arguments.value("baseline").map { URL(fileURLWithPath: $0).lastPathComponent }
        try BenchOutputs.write(arguments, result: result, baseline: baseline, baselineName: baselineName,
                               comparison: comparison, chart: chart)
        let elapsed = started.duration(to: .now)
        if !BenchOutputs.writesToStandardOutput(arguments) {
            print(BenchOutputs.summaryTable(result))
            print("\n\(result.entries.count) runs in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))); \(comparison.headline)")
        }
        return try BenchOutputs.finish(comparison)
    }
}
