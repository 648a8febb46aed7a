// Gate noise benchmark (issue 14, "verdicts without false alarms"): `bench` on one build, run
// again and again back to back, compared pair by pair as CI would compare a pull request with
// main. Every failing pair is a false alarm (the code did not change). Also: the dashboard
// JSON (`--github-benchmark`) of consecutive runs, and how many of its elements a dashboard
// would alert on at 125 %.
// Each bench runs in a child process of this executable (`--bench-once OUT`), as a CI job's
// bench would: a fresh process, the bundled suite, default settings, `--repeat` rounds.
// Then a global slowdown: one more bench whose every frame really spends `--busy` more CPU
// (`--frame-cost busy:…`, default 20us: slower code, not load, so the calibration loop does
// not slow), compared with the last run under --timing-gate: it must fail.
// Release build: `swift build -c release --product GateNoiseBenchmark`, or `scripts/bench`.
import BenchmarkKit
import BenchReports
import Foundation
import RunRecord
import TouchReplay

let options = BenchmarkOptions(
    usage: "GateNoiseBenchmark [--runs N] [--busy DURATION] [--bench-once OUT] [--frame-cost PROFILE] [--keep DIR]",
    values: ["runs", "bench-once", "keep", "busy", "frame-cost"])

/// One `bench` of the bundled suite, as `touchbench bench --repeat R --json OUT` does it.
@MainActor func benchOnce(to path: String) {
    do {
        let manifest = URL(fileURLWithPath: options.tracesDirectory).appendingPathComponent("manifest.json").path
        let (suite, resolved) = try SuiteDiscovery.resolve(manifest)
        let frameCost = try options.extra["frame-cost"].map { text throws in try FrameCost(profile: text) } ?? FrameCost()
        let replayer = Replaying(frameCost: frameCost)
        let runner = BenchRunner(replayer: replayer, repeats: options.repeats, seriesFor: BenchRunner.defaultChartedRun(suite: suite))
        let environment = BenchEnvironment.current(repeats: options.repeats, settings: replayer.settings)
        let result = try runner.run(suite: suite, manifestPath: resolved, shard: nil, environment: environment)
        try Data(result.jsonText.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        BenchmarkOptions.fail("bench: \(error)")
    }
}

if let out = options.extra["bench-once"] {
    benchOnce(to: out)
    exit(0)
}

let runs = Int(options.number("runs", default: 20))
guard runs >= 3 else { BenchmarkOptions.fail("--runs needs at least 3") }
let directory = options.extra["keep"].map { URL(fileURLWithPath: $0) } ?? Measure.temporaryDirectory("gate-noise")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { if options.extra["keep"] == nil { try? FileManager.default.removeItem(at: directory) } }

let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
var results: [BenchResult] = []
let started = Date()
/// One bench in a fresh child process, read back.
@MainActor func benchInChild(_ name: String, extra: [String] = []) -> BenchResult {
    let path = directory.appendingPathComponent("\(name).json").path
    let child = Process()
    child.executableURL = executable
    child.arguments = ["--bench-once", path, "--repeat", String(options.repeats), "--traces-dir", options.tracesDirectory] + extra
    do { try child.run() } catch { BenchmarkOptions.fail("cannot start \(executable.path): \(error)") }
    child.waitUntilExit()
    guard child.terminationStatus == 0 else { BenchmarkOptions.fail("bench \(name) exited \(child.terminationStatus)") }
    do { return try BenchResult.load(from: path) } catch { BenchmarkOptions.fail("\(path): \(error)") }
}
for index in 1...runs {
    results.append(benchInChild("bench-\(index)"))
    Measure.progress("run \(index)/\(runs) done after \(Int(Date().timeIntervalSince(started))) s")
}
let busy = options.extra["busy"] ?? "20us"
let slowed = benchInChild("bench-busy", extra: ["--frame-cost", "busy:" + busy])

let thresholds: BenchThresholds
do { thresholds = try BenchThresholds.load(from: options.thresholdsPath) } catch { BenchmarkOptions.fail("\(error)") }

// Consecutive pairs, judged as `compare` judges them: by default, and with --timing-gate.
var falseAlarms = 0, gatedFalseAlarms = 0, advisoryRows = 0, pairsWithAdvisories = 0, countChanges = 0
var regressedNames: [String: Int] = [:]
for index in 1..<results.count {
    let comparison = BenchComparison(current: results[index], baseline: results[index - 1], thresholds: thresholds)
    let gated = BenchComparison(current: results[index], baseline: results[index - 1], thresholds: thresholds, timingGate: true)
    if comparison.verdict == .fail { falseAlarms += 1 }
    if gated.verdict == .fail { gatedFalseAlarms += 1 }
    advisoryRows += comparison.advisories.count
    if !comparison.advisories.isEmpty { pairsWithAdvisories += 1 }
    countChanges += comparison.rows.filter { $0.kind == .deterministic && $0.status != .unchanged && $0.status != .noBaseline }.count
    for row in gated.regressions { regressedNames[row.metric.rawValue, default: 0] += 1 }
    for check in gated.budgetFailures { regressedNames["budget " + check.budget.metric.rawValue, default: 0] += 1 }
}

func factor(_ value: Double) -> String { String(format: "%.2f", value) }

// The load factors the calibrations gave between consecutive runs.
let loadFactors = (1..<results.count).compactMap { index -> Double? in
    guard let now = results[index].calibration, let before = results[index - 1].calibration, now.isComparable(with: before) else { return nil }
    return now.median / before.median
}

// The global slowdown: every entry's CPU per frame grown by the busy work, the machine not.
let slowdown = BenchComparison(current: slowed, baseline: results[results.count - 1], thresholds: thresholds, timingGate: true)
let cpuRatios = slowed.entries.compactMap { entry -> Double? in
    guard let now = entry.metrics[MetricName.cpuPerFrame]?.p50, let before = results[results.count - 1][entry.key]?.metrics[MetricName.cpuPerFrame]?.p50,
          before > 0 else { return nil }
    return now / before
}.sorted()
let slowedEntries = Set(slowdown.regressions.map(\.key)).count

// The dashboard: alerts at 125 % going from each run to the next.
let dashboards = results.map(BenchmarkJSONReport.init(result:))
let alertsPerStep = (1..<dashboards.count).map { dashboards[$0].alerts(since: dashboards[$0 - 1]).count }
let firstThree = alertsPerStep.prefix(2).reduce(0, +)
let worstThree = (0..<(alertsPerStep.count - 1)).map { alertsPerStep[$0] + alertsPerStep[$0 + 1] }.max() ?? 0
let published = dashboards.map { $0.elements.filter { $0.extra.hasPrefix("timing") }.count }
let timingCandidates = results[0].entries.count * 2

let pairs = runs - 1
var report = Report(title: "Gate noise: bench ×\(runs) on one build (\(options.repeats) repeats each), consecutive pairs compared",
                    prefix: "gates: ")
report.add(Figure("false alarms, default settings", unit: "pairs", value: Double(falseAlarms), biggerIsBetter: false,
                  note: "of \(pairs) pairs exiting 1 (deterministic metrics and counts exact, timing advisory)"))
report.add(Figure("false alarms with --timing-gate", unit: "pairs", value: Double(gatedFalseAlarms), biggerIsBetter: false,
                  note: "of \(pairs) pairs" + (regressedNames.isEmpty ? "" : ": " + regressedNames.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))))
report.add(Figure("advisory timing changes", unit: "rows", value: Double(advisoryRows), biggerIsBetter: false,
                  note: "in \(pairsWithAdvisories) of \(pairs) pairs (warnings, exit 0)"))
report.add(Figure("deterministic changes", unit: "rows", value: Double(countChanges), biggerIsBetter: false,
                  note: "deterministic rows or counts not identical between runs of one build"))
report.add(Figure("dashboard alerts at 125 %, 3 consecutive runs", unit: "alerts", value: Double(firstThree), biggerIsBetter: false,
                  note: "runs 1→2→3; the worst 3 consecutive runs of \(runs): \(worstThree); every step: \(alertsPerStep.reduce(0, +)) in \(alertsPerStep.count)"))
report.add(Figure("timing figures published", unit: "elements", value: Double(published.min() ?? 0), biggerIsBetter: true,
                  note: "fewest in one run's dashboard JSON (most \(published.max() ?? 0)) of \(timingCandidates) candidates"))
report.add(Figure("machine load factor between runs", unit: "×", value: loadFactors.max() ?? 1, biggerIsBetter: false,
                  note: "largest calibration ratio of \(loadFactors.count) pairs (smallest ×\(factor(loadFactors.min() ?? 1)))"))
report.add(Figure("global slowdown caught (busy:\(busy))", unit: "entries", value: Double(slowedEntries), biggerIsBetter: true,
                  note: "of \(slowed.entries.count) regress under --timing-gate (verdict \(slowdown.verdict.rawValue), load ×\(factor(slowdown.loadFactor ?? 1))); "
                    + "cpu_per_frame_us ×\(factor(cpuRatios.first ?? 1))–×\(factor(cpuRatios.last ?? 1)), median ×\(factor(cpuRatios.isEmpty ? 1 : cpuRatios[cpuRatios.count / 2]))"))
report.add(Figure("wall time", unit: "s", value: Date().timeIntervalSince(started), biggerIsBetter: false,
                  note: "\(runs) benches, one after another"))
do { exit(try report.finish(options: options) == 0 ? 0 : 1) } catch { BenchmarkOptions.fail("\(error)") }
