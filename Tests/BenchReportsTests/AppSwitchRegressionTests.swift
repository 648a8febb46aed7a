import BenchReports
import RunRecord
import Testing
import TouchReplay

/// App switching decided by where the cards are at the lift instead of where the gesture's
/// momentum is taking them (`HomeScene.DestinationRule.position`), against the reference
/// home scene on the bundled app-switch traces: compare must name `intent_accuracy`, and an
/// unchanged build must never be flagged.
@Suite("App switching regression")
struct AppSwitchRegressionTests {
    typealias Run = RegressionHarness.Run
    static let traces = ["app-switch", "app-switch-home", "app-switch-catch"]

    static func runs(_ rule: HomeScene.DestinationRule) -> [Run] {
        traces.map { trace in Run(trace, .home) { HomeScene(context: $0, parameters: .init(destinationRule: rule)) } }
    }

    @Test("deciding by position: every quick switch goes back, the turn up stays an app switch; compare names intent_accuracy")
    func positionInsteadOfProjection() throws {
        let base = try RegressionHarness.result(Self.runs(.projection))
        let new = try RegressionHarness.result(Self.runs(.position))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        for trace in Self.traces {
            let key = EntryKey(trace: trace + ".touchtrace", scene: "home")
            #expect(base[key]?.metrics[.intentAccuracy]?.mean == 1 && new[key]?.metrics[.intentAccuracy]?.mean == 0, "\(trace)")
            #expect(comparison.regressions.contains { $0.metric == .intentAccuracy && $0.key == key }, "\(trace)")
        }
        #expect(comparison.failureMessages.contains { $0.contains("intent_accuracy") })
    }

    @Test("the reference scene replayed twice is never flagged")
    func unchangedBuildPasses() throws {
        let first = try RegressionHarness.result(Self.runs(.projection))
        let second = try RegressionHarness.result(Self.runs(.projection))
        let comparison = try RegressionHarness.compare(second, against: first)
        #expect(comparison.verdict != .fail && comparison.regressions.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(first.jsonText == second.jsonText)
    }
}
