import Foundation
import Testing
import TouchBenchSupport
@testable import RunRecord

@Suite("The touchbench.run/1 record")
struct RunRecordTests {
    /// A record as a future version might write it: a metric, an event kind, a cause and
    /// members this version does not know.
    static let foreign = """
        {
          "events": [
            {"cause": "swipe", "kind": "flourish", "responseMs": 12.5, "source": "oracle", "t": 9007199254740993, "weight": 3},
            {"cause": "pause", "detectionMs": -4.25, "kind": "pause", "responseMs": null, "source": "marker", "t": 5, "timerDetectionMs": null}
          ],
          "frames": 12,
          "gpu": {"vendor": "x"},
          "metrics": {
            "event_latency_ms": {"count": 3, "kind": "deterministic", "max": 3, "mean": 2, "min": 1, "p50": 2, "p95": 3, "p99": 3, "stddev": 0.816497},
            "future_metric_ms": {"count": 0, "kind": "timing", "max": null, "mean": null, "min": null, "p50": null, "p95": null, "p99": null, "stddev": null, "unit": "ms"}
          },
          "mode": "wall",
          "presentationDelayFrames": 3,
          "rate": 4,
          "refreshHz": 59.94,
          "samples": 30,
          "scene": "scroll",
          "schema": "touchbench.run/1",
          "trace": "a.touchtrace"
        }

        """

    @Test("a file of another version reads into typed values and writes back byte for byte")
    func foreignRoundTrip() throws {
        let record = try RunRecord.decode(Self.foreign)
        #expect(record.metrics.keys.contains(MetricName("future_metric_ms")))
        #expect(record[.eventLatency].p50 == 2)
        #expect(record.events.first?.kind == RunEvent.Kind(rawValue: "flourish"))
        #expect(record.events.first?.time == 9_007_199_254_740_993)
        #expect(record.events.last?.detectionMs == -4.25)
        #expect(record.presentationDelayFrames == 3)
        #expect(record.rate == "4" && record.mode == "wall")
        #expect(record.unansweredEvents == 1)
        #expect(record.settings == "mode=wall rate=4 refreshHz=59.94 presentationDelay=3")
        #expect(record.jsonText == Self.foreign)
    }

    @Test("a fresh record at written precision equals the same record read back")
    func writtenPrecision() throws {
        var summary = MetricSummary(kind: .deterministic, count: 3, mean: 16.666_666_666, p50: 1.0 / 3, p95: 2e-7,
                                    p99: 123_456.123_456_789, max: 1e19 + 12_345, min: -0.000_000_4, stddev: .nan)
        summary.repeats = [0.1 + 0.2, .infinity]
        let record = RunRecord(trace: "t", scene: "pip", refreshHz: 120.000_000_4, presentationDelayFrames: 2, frames: 3,
                               samples: 4, metrics: [.eventLatency: summary, .tapDelay: MetricSummary(kind: .deterministic)],
                               events: [RunEvent(kind: .pause, time: 7, source: .detected, cause: .pause,
                                                 responseMs: 1.234_567_8, detectionMs: nil, timerDetectionMs: 9.999_999_9)])
        let reread = try RunRecord.decode(record.jsonText)
        #expect(record.atWrittenPrecision == reread)
        #expect(record.atWrittenPrecision.jsonText == reread.jsonText)
        #expect(reread[.eventLatency].stddev == nil)
        #expect(reread[.eventLatency].mean == 16.666667)
    }

    @Test("a series round-trips with the frames it left out, and writes no such member when it left none out")
    func seriesFramesLeftOut() throws {
        var record = RunRecord(trace: "t", scene: "scroll", refreshHz: 120, presentationDelayFrames: 2, frames: 5, samples: 4,
                               metrics: [:], events: [])
        record.series = RunSeries(timeMs: [1, 2], finger: [3, nil], visible: [4, 5], latencyMs: [nil, 6], label: "x", framesLeftOut: 3)
        let reread = try RunRecord.decode(record.jsonText)
        #expect(reread.series == record.series)
        #expect(record.jsonText.contains("\"framesLeftOut\": 3"))
        record.series?.framesLeftOut = 0
        #expect(!record.jsonText.contains("framesLeftOut"))
        #expect(try RunRecord.decode(record.jsonText).series?.framesLeftOut == 0)
        for bad in ["-1", "1.5", "\"3\""] {
            let text = record.jsonText.replacingOccurrences(of: "\"label\": \"x\"", with: "\"framesLeftOut\": \(bad), \"label\": \"x\"")
            #expect(throws: (any Error).self, "\(bad)") { try RunRecord.decode(text) }
        }
    }

    @Test("what is not a run record is refused with a reason", arguments: [
        ("[]", "a run entry is not an object"),
        (#"{"schema": "touchbench.bench/1", "trace": "t", "scene": "s"}"#, #"a run entry has schema "touchbench.bench/1", not touchbench.run/1"#),
        (#"{"schema": "touchbench.run/12", "trace": "t", "scene": "s"}"#, #"a run entry has schema "touchbench.run/12", not touchbench.run/1"#),
        (#"{"trace": "t"}"#, "a run entry lacks its trace or scene"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "fuzzy"}}}"#, #"metric m of t · s has kind "fuzzy", not deterministic or timing"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"count": 0}}}"#, "metric m of t · s has kind missing, not deterministic or timing"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {}, "events": [{"kind": "pause"}]}"#, "an event lacks its kind or t"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "presentationDelayFrames": 2.5}"#, "a run entry's presentationDelayFrames is not an integer"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": "1", "samples": 1, "metrics": {}}"#, #"the run t · s has frames "1", not a non-negative integer"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": -1, "samples": 1, "metrics": {}}"#, "the run t · s has frames -1, not a non-negative integer"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "samples": 1, "metrics": {}}"#, "the run t · s has no frames"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1}"#, "the run t · s has no metrics object"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {}, "events": {}}"#, "the run t · s has events that are not an array"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing"}}}"#, "metric m of t · s has no count"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": -2}}}"#, "metric m of t · s has count -2, not a non-negative integer"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": "3"}}}"#, #"metric m of t · s has count "3", not a non-negative integer"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": 1.5}}}"#, "metric m of t · s has count 1.5, not a non-negative integer"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": 1, "mean": "abc"}}}"#, #"metric m of t · s has mean "abc", not a number"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": 1, "mean": 1, "p50": 1, "p95": null, "p99": 1, "max": 1}}}"#, "metric m of t · s has count 1 but no p95"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {"m": {"kind": "timing", "count": 1, "mean": 1, "p50": 1, "p95": 1, "p99": 1, "max": 1, "repeats": [1, "x"]}}}"#, #"metric m of t · s has a repeat "x", not a number"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": 60, "frames": 1, "samples": 1, "metrics": {}, "events": [{"kind": "pause", "t": 5, "responseMs": "9"}]}"#, #"the pause event at 5 ns has responseMs "9", not a number"#),
        ("{", "is not JSON (at byte 1: expected a quoted key)"),
        // The display rate: every producer writes one from 1 to 1000 Hz (hostile round 3: 0,
        // -120 and 1e-300 were read, and a missing one was 0).
        (#"{"trace": "t", "scene": "s", "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has no refreshHz"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 0, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz 0, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
        (#"{"trace": "t", "scene": "s", "refreshHz": -120, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz -120, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 1e-300, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz 1e-300, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 0.999, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz 0.999, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
        (#"{"trace": "t", "scene": "s", "refreshHz": 1000.5, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz 1000.5, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
        (#"{"trace": "t", "scene": "s", "refreshHz": "120", "frames": 1, "samples": 1, "metrics": {}}"#, #"the run t · s has refreshHz "120", not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"#),
        (#"{"trace": "t", "scene": "s", "refreshHz": null, "frames": 1, "samples": 1, "metrics": {}}"#, "the run t · s has refreshHz null, not a display rate from 1 to 1000 Hz (a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)"),
    ])
    func refused(text: String, reason: String) {
        #expect { try RunRecord.decode(text) } throws: { ($0 as? ResultDecodingError)?.description == reason }
    }

    @Test("every display rate touchbench replays at reads back, the range's ends included", arguments: [1.0, 59.94, 120, 1000])
    func displayRatesReadBack(hertz: Double) throws {
        #expect(RunRecord.refreshHzRange == 1...1000)
        let record = RunRecord(trace: "t", scene: "scroll", refreshHz: hertz, frames: 2, samples: 3)
        #expect(try RunRecord.decode(record.jsonText).refreshHz == hertz)
    }

    @Test("the catalogue: units, directions, report order and headline statistics")
    func catalogue() {
        #expect(MetricName.hitchTimeRatio.unit == "ms/s" && MetricName.velocityJump.unit == "pt/s")
        #expect(MetricName.overshoot.unit == "%" && MetricName.oscillations.unit == "crossings")
        #expect(MetricName.replayThroughput.unit == "samples/s" && MetricName.replayThroughput.direction == .higher)
        #expect(MetricName.cpuPerFrame.unit == "µs" && MetricName.cpuPerFrame.isAlwaysTiming)
        #expect(MetricName("something_pt").unit == "pt" && MetricName("something_pt").direction == .lower)
        #expect(MetricName.response.reportRank == 0)
        #expect(MetricName("zzz").reportRank == MetricName.reportOrder.count)
        #expect(MetricName.droppedFrames.headline(kind: .deterministic) == .mean)
        #expect(MetricName.unansweredInputs.unit == "inputs" && MetricName.unansweredInputs.headline(kind: .deterministic) == .mean)
        #expect(MetricName.eventLatency.headline(kind: .deterministic) == .p95)
        #expect(MetricName.eventLatency.headline(kind: .timing) == .p50)
        #expect(Set(MetricName.allCases).count == 35)
        #expect(Set(MetricName.whereTheyApply).isDisjoint(with: MetricName.allCases)
                && Set(MetricName.whereTheyApply).isSubset(of: Set(MetricName.reportOrder)))
        #expect(MetricName.swallowedInputs.unit == "inputs" && MetricName.swallowedInputs.direction == .lower
                && MetricName.swallowedInputs.headline(kind: .deterministic) == .mean)
        #expect(MetricName.highlight.unit == "ms" && MetricName.highlight.direction == .lower)
        #expect(MetricName.pointerFlickers.unit == "flickers" && MetricName.pointerFlickers.headline(kind: .deterministic) == .mean
                && MetricName.pointerCaptureJump.unit == "pt" && MetricName.pointerAcquisition.direction == .lower)
        #expect(MetricName.stuckAnimations.unit == "animations" && MetricName.stuckAnimations.direction == .lower
                && MetricName.stuckAnimations.headline(kind: .deterministic) == .mean)
        #expect(MetricName.catchVelocityJump.unit == "pt/s" && MetricName.retargetVelocityJump.direction == .lower
                && MetricName.bounceVelocityJump.headline(kind: .deterministic) == MetricName.velocityJump.headline(kind: .deterministic))
        #expect(MetricName.reversalResponse.unit == "ms" && MetricName.pauseResponse.unit == "ms" && MetricName.catchResponse.unit == "ms")
        #expect(Set(MetricName.allCases).isSubset(of: Set(MetricName.reportOrder)))
    }

    @Test("timing over repeats: median, nearest-rank percentiles, spread, the repeats kept")
    func overRepeats() {
        let summary = MetricSummary.overRepeats([3, 1, .nan, 2, 10])
        #expect(summary.count == 4 && summary.kind == .timing)
        #expect(summary.p50 == 2.5 && summary.mean == 4 && summary.min == 1 && summary.max == 10 && summary.p95 == 10)
        #expect(summary.repeats == [3, 1, 2, 10])
        #expect(MetricSummary.overRepeats([.nan]).isEmpty)
    }

    @Test("a repeated run: each timing metric over the runs' means, deterministic ones and unmeasured timings as the rule has them")
    func recordOverRepeats() throws {
        func run(_ cpu: Double?, latency: Double) -> RunRecord {
            var record = RunRecord(trace: "t", scene: "s")
            record.metrics[.frameIntervalJitter] = cpu.map { MetricSummary(kind: .timing, count: 2, mean: $0) } ?? MetricSummary(kind: .timing)
            record.metrics[.eventLatency] = .single(latency, kind: .deterministic)
            record.metrics[.deliveryError] = MetricSummary(kind: .timing)
            return record
        }
        let merged = try #require(RunRecord.overRepeats([run(30, latency: 20), run(10, latency: 21), run(nil, latency: 22), run(20, latency: 23)]))
        // The runs that measured it, by their means; the first run's deterministic values.
        #expect(merged.metrics[.frameIntervalJitter] == MetricSummary.overRepeats([30, 10, 20]))
        #expect(merged.metrics[.frameIntervalJitter]?.p50 == 20)
        #expect(merged.metrics[.eventLatency]?.mean == 20)
        #expect(merged.metrics[.deliveryError] == MetricSummary.overRepeats([]))
        #expect(RunRecord.overRepeats([]) == nil)
        // Fed one by one (as bench does, round by round), the same record.
        var timings = RepeatedTimings()
        var first = run(30, latency: 20)
        for record in [first, run(10, latency: 21), run(nil, latency: 22), run(20, latency: 23)] { timings.add(record) }
        timings.summarise(into: &first)
        #expect(first == merged)
    }
}
