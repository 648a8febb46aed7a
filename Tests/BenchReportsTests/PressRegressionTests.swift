import BenchReports
import RunRecord
import Testing
import TouchReplay

/// Force-press switches that break the seeds' press with force, against the reference on the
/// bundled `force-press` trace: compare names the metric each moves and never flags the
/// unchanged switch.
@Suite("Press regression")
struct PressRegressionTests {
    static let key = EntryKey(trace: "force-press.touchtrace", scene: "press")

    static func result(_ parameters: PressScene.Parameters) throws -> BenchResult {
        try RegressionHarness.result([RegressionHarness.Run("force-press", .press) { PressScene(context: $0, parameters: parameters) }])
    }

    static func flagged(_ comparison: BenchComparison, _ metric: MetricName) -> Bool {
        comparison.regressions.contains { $0.metric == metric && $0.key == key }
    }

    @Test("the unchanged switch is never flagged")
    func unchangedPasses() throws {
        let base = try Self.result(.init()), again = try Self.result(.init())
        let comparison = try RegressionHarness.compare(again, against: base)
        #expect(comparison.verdict != .fail)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(base[Self.key]?.metrics[.intentAccuracy]?.mean == 1 && base[Self.key]?.metrics[.pressFlickers]?.mean == 0)
    }

    @Test("no hysteresis: press flickers and commit accuracy are named")
    func withoutHysteresis() throws {
        let base = try Self.result(.init()), new = try Self.result(.init(hysteresis: 0))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        #expect((new[Self.key]?.metrics[.pressFlickers]?.mean ?? 0) > 0)
        #expect(Self.flagged(comparison, .pressFlickers) && Self.flagged(comparison, .intentAccuracy))
    }

    @Test("a look that waits for the commit: press feedback is named (p50 up by more than 50 ms)")
    func lookWaitsForCommit() throws {
        let base = try Self.result(.init()), new = try Self.result(.init(followsForce: false))
        let comparison = try RegressionHarness.compare(new, against: base)
        let before = try #require(base[Self.key]?.metrics[.pressFeedback]?.p50)
        let after = try #require(new[Self.key]?.metrics[.pressFeedback]?.p50)
        #expect(after > before + 50, "\(before) → \(after) ms")
        #expect(Self.flagged(comparison, .pressFeedback))
    }
}
