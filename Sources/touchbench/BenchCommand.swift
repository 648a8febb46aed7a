import BenchReports
import Foundation
import TouchReplay
import TouchTrace

/// `touchbench bench`: a suite through its scenes, compared with a baseline, with CI reports.
enum BenchCommand {
    static let baseline = Option("baseline", "FILE", "A bench (or replay) result to compare with.")
    static let thresholds = Option("thresholds", "FILE", "Tolerances and budgets (default: Benchmarks/thresholds.json when found).")
    static let reportJSON = Option("json", "OUT", "Write the touchbench.bench/1 result.")
    static let reports = ReportOptions(
        json: reportJSON,
        markdown: Option("markdown", "OUT", "Write a Markdown summary for a CI job page (under 1 MiB)."),
        junit: Option("junit", "OUT", "Write JUnit XML: one test case per trace × scene × budget."),
        githubBenchmark: Option("github-benchmark", "OUT", "Write the customSmallerIsBetter JSON array for benchmark dashboards."),
        html: Option("html", "OUT", "Write a self-contained HTML report with charts."))
    static let chart = Option("chart", "TRACE[:SCENE]", "The run the HTML report charts over time (default: a reversal in scroll).")
    static let shard = Option("shard", "i/n|auto",
                              "Run only shard i of n (stable: by a hash of each trace's file name); auto reads i and n from the CI or cluster environment (docs/CI.md).") { (text) throws(UsageError) in
        if text == "auto" {
            do throws(ShardEnvironmentError) {
                let (shard, origin) = try BenchShard.fromEnvironment(ProcessInfo.processInfo.environment)
                // docs/CI.md: a fan-out job's log says where its shard came from.
                Console.error("touchbench bench: --shard auto: shard \(shard) from \(origin.rawValue)")
                return shard
            } catch {
                throw UsageError(message: error.reason)
            }
        }
        guard let shard = BenchShard(text) else { throw UsageError(message: "--shard must be i/n with 1 ≤ i ≤ n, or auto, not '\(text)'") }
        return shard
    }
    static let repeatCount = Option.integer("repeat", "N", "Timed runs per trace × scene for the timing metrics (default 5).", in: 1...1000)
    static let scenes = Option("scenes", "LIST", "Scenes for a folder without a manifest (comma-separated; default scroll).") { (text) throws(UsageError) in
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let unknown = SuiteDiscovery.unknownScenes(names)
        guard unknown.isEmpty else {
            throw UsageError(message: "--scenes names unknown scene(s) \(unknown.joined(separator: ", ")); the scenes are \(SceneKind.names.joined(separator: ", ")), or page:FILE|URL for a web page")
        }
        return names
    }

    static let command = Command(
        name: "bench",
        summary: "Replay a suite through its scenes, compare with a baseline and write CI reports.",
        usage: "[DIR|MANIFEST] [--baseline B] [--timing-gate] [--json OUT] [--markdown OUT] [--junit OUT] [--github-benchmark OUT] [--html OUT] [--shard i/n|auto] [--repeat N] [--set NAME=VALUE …] [--frame-cost PROFILE]",
        discussion: """
            Runs every trace of a suite (default: the bundled Traces/manifest.json; a folder
            means its manifest.json, or every .touchtrace in it through --scenes) through the
            scenes its manifest names (a scene 'page:FILE|URL' replays into that web page in
            headless Chromium, a file relative to the trace: docs/PAGES.md). Deterministic metrics come from one virtual-clock run;
            timing metrics (CPU per frame, replay throughput) from --repeat runs, reported as
            the median with the spread. With --baseline, every metric is compared (verdicts:
            docs/METRICS.md, "Tolerances and verdicts"); budgets in the thresholds file fail on
            their own; timing verdicts and budgets are advisory unless --timing-gate. Exit 0 clean, 1 on a regression or a critical budget (each named on
            standard error). '-' as OUT writes to standard output. CI recipes: docs/CI.md.
            """,
        options: [baseline, thresholds, ReportOptions.timingGate, reportJSON, reports.markdown, reports.junit, reports.githubBenchmark, reports.html,
                  chart, shard, repeatCount, scenes, ParameterOptions.set, ParameterOptions.frameCost],
        positionals: 0...1
    ) { arguments in
        let repeats = try arguments.value(repeatCount) ?? 5
        let chosenShard = try arguments.value(shard)
        let (suite, manifest) = try SuiteDiscovery.resolve(arguments.positionals.first, scenes: try arguments.value(scenes))
        try SuiteDiscovery.checkRunnable(suite, manifest: manifest, allowingPages: true)
        try SuiteDiscovery.checkPages(in: suite, manifest: manifest)
        let thresholdsPath = try arguments.value(thresholds)
        let limits = try SuiteDiscovery.thresholds(thresholdsPath, suite: suite, manifest: manifest)
        let baselinePath = try arguments.value(baseline)
        let frameCost = try ParameterOptions.frameCost(arguments)
        try reports.refuseUnsafe(arguments, inputs: SuiteDiscovery.inputFiles(of: suite, manifest: manifest, thresholds: thresholdsPath)
                                     + [baselinePath, frameCost.recordedFile].compactMap { $0 })
        let baselineResult = try baselinePath.map { path throws(BenchReportError) in try BenchResult.load(from: path) }
        var chartedRun = BenchRunner.defaultChartedRun(suite: suite)
        if let choice = try arguments.value(chart) {
            guard let key = SuiteDiscovery.run(named: choice, in: suite) else {
                throw UsageError(message: "--chart '\(choice)' names no run of \(manifest); give TRACE or TRACE:SCENE, a trace of the suite and a scene it runs in")
            }
            chartedRun = key
        }
        let parameters = try ParameterOptions.values(arguments, over: suite.parameters ?? [:], source: manifest,
                                                     scenes: suite.sceneNames)
        let replayer = Replaying(parameters: parameters, frameCost: frameCost)
        let started = ContinuousClock.now
        let bar = ProgressBar()
        let runner = BenchRunner(replayer: replayer, repeats: repeats, seriesFor: chartedRun) { done, total, what in
            bar.show(done: done, total: total, what: what)
        }
        let environment = BenchEnvironment.current(repeats: repeats, settings: replayer.settings)
        let result = try runner.run(suite: suite, manifestPath: manifest, shard: chosenShard, environment: environment)
        Console.endProgress()
        // A suite without a run was refused before the runs (checkRunnable); a shard the hash
        // leaves empty (more shards than a small suite fills) is not an error: its job writes
        // an empty result, which merge pools with the others.
        if result.entries.isEmpty, let chosenShard {
            Console.error("touchbench bench: shard \(chosenShard) of \(manifest) holds no trace (traces go to shards by a hash of their file names); its result is empty")
        }
        let comparison = BenchComparison(current: result, baseline: baselineResult, thresholds: limits, timingGate: arguments[ReportOptions.timingGate])
        let baselineName = baselinePath.map { URL(fileURLWithPath: $0).lastPathComponent }
        try reports.write(arguments, result: result, baseline: baselineResult, baselineName: baselineName,
                          comparison: comparison, chart: chartedRun)
        let elapsed = started.duration(to: .now)
        if !reports.writesToStandardOutput(arguments) {
            print(BenchSummary.table(result))
            print("\n\(result.entries.count) runs in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))); \(comparison.headline)")
        }
        return try BenchSummary.finish(comparison)
    }
}
