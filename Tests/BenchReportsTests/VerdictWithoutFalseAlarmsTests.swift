import BenchReports
import Foundation
import RunRecord
import Testing
import TouchBenchSupport

/// Issue 14, "verdicts without false alarms": counts are compared exactly; a timing metric is
/// a verdict only beyond its threshold, the robust noise of both runs' repeats and an effect-size
/// floor, and fails the run only under the timing gate; the dashboard JSON publishes only
/// what a 125 % alert can judge.
@Suite("Verdicts without false alarms")
struct VerdictWithoutFalseAlarmsTests {
    /// The baseline of ``Fixtures/result`` with the first entry changed by `change`.
    static func changed(_ change: (inout RunRecord) -> Void) throws -> (BenchResult, BenchResult, EntryKey) {
        let baseline = Fixtures.result()
        var current = baseline
        var entry = try #require(current.entries.first)
        change(&entry)
        current.insert(entry)
        return (baseline, current, entry.key)
    }

    @Test("a changed frame, sample or event count is a regression naming it, whatever the summaries say",
          arguments: [("frames", 0), ("samples", 1), ("events", 2)])
    func countsAreExact(_ name: String, _ which: Int) throws {
        let (baseline, current, key) = try Self.changed { entry in
            switch which {
            case 0: entry.frames += 720          // an animation that now runs three times as long
            case 1: entry.samples -= 1
            default: entry.events.append(RunEvent(kind: "pause", time: 900_000_000, source: "detected", responseMs: 30))
            }
        }
        let comparison = BenchComparison(current: current, baseline: baseline)
        let row = try #require(comparison.regressions.first { $0.metric.rawValue == name })
        #expect(row.key == key && row.kind == .deterministic)
        #expect(comparison.verdict == .fail)
        #expect(comparison.failureMessages.contains { $0.contains(" \(name) ") })
        // Nothing else moved.
        #expect(comparison.regressions.count == 1)
    }

    @Test func aMetricTimedForOneInputMoreIsARegressionOfItsCount() throws {
        let (baseline, current, _) = try Self.changed { entry in
            var latency = entry.metrics["event_latency_ms"] ?? Fixtures.latency(16.5)
            latency.count += 1
            entry.metrics["event_latency_ms"] = latency
        }
        let comparison = BenchComparison(current: current, baseline: baseline)
        let row = try #require(comparison.regressions.first)
        #expect(row.metric == "event_latency_ms" && row.statistic == .count)
        #expect(row.current == 121 && row.baseline == 120)
        #expect(row.reason.contains("count changed"))
    }

    @Test func countsOfAWallClockRecordAreNotCompared() throws {
        var entry = Fixtures.entry("wall.touchtrace", "scroll")
        entry.mode = "wall"
        let baseline = BenchResult(entries: [entry], environment: Fixtures.environment)
        entry.frames -= 3
        let current = BenchResult(entries: [entry], environment: Fixtures.environment)
        let comparison = BenchComparison(current: current, baseline: baseline)
        #expect(!comparison.rows.contains { $0.metric == MetricName.frameCount })
        #expect(comparison.regressions.isEmpty)
    }

    /// Two runs of one build whose medians moved beyond the threshold, and significantly for
    /// Mann–Whitney alone, but not beyond the noise measured inside the runs.
    struct NoiseCase: Sendable, CustomTestStringConvertible {
        var name: String
        var baseline: [Double]
        var current: [Double]
        /// The two runs' noise added: 3 × (interquartile range of each) ÷ 1.349, µs.
        var noise: Double

        var testDescription: String { name }
    }

    @Test("a shift beyond the threshold but inside the noise of both runs' repeats is not a verdict", arguments: [
        // Rounds spread in time: the baseline's repeats saw load from 40 to 51 µs (quartiles 42
        // and 48 µs); the candidate's median is 18.6 % higher, but 8.2 µs is inside 3 robust σ
        // of each run added, 3 × (6 + 1.5) ÷ 1.349 = 16.7 µs.
        NoiseCase(name: "inside the baseline's noise", baseline: [40, 48, 42, 51, 44], current: [50, 53, 51, 52.5, 52.2],
                  noise: 3 * 7.5 / 1.349),
        // Measured on one build (pair 5 → 6 of the gate-noise benchmark): medians 1.593 → 2.505 µs,
        // interquartile ranges 0.261 and 0.188 µs; the 0.912 µs shift is beyond either run's
        // noise (0.580, 0.418 µs), not beyond their sum.
        NoiseCase(name: "beyond either run's noise, not their sum", baseline: [1.319, 1.593, 1.763, 2.227, 1.502],
                  current: [2.505, 2.329, 3.04, 2.517, 2.307], noise: 3 * (0.261 + 0.188) / 1.349),
    ])
    func shiftInsideTheNoiseIsNoVerdict(_ noiseCase: NoiseCase) throws {
        var baseline = Fixtures.result()
        var entry = baseline.entries[0]
        entry.metrics["cpu_per_frame_us"] = Fixtures.cpu(noiseCase.baseline)
        baseline.insert(entry)
        var current = baseline
        entry.metrics["cpu_per_frame_us"] = Fixtures.cpu(noiseCase.current)
        current.insert(entry)
        let comparison = BenchComparison(current: current, baseline: baseline, timingGate: true)
        let row = try #require(comparison.rows.first { $0.key == entry.key && $0.metric == "cpu_per_frame_us" })
        #expect(row.status == .withinTolerance)
        #expect(row.reason.contains("within the repeats' spread"))
        #expect(try #require(row.pValue) < 0.05)
        let noise = BenchComparison.noise(noiseCase.baseline) + BenchComparison.noise(noiseCase.current)
        #expect(abs(noise - noiseCase.noise) < 1e-9)
        #expect(abs(try #require(row.change)) < noise)
        #expect(comparison.verdict == .pass)
    }

    @Test("one slow repeat does not hide a doubling: the noise is robust to a wild repeat")
    func oneSlowRepeatDoesNotHideADoubling() throws {
        // Four repeats doubled from ~40 µs to ~80 µs and one took 400 µs (a preempted run).
        // The spread rule this replaced called it noise: max − min of the two runs added is
        // 2 + 321 µs, far beyond the 40.3 µs change; the robust noise is 3 × (0.5 + 1) ÷ 1.349 µs
        // (interquartile ranges 40 … 40.5 and 80 … 81 µs).
        let doubled: [Double] = [80, 81, 79, 80.5, 400]
        let (baseline, current, key) = try Self.changed { $0.metrics["cpu_per_frame_us"] = Fixtures.cpu(doubled) }
        #expect(abs(BenchComparison.noise([40, 41, 39, 40.5, 40.2]) + BenchComparison.noise(doubled) - 3 * 1.5 / 1.349) < 1e-9)
        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        let row = try #require(gated.regressions.first)
        #expect(gated.regressions.count == 1 && row.key == key && row.metric == "cpu_per_frame_us")
        #expect(row.baseline == 40.2 && row.current == 80.5)
        #expect(gated.verdict == .fail)
        // Advisory, as every timing verdict, without the gate.
        let advisory = BenchComparison(current: current, baseline: baseline)
        #expect(advisory.verdict == .warn && advisory.advisories.map(\.metric) == ["cpu_per_frame_us"])
    }

    @Test func aClearTimingRegressionIsAdvisoryUnlessGated() throws {
        let (baseline, current, key) = try Self.changed { $0.metrics["cpu_per_frame_us"] = Fixtures.cpu([52, 53, 51, 52.5, 52.2]) }
        let advisory = BenchComparison(current: current, baseline: baseline)
        #expect(advisory.regressions.isEmpty && advisory.failureMessages.isEmpty)
        #expect(advisory.verdict == .warn)
        let row = try #require(advisory.advisories.first)
        #expect(row.key == key && row.metric == "cpu_per_frame_us" && row.status == .advisory)
        #expect(advisory.advisoryMessages.count == 1 && advisory.advisoryMessages[0].contains("cpu_per_frame_us"))
        #expect(advisory.headline.contains("1 advisory timing change"))

        let gated = BenchComparison(current: current, baseline: baseline, timingGate: true)
        #expect(gated.verdict == .fail)
        #expect(gated.regressions.map(\.metric) == ["cpu_per_frame_us"])
        #expect(gated.regressions[0].reason.contains("spread") && gated.regressions[0].reason.contains("d ≥ 2"))
    }

    @Test func theEffectSizeFloorHoldsBackASmallEffect() throws {
        let thresholds = try BenchThresholds.decode("""
            {"schema": "touchbench.thresholds/1", "timing": {"default": {"relative": 0.1, "effectSize": 100}}}
            """)
        #expect(thresholds.timingDefault.effectSize == 100)
        let (baseline, current, _) = try Self.changed { $0.metrics["cpu_per_frame_us"] = Fixtures.cpu([52, 53, 51, 52.5, 52.2]) }
        let comparison = BenchComparison(current: current, baseline: baseline, thresholds: thresholds, timingGate: true)
        let row = try #require(comparison.rows.first { $0.metric == "cpu_per_frame_us" && $0.status != .unchanged })
        #expect(row.status == .withinTolerance && row.reason.contains("effect size"))
        // d = 12 µs over the pooled robust standard deviation of the two runs: both have an
        // interquartile range of 0.5 µs, so 0.5 ÷ 1.349 µs.
        let d = BenchComparison.effectSize([52, 53, 51, 52.5, 52.2], [40, 41, 39, 40.5, 40.2], change: 12)
        #expect(abs(d - 12 * 1.349 / 0.5) < 1e-9)
        // One wild repeat barely changes it: the interquartile range of [52, 53, 51, 52.5, 400]
        // is 1 µs, so d = 12 ÷ (√((1² + 0.5²) / 2) ÷ 1.349) ≈ 20.5 (the classic pooled deviation
        // would give d ≈ 0.1).
        let wild = BenchComparison.effectSize([52, 53, 51, 52.5, 400], [40, 41, 39, 40.5, 40.2], change: 12)
        #expect(abs(wild - 12 * 1.349 / ((1 + 0.25) / 2).squareRoot()) < 1e-9)
        #expect(throws: ResultDecodingError.self) {
            _ = try BenchThresholds.decode(#"{"schema": "touchbench.thresholds/1", "timing": {"default": {"effectSize": -1}}}"#)
        }
    }

    @Test func theAbsoluteCPUBudgetIsAdvisoryUnlessGated() throws {
        var entry = Fixtures.entry("busy.touchtrace", "scroll")
        entry.metrics[MetricName.cpuPerFrameP99] = Fixtures.cpu([9000, 9100, 8900, 9050, 9020])
        var result = BenchResult(entries: [entry], environment: Fixtures.environment)
        let advisory = BenchComparison(current: result, baseline: nil)
        let check = try #require(advisory.budgetChecks.first { $0.budget.metric == MetricName.cpuPerFrameP99 })
        #expect(check.grade == .critical && check.value == 9020)
        #expect(advisory.budgetFailures.isEmpty && advisory.advisoryBudgets.count == 1)
        #expect(advisory.verdict == .warn)
        let gated = BenchComparison(current: result, baseline: nil, timingGate: true)
        #expect(gated.verdict == .fail && gated.failureMessages.contains { $0.contains("cpu_per_frame_p99_us") })
        // Within half a 120 Hz frame it is good.
        entry.metrics[MetricName.cpuPerFrameP99] = Fixtures.cpu([120, 130, 125, 128, 122])
        result.insert(entry)
        #expect(BenchComparison(current: result, baseline: nil, timingGate: true).budgetChecks
            .first { $0.budget.metric == MetricName.cpuPerFrameP99 }?.grade == .good)
    }

    @Test("the dashboard JSON publishes a timing metric as its fastest repeat, and only when the repeats agree")
    func dashboardPublishesOnlyStableTimings() throws {
        var steady = Fixtures.entry("trace-0.touchtrace", "scroll"), noisy = Fixtures.entry("trace-1.touchtrace", "scroll")
        steady.metrics["cpu_per_frame_us"] = Fixtures.cpu([40, 41, 39, 40.5, 40.2])    // 5.1 % spread
        noisy.metrics["cpu_per_frame_us"] = Fixtures.cpu([40, 52, 39, 60, 41])         // 54 % spread
        steady.metrics[MetricName.replayThroughput] = Fixtures.cpu([1e6, 1.02e6, 0.99e6, 1.01e6, 1e6])
        noisy.metrics[MetricName.replayThroughput] = Fixtures.cpu([1e6, 0.6e6, 0.99e6, 1.01e6, 1e6])
        let result = BenchResult(entries: [steady, noisy], environment: Fixtures.environment)
        let array = try #require(try JSONValue.parse(BenchmarkJSONReport(result: result).render()).arrayValue)
        func value(_ name: String) -> Double? { array.first { $0["name"]?.stringValue == name }?["value"]?.doubleValue }
        let first = "scroll/trace-0", second = "scroll/trace-1"
        #expect(value("\(first) cpu_per_frame_us min") == 39)
        #expect(value("\(first) replay_ns_per_sample min").map { abs($0 - 1e9 / 1.02e6) < 1e-6 } == true)
        #expect(value("\(second) cpu_per_frame_us min") == nil)
        #expect(value("\(second) replay_ns_per_sample min") == nil)
        #expect(!array.contains { $0["name"]?.stringValue?.contains("cpu_per_frame_us p50") == true })
        // Deterministic metrics are published for both.
        #expect(value("\(first) event_latency_ms p99") == 20.5 && value("\(second) event_latency_ms p99") == 20.5)
    }
}

@Suite("Dashboard alerts")
struct DashboardAlertTests {
    @Test("an alert is a published value grown beyond the threshold since the previous report")
    func alertsFollowTheDashboardRule() throws {
        var before = Fixtures.entry("trace-0.touchtrace", "scroll"), after = before
        before.metrics["cpu_per_frame_us"] = Fixtures.cpu([40, 41, 39, 40.5, 40.2])
        after.metrics["cpu_per_frame_us"] = Fixtures.cpu([48, 49, 48.5, 49.5, 48.2])       // min 39 → 48: 123 %
        let previous = BenchmarkJSONReport(result: BenchResult(entries: [before], environment: Fixtures.environment))
        var current = BenchmarkJSONReport(result: BenchResult(entries: [after], environment: Fixtures.environment))
        #expect(current.alerts(since: previous).isEmpty)
        after.metrics["cpu_per_frame_us"] = Fixtures.cpu([49, 50, 49.5, 50.5, 49.2])        // 39 → 49: 125.6 %
        current = BenchmarkJSONReport(result: BenchResult(entries: [after], environment: Fixtures.environment))
        #expect(current.alerts(since: previous).map(\.name) == ["scroll/trace-0 cpu_per_frame_us min"])
        #expect(current.alerts(since: previous, threshold: 1.3).isEmpty)
        // A report compared with itself never alerts.
        #expect(current.alerts(since: current).isEmpty)
    }
}
