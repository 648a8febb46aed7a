// Passes benchmark (issue 17): every pass over a realistic, marker-dense trace — decoding,
// `info`, `verify`, the lift velocities of `velocity`, replay through each reference scene on
// the virtual clock, and the `gestures` arena — on the mixed session (`touchbench synth
// mixed-session`, seed 17: up to five fingers at 240 Hz, a pencil at 120 Hz, scrolls, keys, a
// redirect or pause marker every few seconds) of a short and a long length, each beside
// `zstd -d` of the same trace as JSON Lines timed in the same run, with the per-sample cost of
// the long trace over the short one (1 h ÷ 10 min by default; 1.0 is linear). Times are CPU
// seconds (user + system) of this process and of `zstd`, medians of --repeat runs, so that
// other work on a shared machine distorts them less than wall time.
// Release build: `scripts/bench`, or
// `swift run -c release --package-path Benchmarks PassesBenchmark [--short 10 --long 60] [--scenes scroll,pip]`.
import BenchmarkKit
import Foundation
import TouchGestures
import TouchInput
import TouchReplay
import TouchTrace
import TraceFormats
import TraceSynthesis

let options = BenchmarkOptions(usage: "PassesBenchmark [--short MINUTES] [--long MINUTES] [--scenes a,b]",
                               values: ["short", "long", "scenes"])
let lengths = [options.number("short", default: 10), options.number("long", default: 60)]
let scenes = options.extra["scenes"].map { $0.split(separator: ",").map(String.init) } ?? SceneKind.names
let directory = Measure.temporaryDirectory("passes-bench")
defer { try? FileManager.default.removeItem(at: directory) }

/// Each pass, given the trace, returns how many samples it went through (every pass is timed
/// per sample of the whole trace).
var passes: [(name: String, run: (String) throws -> Int)] = [
    ("decode", { path in
        var count = 0
        var cursor = try TraceReader(path: path).makeCursor()
        try cursor.forEachBatch { batch in count += batch.count }
        return count
    }),
    // `info`, `verify` and `velocity` as the commands run them (the library calls behind them).
    ("info", { path in try TraceStatistics(reader: TraceReader(path: path)).sampleCount }),
    ("verify", { path in try TraceReader(path: path).verify().sampleCount }),
    ("velocity", { path in
        var tracker = LiftVelocityTracker(strategy: .lsq2)
        var count = 0, lifts = 0
        var cursor = try TraceReader(path: path).makeCursor()
        try cursor.forEachBatch { batch in
            for sample in batch where tracker.add(sample) != nil { lifts += 1 }
            count += batch.count
        }
        if lifts == 0 { BenchmarkOptions.fail("no lift in \(path)") }
        return count
    }),
    ("gestures", { path in
        let reader = try TraceReader(path: path)
        var arena = StandardArena(screen: Rect(screen: reader.metadata.screen))
        var events: [GestureEvent] = []
        var count = 0, recognized = 0
        var cursor = reader.makeCursor()
        try cursor.forEachBatch { batch in
            for sample in batch {
                arena.handle(sample, into: &events)
                recognized += events.count
                events.removeAll(keepingCapacity: true)
            }
            count += batch.count
        }
        recognized += arena.finish().count
        if recognized == 0 { BenchmarkOptions.fail("the arena recognized nothing in \(path)") }
        return count
    }),
]
for scene in scenes {
    passes.append(("replay \(scene)", { path in
        try Replayer.replay(reader: TraceReader(path: path), sceneNamed: scene, settings: ReplaySettings(), traceName: "mixed").samples
    }))
}

var rates: [String: [Double]] = [:]  // pass → samples/s per length
var report = Report(title: "Passes over the mixed session (\(lengths.map { "\(Int($0)) min" }.joined(separator: ", ")), seed 17), "
                    + "CPU time, release, one core, median of \(options.repeats); load \(Measure.loadAverage())", prefix: "passes: ")
for minutes in lengths {
    let session = MixedSession(seed: 17, duration: minutes * 60)
    let label = "\(Int(minutes)) min"
    let path = directory.appendingPathComponent("mixed-\(Int(minutes)).touchtrace").path
    let text = directory.appendingPathComponent("mixed-\(Int(minutes)).jsonl").path
    do {
        _ = try session.write(toFileAt: path)
        let sink = try TraceOutput.sink(writing: .jsonl, to: text, metadata: session.metadata)
        for sample in session { try sink.append(sample) }
        try sink.finishWriting()
    } catch { BenchmarkOptions.fail("cannot write the session: \(error)") }
    _ = CPUTime.seconds(running: "zstd", ["-q", "-f", "-3", "-T1", text, "-o", text + ".zst"])
    let samples = Double((try? TraceReader(path: path).sampleCount) ?? 0)
    // Interleaved repeats, zstd first, so a burst of load hits every pass alike.
    var times: [String: [Double]] = [:]
    for _ in 0..<options.repeats {
        times["zstd -d", default: []].append(CPUTime.seconds(running: "zstd", ["-q", "-d", "-c", text + ".zst"]))
        for pass in passes {
            var count = 0
            times[pass.name, default: []].append(CPUTime.seconds {
                do { count = try pass.run(path) } catch { BenchmarkOptions.fail("\(pass.name), \(label): \(error)") }
            })
            // A replay counts the input samples it fed, markers aside.
            if count == 0 || Double(count) > samples { BenchmarkOptions.fail("\(pass.name), \(label): \(count) of \(Int(samples)) samples") }
        }
    }
    let zstd = Measure.median(times["zstd -d"] ?? [])
    Measure.progress("\(label): \(Int(samples)) samples")
    report.add(Figure("zstd -d of the same JSON Lines, \(label)", unit: "samples/s", value: samples / zstd, biggerIsBetter: true))
    rates["zstd -d", default: []].append(samples / zstd)
    for pass in passes {
        let seconds = Measure.median(times[pass.name] ?? [])
        report.add(Figure("\(pass.name), \(label)", unit: "samples/s", value: samples / seconds, biggerIsBetter: true))
        report.add(Figure("\(pass.name) ÷ zstd -d, \(label)", unit: "×", value: zstd / seconds, biggerIsBetter: true))
        rates[pass.name, default: []].append(samples / seconds)
    }
    for file in [path, text, text + ".zst", text + ".metadata.json"] { try? FileManager.default.removeItem(atPath: file) }
}
if lengths.count == 2 {
    for name in ["zstd -d"] + passes.map(\.name) {
        guard let both = rates[name], both.count == 2 else { continue }
        report.add(Figure("\(name) per-sample cost, \(Int(lengths[1])) min ÷ \(Int(lengths[0])) min", unit: "×",
                          value: both[0] / both[1], biggerIsBetter: false))
    }
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }

