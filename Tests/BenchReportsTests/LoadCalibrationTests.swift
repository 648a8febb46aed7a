import BenchReports
import RunRecord
import Testing

/// Issue 14, the machine's load between two bench runs: measured by a calibration loop each
/// run records, never derived from the metrics under test, so a load change is excused and
/// slower code that slows every entry alike is still a regression.
@Suite("Load calibration")
struct LoadCalibrationTests {
    static let cpuRepeats: [Double] = [40, 41, 39, 40.5, 40.2]
    static let throughputRepeats: [Double] = [150_000, 151_000, 149_000, 150_500, 150_200]

    /// The fixture's eight entries with CPU and throughput repeats, and the same run with every
    /// entry `slowdown`× slower (CPU × it, throughput ÷ it) on a machine whose calibration
    /// loop took `load`× as long.
    static func pair(slowdown: Double, load: Double) -> (baseline: BenchResult, current: BenchResult) {
        var baseline = Fixtures.result(), current = Fixtures.result()
        for entry in baseline.entries {
            var before = entry, after = entry
            before.metrics[MetricName.cpuPerFrame] = Fixtures.cpu(cpuRepeats)
            before.metrics[MetricName.replayThroughput] = .overRepeats(throughputRepeats)
            after.metrics[MetricName.cpuPerFrame] = Fixtures.cpu(cpuRepeats.map { $0 * slowdown })
            after.metrics[MetricName.replayThroughput] = .overRepeats(throughputRepeats.map { $0 / slowdown })
            baseline.insert(before)
            current.insert(after)
        }
        current.calibration = Fixtures.calibration(load)
        return (baseline, current)
    }

    @Test("every entry 1.8× slower on a machine as fast as before: a regression of each, named")
    func aGlobalSlowdownIsCaught() throws {
        let (baseline, current) = Self.pair(slowdown: 1.8, load: 1)
        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        #expect(gated.loadFactor == 1)
        #expect(gated.verdict == .fail)
        #expect(gated.regressions.count == 16)
        #expect(Set(gated.regressions.map(\.metric)) == [MetricName.cpuPerFrame, MetricName.replayThroughput])
        #expect(Set(gated.regressions.map(\.key)) == Set(current.entries.map(\.key)))
        let cpu = try #require(gated.regressions.first { $0.metric == MetricName.cpuPerFrame })
        let slowed = try #require(cpu.current)
        #expect(cpu.baseline == 40.2 && abs(slowed - 72.36) < 1e-9)
        #expect(gated.failureMessages.filter { $0.contains("cpu_per_frame_us p50") }.count == 8)
        #expect(gated.failureMessages.filter { $0.contains("replay_throughput_samples_per_s p50") }.count == 8)
        // Without the gate the same sixteen are advisories (exit 0), not hidden as load.
        let advisory = BenchComparison(current: current, baseline: baseline)
        #expect(advisory.advisories.count == 16 && advisory.verdict == .warn)
    }

    @Test("every entry 1.8× slower on a machine 1.8× slower: clean, and the load is said")
    func aLoadChangeIsExcused() throws {
        let (baseline, current) = Self.pair(slowdown: 1.8, load: 1.8)
        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        let factor = try #require(gated.loadFactor)
        #expect(abs(factor - 1.8) < 1e-12)
        #expect(gated.regressions.isEmpty && gated.advisories.isEmpty && gated.failureMessages.isEmpty)
        #expect(gated.verdict == .warn)
        #expect(gated.warnings == ["The machine ran ×1.8 slower than for the baseline (its calibration loop's CPU time): "
            + "a timing change no larger than that is taken for load and not flagged."])
        let timing = gated.rows.filter { $0.kind == .timing }
        #expect(timing.count == 16)
        for row in timing {
            #expect(row.status == .withinTolerance && row.reason.hasPrefix("timing, load: worse than the baseline, but not than the baseline × "), "\(row)")
        }
        #expect(timing.filter { $0.reason.contains("× 1.8 ") }.count == 8)
        // Slower code on top of the load is still caught: 1.8 × 1.5.
        let (base, worse) = Self.pair(slowdown: 2.7, load: 1.8)
        #expect(BenchComparison(current: worse, baseline: base, timingGate: true).regressions.count == 16)
    }

    @Test("the load factor only excuses: it never makes an improvement or a regression")
    func theLoadOnlyExcuses() throws {
        // Timings unchanged while the loop ran 1.8× slower: against the baseline × 1.8 they
        // would be 44 % better; as measured they are identical, and so they stay.
        let (baseline, same) = Self.pair(slowdown: 1, load: 1.8)
        let slower = BenchComparison(current: same, baseline: baseline, timingGate: true)
        #expect(slower.rows.filter { $0.kind == .timing }.allSatisfy { $0.status == .unchanged })
        // 1.3× slower under a 1.8× load: worse as measured, better against the load — neither.
        let (base, mild) = Self.pair(slowdown: 1.3, load: 1.8)
        let rows = BenchComparison(current: mild, baseline: base, timingGate: true).rows.filter { $0.kind == .timing }
        #expect(rows.count == 16 && rows.allSatisfy { $0.status == .withinTolerance })
        // Timings unchanged while the loop ran twice as fast: no regression against the baseline ÷ 2.
        let (fastBase, fast) = Self.pair(slowdown: 1, load: 0.5)
        let faster = BenchComparison(current: fast, baseline: fastBase, timingGate: true)
        #expect(faster.loadFactor == 0.5 && faster.regressions.isEmpty)
        #expect(faster.rows.filter { $0.kind == .timing }.allSatisfy { $0.status == .unchanged })
        // A real improvement on a slower machine stays an improvement.
        let (improvedBase, improved) = Self.pair(slowdown: 0.5, load: 1.2)
        let better = BenchComparison(current: improved, baseline: improvedBase, timingGate: true)
        #expect(better.rows.filter { $0.status == .improvement }.count == 16)
    }

    @Test("only CPU times (and the throughput, inversely) move with the load")
    func whichMetricsTheLoadScales() {
        #expect(BenchComparison.loadScale(of: MetricName.cpuPerFrame, factor: 2) == 2)
        #expect(BenchComparison.loadScale(of: MetricName.cpuPerFrameP99, factor: 2) == 2)
        // Mostly the browser's processes and real-time waits, which the loop does not measure.
        #expect(BenchComparison.loadScale(of: MetricName.pageRunWall, factor: 2) == 1)
        #expect(BenchComparison.loadScale(of: MetricName.replayThroughput, factor: 2) == 0.5)
        #expect(BenchComparison.loadScale(of: MetricName.frameIntervalJitter, factor: 2) == 1)
        #expect(BenchComparison.loadScale(of: MetricName.deliveryError, factor: 2) == 1)
    }

    @Test("a result without a calibration still compares, judged as measured, and it is said")
    func anOldResultHasNoLoadCorrection() throws {
        var (baseline, current) = Self.pair(slowdown: 1.8, load: 1.8)
        baseline.calibration = nil
        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        #expect(gated.loadFactor == nil && gated.timingCompared)
        #expect(gated.regressions.count == 16)
        #expect(gated.warnings.contains { $0.hasPrefix("The baseline has no calibration of the machine's speed") })
        // Through the file: a result written without the member reads back without a calibration.
        let reread = try BenchResult.decode(baseline.jsonText)
        #expect(reread.calibration == nil && !baseline.jsonText.contains("calibration"))
    }

    @Test("a machine more than 3× slower: only ×3 is excused, and a far larger change is still flagged")
    func beyondTheLimitOnlyTheLimitIsExcused() throws {
        #expect(BenchComparison.maximumLoadFactor == 3)
        // 2.5× slower on a machine 4× slower: within the ×3 excused.
        let (baseline, current) = Self.pair(slowdown: 2.5, load: 4)
        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        #expect(gated.timingCompared && gated.loadFactor == 3)
        #expect(gated.regressions.isEmpty)
        #expect(gated.warnings.contains { $0.hasPrefix("The machine ran ×4 slower") && $0.contains("only ×3 is excused") })
        // 100× slower (a spin in every frame) is no load: the calibrations of two runs that
        // caught different loads on a busy runner must not hide it.
        let (_, far) = Self.pair(slowdown: 100, load: 4)
        let caught = BenchComparison(current: far, baseline: baseline, timingGate: true)
        #expect(caught.regressions.count == 16)
        #expect(Set(caught.regressions.map(\.metric)) == [MetricName.cpuPerFrame, MetricName.replayThroughput])
        // And a machine 4× faster excuses no more than ×3 of a speed-up.
        let (_, faster) = Self.pair(slowdown: 1, load: 0.25)
        #expect(BenchComparison(current: faster, baseline: baseline, timingGate: true).loadFactor == 1.0 / 3)
    }

    @Test("the calibration is written, read back and pooled when shards merge")
    func calibrationRoundTripAndMerge() throws {
        let result = Fixtures.result()
        let reread = try BenchResult.decode(result.jsonText)
        #expect(reread.calibration == result.calibration)
        #expect(reread.calibration?.median == 2_005_000)
        #expect(result.jsonText.contains(#""calibration": {"#))
        var other = Fixtures.result(traces: 2, scenes: ["home"])
        other.calibration = BenchCalibration(samples: [3_000_000])
        let merged = try BenchResult.merge([result, other], names: ["a", "b"]).result
        #expect(merged.calibration?.samples == result.calibration!.samples + [3_000_000])
        other.calibration = nil
        let unpooled = try BenchResult.merge([result, other], names: ["a", "b"]).result
        #expect(unpooled.calibration == nil)
        // A damaged member is no calibration, not a failure to read the result.
        let damaged = result.jsonText.replacingOccurrences(of: #""samplesNs": ["#, with: #""samplesNs": [-1, "#)
        let undamaged = try BenchResult.decode(damaged)
        #expect(undamaged.calibration == nil)
    }

    @Test("bench times the calibration loop among the repeats: about eight times per round, and once at the end")
    func theRunnerCalibrates() throws {
        let suite = Fixtures.suite(count: 4)   // six trace × scene runs: one calibration before each
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 3)
        let result = try runner.run(suite: suite, manifestPath: "/suite/manifest.json", shard: nil, environment: Fixtures.environment)
        let calibration = try #require(result.calibration)
        #expect(calibration.work == BenchCalibration.currentWork)
        #expect(calibration.samples.count == 6 * 3 + 1)
        #expect(calibration.samples.allSatisfy { $0 > 0 } && calibration.median > 0)
        let large = Fixtures.suite(count: 30)   // 40 runs: one calibration every fifth
        let many = try BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 2)
            .run(suite: large, manifestPath: "/suite/manifest.json", shard: nil, environment: Fixtures.environment)
        #expect(many.calibration?.samples.count == 8 * 2 + 1)
    }

    /// Counts the replays bench asks for, by trace and scene.
    final class CountingReplayer: TraceReplaying, @unchecked Sendable {
        // Only the test's one runner thread touches it.
        var replays: [String: Int] = [:]
        func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome {
            replays[path + "|" + scene, default: 0] += 1
            return try Fixtures.FakeReplayer().replay(path: path, scene: scene, withSeries: withSeries)
        }
    }

    @Test("bench's work per trace does not grow with the suite: every run replayed repeats + 1 times, the calibration eight times a round, progress once per replay",
          arguments: [10, 1000])
    func benchWorkPerTraceIsFlat(traces: Int) throws {
        let suite = Fixtures.suite(count: traces)
        let runs = suite.traces.reduce(0) { $0 + $1.scenes.count }
        let replayer = CountingReplayer()
        final class Ticks: @unchecked Sendable { var count = 0 }  // one runner thread
        let ticks = Ticks()
        let runner = BenchRunner(replayer: replayer, repeats: 2) { _, _, _ in ticks.count += 1 }
        let result = try runner.run(suite: suite, manifestPath: "/suite/manifest.json", shard: nil, environment: Fixtures.environment)
        #expect(result.entries.count == runs)
        #expect(replayer.replays.count == runs && replayer.replays.values.allSatisfy { $0 == 3 })
        #expect(ticks.count == runs * 3 + 1)
        // One calibration every runs/8 replays: 8 or 9 a round at any size (every replay of a small suite).
        let interval = max(1, runs / 8), perRound = (runs + interval - 1) / interval
        #expect(perRound <= 9 || interval == 1)
        #expect(result.calibration?.samples.count == perRound * 2 + 1)
    }
}
