// Replay benchmark (issue 9, figure 2): virtual-clock throughput of a synthesized 240 Hz
// session through each reference scene, in samples/s and frames/s, measured in the same run
// as decoding the same file alone (what the pipeline costs over reading); CPU per frame p50/p99 against a 120 Hz frame's budget.
// Release build: `swift build -c release --product ReplayBenchmark`, or `scripts/bench`.
import BenchmarkKit
import Foundation
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

let options = BenchmarkOptions(
    usage: "ReplayBenchmark [--duration S] [--scenes a,b] [--trace FILE] [--write-trace FILE] [--profile SCENE]",
    values: ["duration", "scenes", "trace", "write-trace", "profile"])
let duration = options.number("duration", default: 900)
let scenes = options.extra["scenes"].map { $0.split(separator: ",").map(String.init) } ?? SceneKind.names
let frameBudgetUs = 1e6 / 120

let directory = Measure.temporaryDirectory("replay-bench")
defer { try? FileManager.default.removeItem(at: directory) }
// --trace FILE replays a given file (profiling without synthesis in the picture);
// --write-trace FILE only writes the synthesized session there.
let path = options.extra["trace"] ?? options.extra["write-trace"] ?? directory.appendingPathComponent("session.touchtrace").path
if options.extra["trace"] == nil {
    do {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 9, rate: 240, sessionDuration: duration))
        try synthesizer.write(.session, toFileAt: path)
    } catch {
        BenchmarkOptions.fail("cannot synthesize the session: \(error)")
    }
    if options.extra["write-trace"] != nil { exit(0) }
}

func open() -> TraceReader {
    do { return try TraceReader(path: path) } catch { BenchmarkOptions.fail("\(path): \(error)") }
}

// --profile SCENE: one replay of the file and nothing else, for callgrind.
if let scene = options.extra["profile"] {
    do {
        let result = try Replayer.replay(reader: open(), sceneNamed: scene)
        print("\(scene): \(result.samples) samples, \(result.frames) frames")
    } catch { BenchmarkOptions.fail("\(error)") }
    exit(0)
}

let reader = open()
let traceSeconds = Double((reader.endTime ?? 0) - (reader.startTime ?? 0)) / 1e9

var decodeTimes: [Double] = []
var replayTimes: [String: [Double]] = [:]
var results: [String: RunRecord] = [:]
var checksum = 0
// Interleaved repeats: decode, then every scene, so a burst
// of load from other processes hits all of them alike.
for _ in 0..<options.repeats {
    decodeTimes.append(Measure.seconds {
        do {
            var cursor = open().makeCursor()
            try cursor.forEachBatch { batch in for sample in batch { checksum &+= Int(sample.id) } }
        } catch { BenchmarkOptions.fail("\(path): \(error)") }
    })
    for scene in scenes {
        do {
            var result: RunRecord?
            replayTimes[scene, default: []].append(try Measure.seconds {
                result = try Replayer.replay(reader: open(), sceneNamed: scene, settings: ReplaySettings(), traceName: "session")
            })
            results[scene] = result
        } catch { BenchmarkOptions.fail("\(scene): \(error)") }
    }
}
if checksum == 42 { print("") }

let samples = Double(reader.sampleCount)
let decodeRate = samples / Measure.median(decodeTimes)
var report = Report(
    title: String(format: "Replay benchmark: %.0f s session at 240 Hz, %d samples, virtual clock, release, one core; median of %d; load %@",
                  traceSeconds, reader.sampleCount, options.repeats, Measure.loadAverage()),
    prefix: "replay: ")
report.add(Figure("decode alone", unit: "samples/s", value: decodeRate, biggerIsBetter: true))
for scene in scenes {
    guard let result = results[scene] else { continue }
    let seconds = Measure.median(replayTimes[scene] ?? [])
    let rate = Double(result.samples) / seconds
    let cpu = result[.cpuPerFrame]
    let cpuP50 = cpu.p50 ?? 0, cpuP99 = cpu.p99 ?? 0
    report.add(Figure("\(scene) throughput", unit: "samples/s", value: rate, biggerIsBetter: true,
                      note: String(format: "%.2f× decode alone (pipeline %.0f ns/sample over decode's %.0f); %.0f s of input per s",
                                   rate / decodeRate, 1e9 / rate - 1e9 / decodeRate, 1e9 / decodeRate, traceSeconds / seconds)))
    report.add(Figure("\(scene) frames", unit: "frames/s", value: Double(result.frames) / seconds, biggerIsBetter: true,
                      note: "\(result.frames) frames"))
    report.add(Figure("\(scene) cpu per frame p50", unit: "µs", value: cpuP50, biggerIsBetter: false,
                      note: String(format: "%.4f%% of the 8.33 ms budget", cpuP50 / frameBudgetUs * 100)))
    report.add(Figure("\(scene) cpu per frame p99", unit: "µs", value: cpuP99, biggerIsBetter: false,
                      note: String(format: "%.4f%% of the 8.33 ms budget", cpuP99 / frameBudgetUs * 100)))
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
