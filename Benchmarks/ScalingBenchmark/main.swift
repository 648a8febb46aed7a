// Scaling benchmark (issue 9, figure 5): the corpus bench — every trace of
// Traces/manifest.json through each of its scenes on the virtual clock, as `touchbench bench`
// runs it — on one thread and on two (traces in parallel), in the same run, as a speed-up.
// Release build: `swift build -c release --product ScalingBenchmark`, or `scripts/bench`.
import BenchmarkKit
import Dispatch
import Foundation
import TouchReplay
import TouchTrace

let options = BenchmarkOptions(usage: "ScalingBenchmark [--rounds N] [--threads N]", values: ["rounds", "threads"])
let rounds = Int(options.number("rounds", default: 20))
let threads = Int(options.number("threads", default: 2))
let manifest = options.tracesDirectory + "/manifest.json"

struct Job: Sendable {
    var path: String
    var scenes: [String]
}

let jobs: [Job]
do {
    let suite = try TraceSuite.load(from: manifest)
    jobs = suite.traces.map { Job(path: TraceSuite.path(of: $0, manifestPath: manifest), scenes: $0.scenes) }
} catch { BenchmarkOptions.fail("\(error)") }

/// Replays one trace through its scenes; returns the samples replayed (a checksum that
/// the work happened).
@Sendable func run(_ job: Job) -> Int {
    do {
        let reader = try TraceReader(path: job.path)
        var samples = 0
        for scene in job.scenes {
            samples += try Replayer.replay(reader: reader, sceneNamed: scene, settings: ReplaySettings()).samples
        }
        return samples
    } catch { BenchmarkOptions.fail("\(job.path): \(error)") }
}

/// The corpus `rounds` times over, its traces shared among `workers` threads that each take
/// the next trace when done with one (as bench's parallel mode does).
func corpus(workers: Int) -> Int {
    let work = (0..<rounds).flatMap { _ in jobs }
    final class Shared: @unchecked Sendable {
        // Guarded by `lock`.
        var next = 0
        var samples = 0
        let lock = NSLock()
    }
    let shared = Shared()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            shared.lock.lock()
            let index = shared.next
            shared.next += 1
            shared.lock.unlock()
            guard index < work.count else { return }
            let samples = run(work[index])
            shared.lock.lock()
            shared.samples += samples
            shared.lock.unlock()
        }
    }
    return shared.samples
}

var serial: [Double] = []
var parallel: [Double] = []
var samples = 0
// Warm-up, then interleaved repeats so that load from elsewhere hits both alike.
_ = corpus(workers: 1)
for _ in 0..<options.repeats {
    serial.append(Measure.seconds { samples = corpus(workers: 1) })
    parallel.append(Measure.seconds { _ = corpus(workers: threads) })
}
let one = Measure.median(serial), many = Measure.median(parallel)
var report = Report(
    title: String(format: "Scaling benchmark: %d traces × their scenes, %d rounds (%d samples a pass), virtual clock; median of %d; %d cores online; load %@",
                  jobs.count, rounds, samples, options.repeats, ProcessInfo.processInfo.activeProcessorCount, Measure.loadAverage()),
    prefix: "scaling: ")
report.add(Figure("corpus on 1 thread", unit: "s", value: one, biggerIsBetter: false,
                  note: String(format: "%.2f M samples/s", Double(samples) / one / 1e6)))
report.add(Figure("corpus on \(threads) threads", unit: "s", value: many, biggerIsBetter: false,
                  note: String(format: "%.2f M samples/s", Double(samples) / many / 1e6)))
report.add(Figure("speed-up on \(threads) threads", unit: "×", value: one / many, biggerIsBetter: true,
                  note: String(format: "parallel efficiency %.0f%%", one / many / Double(threads) * 100)))
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
