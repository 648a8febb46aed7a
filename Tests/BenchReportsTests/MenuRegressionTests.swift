import BenchReports
import RunRecord
import Testing
import TouchReplay

/// The menu that ignores input while it animates (issue 18's "a menu that ignores input while
/// opening"), against the reference menu on the bundled menu traces: compare must name each
/// of the menu's metrics.
@Suite("Menu regression")
struct MenuRegressionTests {
    typealias Run = RegressionHarness.Run

    static func runs(respondsWhileAnimating: Bool) -> [Run] {
        ["menu-select", "menu-dismiss", "menu-scroll"].map { trace in
            Run(trace, .menu) { MenuScene(context: $0, parameters: .init(respondsWhileAnimating: respondsWhileAnimating)) }
        }
    }

    @Test("ignoring input while opening: swallowed inputs, selection accuracy and time to first highlight are named")
    func ignoringInputWhileOpening() throws {
        let base = try RegressionHarness.result(Self.runs(respondsWhileAnimating: true))
        let new = try RegressionHarness.result(Self.runs(respondsWhileAnimating: false))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        func flagged(_ metric: MetricName, _ trace: String) -> Bool {
            comparison.regressions.contains { $0.metric == metric && $0.key == EntryKey(trace: trace + ".touchtrace", scene: "menu") }
        }
        for trace in ["menu-dismiss", "menu-scroll"] {
            let key = EntryKey(trace: trace + ".touchtrace", scene: "menu")
            // The dismissing touch-down lands while the menu opens: swallowed, its intent missed.
            #expect(base[key]?.metrics[.swallowedInputs]?.mean == 0 && new[key]?.metrics[.swallowedInputs]?.mean == 1)
            #expect(base[key]?.metrics[.intentAccuracy]?.mean == 1 && new[key]?.metrics[.intentAccuracy]?.mean == 0.5)
            #expect(flagged(.swallowedInputs, trace) && flagged(.intentAccuracy, trace), "\(trace)")
        }
        let select = EntryKey(trace: "menu-select.touchtrace", scene: "menu")
        let before = try #require(base[select]?.metrics[.highlight]?.mean)
        let after = try #require(new[select]?.metrics[.highlight]?.mean)
        #expect(after > before + 50, "\(before) → \(after) ms")
        #expect(flagged(.highlight, "menu-select"))
        #expect(comparison.failureMessages.contains { $0.contains("swallowed_inputs") })
    }
}
