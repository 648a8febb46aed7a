// Suite benchmark (issue 17, suites at scale): `touchbench bench` over synthesized suites of
// 100, 1 000 and 10 000 traces — what bench does, through BenchRunner with the CLI's replayer,
// its timed repeats and the result written as JSON — each size in a fresh child process, so
// its peak resident memory is its own. Reports traces per CPU second, the per-trace cost of the
// largest suite over the smallest's, and the peak memory with what each result kept adds.
// The traces cycle through the bundled manifest's recipes (scenes included) with a new seed
// each, so a suite of 10 000 looks like a real corpus, not one trace 10 000 times.
// Release build: `swift build -c release --product SuiteBenchmark`, or `scripts/bench`.
import BenchmarkKit
import BenchReports
import Foundation
import TouchTrace
import TraceSynthesis

// Child mode: `--child MANIFEST REPEATS OUT` benches the suite as `touchbench bench MANIFEST
// --repeat REPEATS --json OUT` would and prints "CPU-seconds wall-seconds entries peak-MB
// peak-MB-before-writing".
let arguments = CommandLine.arguments
if arguments.count >= 5, arguments[1] == "--child" {
    let manifest = arguments[2], output = arguments[4]
    guard let repeats = Int(arguments[3]) else { BenchmarkOptions.fail("child: the repeat count '\(arguments[3])' is not a number") }
    var entries = 0
    var peakBeforeWriting = 0.0
    let started = Measure.now()
    let cpu: Double
    do {
        cpu = try CPUTime.seconds {
            let (suite, manifestPath) = try SuiteDiscovery.resolve(manifest)
            let replayer = Replaying()
            let runner = BenchRunner(replayer: replayer, repeats: repeats, seriesFor: BenchRunner.defaultChartedRun(suite: suite))
            let result = try runner.run(suite: suite, manifestPath: manifestPath, shard: nil,
                                        environment: BenchEnvironment.current(repeats: repeats, settings: replayer.settings))
            peakBeforeWriting = Measure.peakResidentMB()
            try result.write(to: output)
            entries = result.entries.count
        }
    } catch { BenchmarkOptions.fail("child \(manifest): \(error)") }
    let wall = Double(Measure.now() - started) / 1e9
    print(cpu, wall, entries, Measure.peakResidentMB(), peakBeforeWriting)
    exit(0)
}

let options = BenchmarkOptions(usage: "SuiteBenchmark [--sizes 100,1000,10000] [--repeat N (bench's timed repeats, default 1)]",
                               values: ["sizes"])
let sizes = (options.extra["sizes"] ?? "100,1000,10000").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }.sorted()
guard let largest = sizes.last, let smallest = sizes.first else { BenchmarkOptions.fail("--sizes needs positive counts, such as 100,1000,10000") }
// Bench's own default is 5 timed repeats; one keeps a 10 000-trace run to minutes and costs
// the same per trace at every size, which is what is measured.
let repeats = arguments.contains("--repeat") ? options.repeats : 1
let directory = Measure.temporaryDirectory("suite-bench")
defer { try? FileManager.default.removeItem(at: directory) }

// The suite: the bundled recipes in turn, each trace with its own seed.
let bundled: TraceSuite
do { bundled = try TraceSuite.load(from: options.tracesDirectory + "/manifest.json") } catch { BenchmarkOptions.fail("\(error)") }
let recipes = bundled.traces.filter { ($0.recipe?["gesture"] ?? "session") != "session" }
guard !recipes.isEmpty else { BenchmarkOptions.fail("\(options.tracesDirectory)/manifest.json has no synthesized gesture to vary") }
var entries: [TraceSuite.Entry] = []
var samples = 0
for index in 0..<largest {
    let model = recipes[index % recipes.count]
    var recipe = model.recipe ?? [:]
    recipe["seed"] = String(1000 + index)
    let file = String(format: "trace-%05d.touchtrace", index)
    do {
        let made = try SynthesisRecipe(recipe)
        try GestureSynthesizer(options: made.options).write(made.gesture, toFileAt: directory.appendingPathComponent(file).path)
        samples += try TraceReader(path: directory.appendingPathComponent(file).path).sampleCount
    } catch { BenchmarkOptions.fail("cannot synthesize \(file) from \(recipe): \(error)") }
    entries.append(TraceSuite.Entry(file: file, scenes: model.scenes, recipe: recipe))
    if index % 1000 == 999 { Measure.progress("synthesized \(index + 1) of \(largest) traces") }
}

struct Measurement {
    var traces: Int
    var runs: Int
    var cpu: Double
    var wall: Double
    var peak: Double
    var peakBeforeWriting: Double
}

/// Benches the first `count` traces in a child process.
@MainActor
func measure(_ count: Int) -> Measurement {
    let manifest = directory.appendingPathComponent("suite-\(count).json").path
    do {
        try TraceSuite(traces: Array(entries.prefix(count))).jsonText.write(toFile: manifest, atomically: true, encoding: .utf8)
    } catch { BenchmarkOptions.fail("cannot write \(manifest): \(error)") }
    let (fields, status) = Measure.child([manifest, String(repeats), directory.appendingPathComponent("result-\(count).json").path])
    guard status == 0, fields.count == 5 else {
        BenchmarkOptions.fail("the child benching \(count) traces failed with status \(status)")
    }
    return Measurement(traces: count, runs: Int(fields[2]), cpu: fields[0], wall: fields[1], peak: fields[3], peakBeforeWriting: fields[4])
}

let floor = measure(min(smallest, 1))
var measured: [Measurement] = []
for size in sizes {
    Measure.progress("benching \(size) traces")
    measured.append(measure(size))
}

var report = Report(
    title: String(format: "Suite benchmark: bench over synthesized suites (the bundled recipes with new seeds, %d samples in the largest), %d timed repeat(s), a child process per size; load %@",
                  samples, repeats, Measure.loadAverage()),
    prefix: "suite: ")
for size in measured {
    report.add(Figure("\(size.traces) traces", unit: "traces/s", value: Double(size.traces) / size.cpu, biggerIsBetter: true,
                      note: String(format: "%d runs, %.2f s CPU, %.2f s wall, %.1f ms CPU per trace", size.runs, size.cpu, size.wall,
                                   size.cpu / Double(size.traces) * 1000)))
}
// The cost a trace adds, above the process's fixed cost (start-up, the machine's calibration):
// linear in the suite when it is the same for the largest suite as for the smallest.
func marginal(_ size: Measurement) -> Double { (size.cpu - floor.cpu) / Double(max(size.traces - floor.traces, 1)) }
if let first = measured.first, let last = measured.last, last.traces > first.traces, first.traces > floor.traces {
    report.add(Figure("per-trace cost, \(last.traces) ÷ \(first.traces) traces", unit: "×", value: marginal(last) / marginal(first),
                      biggerIsBetter: false,
                      note: String(format: "%.2f ms against %.2f ms CPU a trace above the %.2f s of a 1-trace suite, for %.0f× the traces",
                                   marginal(last) * 1000, marginal(first) * 1000, floor.cpu, Double(last.traces) / Double(first.traces))))
}
report.add(Figure("peak memory, 1 trace (the floor)", unit: "MB", value: floor.peak, biggerIsBetter: false))
for size in measured {
    report.add(Figure("peak memory, \(size.traces) traces", unit: "MB", value: size.peak, biggerIsBetter: false,
                      note: String(format: "%.1f kB above the floor per result entry kept (%d entries); %.1f MB before the JSON result is written",
                                   (size.peak - floor.peak) * 1024 / Double(max(size.runs, 1)), size.runs, size.peakBeforeWriting)))
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
