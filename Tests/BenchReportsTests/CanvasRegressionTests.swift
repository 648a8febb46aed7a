import BenchReports
import RunRecord
import Testing
import TouchReplay

/// Canvases that break the seeds' pencil with touch, against the reference canvas on the
/// bundled pencil-with-touch traces: compare must name the metric each one moves, and never
/// flag the unchanged canvas.
@Suite("Canvas regression")
struct CanvasRegressionTests {
    typealias Run = RegressionHarness.Run
    static let traces = ["pencil-and-pan", "pencil-and-pinch"]

    static func runs(_ parameters: CanvasScene.Parameters) -> [Run] {
        traces.map { trace in Run(trace, .canvas) { CanvasScene(context: $0, parameters: parameters) } }
    }

    static func flagged(_ comparison: BenchComparison, _ metric: MetricName, _ trace: String) -> Bool {
        comparison.regressions.contains { $0.metric == metric && $0.key == EntryKey(trace: trace + ".touchtrace", scene: "canvas") }
    }

    @Test("the unchanged canvas is never flagged")
    func unchangedPasses() throws {
        let base = try RegressionHarness.result(Self.runs(.init()))
        let again = try RegressionHarness.result(Self.runs(.init()))
        let comparison = try RegressionHarness.compare(again, against: base)
        #expect(comparison.verdict != .fail)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(base.jsonText == again.jsonText)
        #expect(comparison.budgetChecks.allSatisfy { $0.grade != .warning }, "\(comparison.budgetChecks.filter { $0.grade == .warning }.map(\.budget.name))")
        for trace in Self.traces {
            let record = try #require(base[EntryKey(trace: trace + ".touchtrace", scene: "canvas")])
            #expect(record.metrics[.fingerInkStrokes]?.mean == 0 && record.metrics[.pencilCanvasMoves]?.mean == 0)
        }
    }

    @Test("a canvas whose first contact draws: finger ink strokes, pencil canvas moves and intent accuracy are named")
    func sharedRoles() throws {
        let base = try RegressionHarness.result(Self.runs(.init()))
        let new = try RegressionHarness.result(Self.runs(.init(sharedRoles: true)))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        for trace in Self.traces {
            // Both bundled traces have the finger land first: it draws one stroke.
            let key = EntryKey(trace: trace + ".touchtrace", scene: "canvas")
            #expect(new[key]?.metrics[.fingerInkStrokes]?.mean == 1)
            #expect(Self.flagged(comparison, .fingerInkStrokes, trace) && Self.flagged(comparison, .pencilCanvasMoves, trace), "\(trace)")
            // The gesture meant ink from the pencil and a move by the hand: `fingerInk+pan` misses it.
            #expect(new[key]?.metrics[.intentAccuracy]?.mean == 0 && Self.flagged(comparison, .intentAccuracy, trace), "\(trace)")
        }
    }

    /// `parameters` against the reference on both traces: `metric`'s `statistic` rises by more
    /// than `by` ms and compare names it, and not `untouched`.
    static func expectNamed(_ parameters: CanvasScene.Parameters, _ metric: MetricName, _ statistic: KeyPath<MetricSummary, Double?>,
                            by amount: Double, untouched: MetricName) throws {
        let base = try RegressionHarness.result(runs(.init()))
        let new = try RegressionHarness.result(runs(parameters))
        let comparison = try RegressionHarness.compare(new, against: base)
        for trace in traces {
            let key = EntryKey(trace: trace + ".touchtrace", scene: "canvas")
            let before = try #require(base[key]?.metrics[metric]?[keyPath: statistic])
            let after = try #require(new[key]?.metrics[metric]?[keyPath: statistic])
            #expect(after > before + amount, "\(trace): \(before) → \(after) ms")
            #expect(flagged(comparison, metric, trace) && !flagged(comparison, untouched, trace), "\(trace)")
        }
    }

    @Test("ink held until the pencil travels 10 pt: ink latency is named (p99 up by more than 30 ms)")
    func inkSlop() throws {
        try Self.expectNamed(.init(inkSlop: 10), .inkLatency, \.p99, by: 30, untouched: .canvasLatency)
    }

    @Test("fingers held while the pencil draws: canvas latency is named (p50 up by more than 100 ms)")
    func oneInputAtATime() throws {
        try Self.expectNamed(.init(simultaneous: false), .canvasLatency, \.p50, by: 100, untouched: .inkLatency)
    }
}
