import BenchReports
import Testing
import TouchDynamics
import TouchReplay

/// The regressions of issue 13's table, each applied to the interaction code through a
/// scene's parameters (or the display), replayed over the bundled traces and compared with
/// the unchanged code: `compare` must fail naming the metric that moved, by at least the
/// stated amount. The unchanged code compares equal to itself.
@Suite("Interaction regressions")
struct InteractionRegressionTests {
    typealias Run = RegressionHarness.Run

    /// The change of `metric`'s `statistic` in `trace` × `scene` between two results.
    func change(_ metric: String, _ statistic: KeyPath<MetricStatistics, Double?>, in key: EntryKey,
                _ base: BenchResult, _ new: BenchResult) throws -> Double {
        let before = try #require(base[key]?.metrics[metric]?[keyPath: statistic])
        let after = try #require(new[key]?.metrics[metric]?[keyPath: statistic])
        return after - before
    }

    func expectFlagged(_ comparison: BenchComparison, _ metric: String, _ key: EntryKey,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(comparison.verdict == .fail, sourceLocation: sourceLocation)
        #expect(comparison.regressions.contains { $0.metric == metric && $0.key == key },
                "\(metric) in \(key) is not flagged: \(comparison.regressions.map { "\($0.key) \($0.metric)" })",
                sourceLocation: sourceLocation)
        #expect(comparison.failureMessages.contains { $0.contains(metric) }, sourceLocation: sourceLocation)
    }

    @Test func unchangedCodeComparesEqualToItself() throws {
        let runs = [Run("drag", .scroll), Run("tap", .button), Run("flick", .scroll), Run("pause", .home)]
        let first = try RegressionHarness.result(runs), second = try RegressionHarness.result(runs)
        let comparison = try RegressionHarness.compare(second, against: first)
        #expect(comparison.verdict != .fail)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(first.jsonText == second.jsonText)
    }

    @Test func panHysteresis10To30IsDeadTravelAndLaterFeedback() throws {
        let base = try RegressionHarness.result([Run("drag", .scroll)])
        let new = try RegressionHarness.result([Run("drag", .scroll) { ScrollScene(context: $0, parameters: .init(hysteresis: 30)) }])
        let key = EntryKey(trace: "drag.touchtrace", scene: "scroll")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "dead_travel_pt", key)
        expectFlagged(comparison, "feedback_ms", key)
        // 20 pt more travel, give or take one 240 Hz sample's step (under 1.5 pt here).
        let travel = try change("dead_travel_pt", \.max, in: key, base, new)
        #expect(travel > 18.5 && travel < 21.5, "\(travel) pt")
        #expect(try change("feedback_ms", \.max, in: key, base, new) >= 8.333)
    }

    @Test func aButtonThatHighlightsOnLiftIsLateFeedback() throws {
        let base = try RegressionHarness.result([Run("tap", .button)])
        let new = try RegressionHarness.result([Run("tap", .button) { ButtonScene(context: $0, parameters: .init(highlightOnTouchDown: false)) }])
        let key = EntryKey(trace: "tap.touchtrace", scene: "button")
        expectFlagged(try RegressionHarness.compare(new, against: base), "feedback_ms", key)
        // The whole press (the bundled tap holds about 100 ms) is added, to within a frame.
        #expect(try change("feedback_ms", \.max, in: key, base, new) > 50)
    }

    @Test func oneFrameOfLagIsOneFrameOfPresentedLag() throws {
        let base = try RegressionHarness.result([Run("drag", .scroll)])
        let new = try RegressionHarness.result([Run("drag", .scroll, presentationDelay: 3)])
        let key = EntryKey(trace: "drag.touchtrace", scene: "scroll")
        expectFlagged(try RegressionHarness.compare(new, against: base), "presented_lag_ms", key)
        #expect(abs(try change("presented_lag_ms", \.p50, in: key, base, new) - 1000 / 120) < 0.01)
    }
}
