// Pacing benchmark (issue 9, figure 3): a 20 s trace paced at rate 1 by TouchReplay's
// absolute-deadline WallClock and by a relative-sleep loop (sleep for each gap between
// samples, as evemu-play and RERAN do), in the same run: end-of-run drift and p50/p99
// delivery error of both. Then the whole pipeline (Replayer at rate 1 through `scroll`),
// whose delivery_error_ms must stay as tight as the bare clock's.
// Release build: `swift build -c release --product PacingBenchmark`, or `scripts/bench`.
import BenchmarkKit
import Foundation
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

let options = BenchmarkOptions(usage: "PacingBenchmark [--duration S] [--no-pipeline]", flags: ["no-pipeline"], values: ["duration"])
let duration = options.number("duration", default: 20)

let directory = Measure.temporaryDirectory("pacing-bench")
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("pacing.touchtrace").path
var times: [Int64] = []
do {
    // A session at 240 Hz: gestures with their real gaps between them.
    let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 3, rate: 240, sessionDuration: max(1, duration)))
    try synthesizer.write(.session, toFileAt: path)
    var cursor = try TraceReader(path: path).makeCursor()
    while let sample = try cursor.next() { if sample.kind != .marker { times.append(sample.time) } }
} catch { BenchmarkOptions.fail("cannot synthesize the trace: \(error)") }
guard let first = times.first, let last = times.last else { BenchmarkOptions.fail("the synthesized trace is empty") }

func monotonic() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// What one pacing strategy achieved: every sample's delivery error (actual − scheduled,
/// real nanoseconds, scheduled from the moment of the first sample) and the last one's.
struct Pacing {
    var errors: [Double] = []
    var drift: Double { errors.last ?? 0 }
}

/// TouchReplay's WallClock: each sample waits for its absolute deadline.
func absoluteDeadlines(_ times: [Int64]) -> Pacing {
    guard let first = times.first else { return Pacing() }
    guard var clock = WallClock(rate: 1) else { BenchmarkOptions.fail("WallClock(rate: 1) refused") }
    var pacing = Pacing()
    pacing.errors.reserveCapacity(times.count)
    var origin: Int64 = 0
    for (index, time) in times.enumerated() {
        _ = clock.wait(until: time)
        // Measured the same way as the baseline, not from the clock's own answer:
        // now − (the first sample's instant + the trace offset).
        let now = monotonic()
        if index == 0 { origin = now }
        pacing.errors.append(Double(now - (origin + (time - first))))
    }
    return pacing
}

/// The baseline: sleep for the gap since the previous sample, whatever time the loop
/// itself took (usleep between events, as evemu-play and RERAN replay).
func relativeSleeps(_ times: [Int64]) -> Pacing {
    guard let first = times.first else { return Pacing() }
    var pacing = Pacing()
    pacing.errors.reserveCapacity(times.count)
    let origin = monotonic()
    var previous = first
    for time in times {
        let gap = time - previous
        if gap > 0 {
            var request = timespec(tv_sec: Int(gap / 1_000_000_000), tv_nsec: Int(gap % 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        }
        previous = time
        pacing.errors.append(Double(monotonic() - (origin + (time - first))))
    }
    return pacing
}

// One after the other in the same process (each needs the whole trace duration).
let ours = absoluteDeadlines(times)
let baseline = relativeSleeps(times)

var report = Report(
    title: String(format: "Pacing benchmark: %.1f s trace (%d samples, 240 Hz session) at rate 1, release; load %@",
                  Double(last - first) / 1e9, times.count, Measure.loadAverage()),
    prefix: "pacing: ")
func ms(_ nanoseconds: Double) -> Double { nanoseconds / 1e6 }
report.add(Figure("absolute deadlines drift", unit: "ms", value: ms(ours.drift), biggerIsBetter: false,
                  note: "error of the last sample"))
report.add(Figure("absolute deadlines delivery error p50", unit: "ms", value: ms(Measure.median(ours.errors)), biggerIsBetter: false))
report.add(Figure("absolute deadlines delivery error p99", unit: "ms", value: ms(Measure.summary(ours.errors).p99 ?? .nan), biggerIsBetter: false))
report.add(Figure("relative sleeps drift", unit: "ms", value: ms(baseline.drift), biggerIsBetter: false,
                  note: String(format: "ours: %.1f µs", ours.drift / 1e3)))
report.add(Figure("relative sleeps delivery error p50", unit: "ms", value: ms(Measure.median(baseline.errors)), biggerIsBetter: false))
report.add(Figure("relative sleeps delivery error p99", unit: "ms", value: ms(Measure.summary(baseline.errors).p99 ?? .nan), biggerIsBetter: false))

if options.extra["no-pipeline"] == nil {
    do {
        let settings = ReplaySettings(mode: .wallClock(rate: 1), tail: 0)
        let result = try Replayer.replay(reader: TraceReader(path: path), sceneNamed: "scroll", settings: settings, traceName: "pacing")
        let delivery = result[.deliveryError]
        report.add(Figure("replay pipeline delivery error p50", unit: "ms", value: delivery.p50 ?? 0, biggerIsBetter: false,
                          note: "Replayer, wall clock at rate 1, scroll"))
        report.add(Figure("replay pipeline delivery error p99", unit: "ms", value: delivery.p99 ?? 0, biggerIsBetter: false))
        report.add(Figure("replay pipeline delivery error max", unit: "ms", value: delivery.max ?? 0, biggerIsBetter: false))
    } catch { BenchmarkOptions.fail("replay at rate 1 failed: \(error)") }
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
