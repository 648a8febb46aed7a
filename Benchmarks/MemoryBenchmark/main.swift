// Memory benchmark (issue 9, figure 4): peak resident memory (VmHWM) while replaying a
// synthesized session through every reference scene, at two lengths (default 10 and 60
// minutes) to show it is flat, against the process's floor (the same executable doing
// nothing) and against the alternative of decoding the whole trace into memory first.
// Each measurement runs in a fresh child process, so one peak never hides another.
// Release build: `swift build -c release --product MemoryBenchmark`, or `scripts/bench`.
import BenchmarkKit
import Foundation
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

// Child mode: `--child idle|stream|load FILE` does one thing and prints its peak.
let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--child" {
    let mode = arguments[2]
    do {
        switch mode {
        case "stream":
            let reader = try TraceReader(path: arguments[3])
            for scene in SceneKind.names {
                _ = try Replayer.replay(reader: reader, sceneNamed: scene, settings: ReplaySettings(), traceName: "memory")
            }
        case "load":
            let reader = try TraceReader(path: arguments[3])
            var cursor = reader.makeCursor()
            var samples: [InputSample] = []
            while let sample = try cursor.next() { samples.append(sample) }
            _ = try Replayer.replay(samples: samples, metadata: reader.metadata, sceneNamed: "scroll")
        default:
            break
        }
    } catch { BenchmarkOptions.fail("child \(mode): \(error)") }
    print(Measure.peakResidentMB())
    exit(0)
}

let options = BenchmarkOptions(usage: "MemoryBenchmark [--short MIN] [--long MIN]", values: ["short", "long"])
let shortMinutes = options.number("short", default: 10)
let longMinutes = options.number("long", default: 60)
let directory = Measure.temporaryDirectory("memory-bench")
defer { try? FileManager.default.removeItem(at: directory) }

func synthesize(minutes: Double) -> (path: String, samples: Int) {
    let path = directory.appendingPathComponent("session-\(Int(minutes))min.touchtrace").path
    do {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 4, rate: 240, sessionDuration: minutes * 60))
        try synthesizer.write(.session, toFileAt: path)
        return (path, try TraceReader(path: path).sampleCount)
    } catch { BenchmarkOptions.fail("cannot synthesize a \(minutes)-minute session: \(error)") }
}

/// Runs this executable as a child and returns the peak it reports, in MB.
func child(_ mode: String, _ path: String = "") -> Double {
    let (numbers, status) = Measure.child([mode, path])
    guard status == 0, numbers.count == 1 else { BenchmarkOptions.fail("child \(mode) failed with status \(status)") }
    return numbers[0]
}

let short = synthesize(minutes: shortMinutes)
let long = synthesize(minutes: longMinutes)
let floor = child("idle")
let streamShort = child("stream", short.path)
let streamLong = child("stream", long.path)
let loadLong = child("load", long.path)

var report = Report(
    title: String(format: "Memory benchmark: peak resident memory (VmHWM) of a child process replaying 240 Hz sessions through all %d scenes; load %@",
                  SceneKind.names.count, Measure.loadAverage()),
    prefix: "memory: ")
report.add(Figure("process floor (no replay)", unit: "MB", value: floor, biggerIsBetter: false))
report.add(Figure(String(format: "peak replaying %.0f min", shortMinutes), unit: "MB", value: streamShort, biggerIsBetter: false,
                  note: "\(short.samples) samples"))
report.add(Figure(String(format: "peak replaying %.0f min", longMinutes), unit: "MB", value: streamLong, biggerIsBetter: false,
                  note: String(format: "%d samples; %.2f× the %.0f-min peak for %.1f× the samples", long.samples,
                               streamLong / streamShort, shortMinutes, Double(long.samples) / Double(max(short.samples, 1)))))
report.add(Figure(String(format: "growth %.0f → %.0f min", shortMinutes, longMinutes), unit: "MB", value: streamLong - streamShort,
                  biggerIsBetter: false))
report.add(Figure(String(format: "decode all, then replay %.0f min (the alternative)", longMinutes), unit: "MB", value: loadLong,
                  biggerIsBetter: false, note: String(format: "%.1f× streaming", loadLong / streamLong)))
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
