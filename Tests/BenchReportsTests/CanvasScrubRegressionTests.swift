import BenchReports
import RunRecord
import Testing
import TouchReplay

/// A canvas whose scrubber is locked while the pencil draws (`CanvasScene.Parameters
/// .scrubsWhileDrawing` false, `--set canvas.scrubs_while_drawing=0`), against the reference
/// canvas on the bundled pencil-with-touch traces: the finger's scrub during the stroke is
/// lost, so compare must name `intent_accuracy` and `scrub_latency_ms` on `pencil-and-scrub`;
/// the pan and the pinch are unchanged, and the unchanged canvas is never flagged.
@Suite("Canvas scrubber regression")
struct CanvasScrubRegressionTests {
    typealias Run = RegressionHarness.Run
    static let traces = ["pencil-and-pan", "pencil-and-pinch", "pencil-and-scrub"]
    static let scrub = EntryKey(trace: "pencil-and-scrub.touchtrace", scene: "canvas")

    static func runs(_ parameters: CanvasScene.Parameters) -> [Run] {
        traces.map { trace in Run(trace, .canvas) { CanvasScene(context: $0, parameters: parameters) } }
    }

    @Test("a strip locked while the pencil draws: intent accuracy 1 → 0 and the scrub latency named on pencil-and-scrub only")
    func lockedScrubber() throws {
        let base = try RegressionHarness.result(Self.runs(.init()))
        let new = try RegressionHarness.result(Self.runs(.init(scrubsWhileDrawing: false)))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        let before = try #require(base[Self.scrub]), after = try #require(new[Self.scrub])
        #expect(before.metrics[.intentAccuracy]?.mean == 1 && after.metrics[.intentAccuracy]?.mean == 0)
        // The bundled trace's finger lands after the pencil: nothing of its scrub is shown, and
        // its landing on the strip goes unanswered.
        #expect((before.metrics[.scrubLatency]?.count ?? 0) > 40 && after.metrics[.scrubLatency]?.count == 0)
        #expect(before.metrics[.unansweredInputs]?.mean == 0 && after.metrics[.unansweredInputs]?.mean == 1)
        for metric in [MetricName.intentAccuracy, .scrubLatency, .unansweredInputs] {
            #expect(comparison.regressions.contains { $0.metric == metric && $0.key == Self.scrub }, "\(metric)")
        }
        // The ink is untouched: the pencil draws as before.
        #expect(after.metrics[.inkLatency] == before.metrics[.inkLatency])
        #expect(comparison.failureMessages.contains { $0.contains("intent_accuracy") })
        for trace in ["pencil-and-pan", "pencil-and-pinch"] {
            let key = EntryKey(trace: trace + ".touchtrace", scene: "canvas")
            #expect(new[key] == base[key] && !comparison.regressions.contains { $0.key == key }, "\(trace)")
        }
    }

    @Test("the reference canvas replayed twice is never flagged, and ends every bundled gesture where it was meant")
    func unchangedBuildPasses() throws {
        let first = try RegressionHarness.result(Self.runs(.init()))
        let second = try RegressionHarness.result(Self.runs(.init()))
        let comparison = try RegressionHarness.compare(second, against: first)
        #expect(comparison.verdict != .fail && comparison.regressions.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(first.jsonText == second.jsonText)
        for trace in Self.traces {
            let record = try #require(first[EntryKey(trace: trace + ".touchtrace", scene: "canvas")])
            #expect(record.metrics[.intentAccuracy]?.count == 1 && record.metrics[.intentAccuracy]?.mean == 1, "\(trace)")
        }
    }
}
