import BenchReports
import RunRecord
import Testing
import TouchReplay

/// The board's regressions (issue 18, "keys with touch and pointer") against the reference
/// board on the bundled board traces: compare must name the metric each one moves, and never
/// flag the unchanged board.
@Suite("Board regression")
struct BoardRegressionTests {
    typealias Run = RegressionHarness.Run

    static let traces = ["option-drag", "shift-select", "command-click", "parity"]

    static func runs(_ parameters: BoardScene.Parameters = .init(), on traces: [String] = traces) -> [Run] {
        traces.map { trace in Run(trace, .board) { BoardScene(context: $0, parameters: parameters) } }
    }

    static func key(_ trace: String) -> EntryKey { EntryKey(trace: trace + ".touchtrace", scene: "board") }

    static func flagged(_ comparison: BenchComparison, _ metric: MetricName, _ trace: String) -> Bool {
        comparison.regressions.contains { $0.metric == metric && $0.key == key(trace) }
    }

    @Test("the unchanged board is never flagged")
    func unchanged() throws {
        let comparison = try RegressionHarness.compare(try RegressionHarness.result(Self.runs()),
                                                       against: try RegressionHarness.result(Self.runs()))
        #expect(comparison.verdict != .fail && comparison.regressions.isEmpty)
    }

    @Test("modifiers read at the lift: intent accuracy (modifier accuracy) named on option-drag and shift-select")
    func modifiersAtLift() throws {
        let base = try RegressionHarness.result(Self.runs())
        let new = try RegressionHarness.result(Self.runs(.init(readsModifiersAtLift: true)))
        let comparison = try RegressionHarness.compare(new, against: base)
        #expect(comparison.verdict == .fail)
        #expect(new[Self.key("option-drag")]?.metrics[.intentAccuracy]?.mean == 0.5)
        #expect(new[Self.key("shift-select")]?.metrics[.intentAccuracy]?.mean.map { abs($0 - 2.0 / 3) < 1e-6 } == true)
        #expect(Self.flagged(comparison, .intentAccuracy, "option-drag") && Self.flagged(comparison, .intentAccuracy, "shift-select"))
        #expect(!comparison.regressions.contains { $0.key == Self.key("parity") })
    }

    @Test("Command-click waiting out the double tap: intent_ms and tap_delay_ms named on command-click")
    func commandWaits() throws {
        let base = try RegressionHarness.result(Self.runs(on: ["command-click"]))
        let new = try RegressionHarness.result(Self.runs(.init(commandWaitsForDoubleTap: true), on: ["command-click"]))
        let comparison = try RegressionHarness.compare(new, against: base)
        let before = try #require(base[Self.key("command-click")]?.metrics[.intent]?.max)
        let after = try #require(new[Self.key("command-click")]?.metrics[.intent]?.max)
        #expect(after > before + 290, "\(before) → \(after) ms")
        #expect(new[Self.key("command-click")]?.metrics[.intentAccuracy]?.mean == 1)
        #expect(Self.flagged(comparison, .intent, "command-click") && Self.flagged(comparison, .tapDelay, "command-click"))
    }

    @Test("a wheel and trackpad at 1.5× a finger's gain: parity_spread_pt named on parity")
    func scrollGain() throws {
        let base = try RegressionHarness.result(Self.runs(on: ["parity"]))
        let new = try RegressionHarness.result(Self.runs(.init(scrollGain: 1.5), on: ["parity"]))
        let comparison = try RegressionHarness.compare(new, against: base)
        let before = try #require(base[Self.key("parity")]?.metrics[.paritySpread]?.mean)
        let after = try #require(new[Self.key("parity")]?.metrics[.paritySpread]?.mean)
        // Steps now carry the board 360 pt where the finger and the mouse carry it about 228.
        #expect(before < 16 && after > 120, "\(before) → \(after) pt")
        #expect(Self.flagged(comparison, .paritySpread, "parity"))
    }

    @Test("a 30 pt drag hysteresis: finger and mouse answer later than wheel and trackpad, parity_response_spread_ms named")
    func largerHysteresis() throws {
        let base = try RegressionHarness.result(Self.runs(on: ["parity"]))
        let new = try RegressionHarness.result(Self.runs(.init(hysteresis: 30), on: ["parity"]))
        let comparison = try RegressionHarness.compare(new, against: base)
        let before = try #require(base[Self.key("parity")]?.metrics[.parityResponseSpread]?.mean)
        let after = try #require(new[Self.key("parity")]?.metrics[.parityResponseSpread]?.mean)
        #expect(after > before + 20, "\(before) → \(after) ms")
        #expect(Self.flagged(comparison, .parityResponseSpread, "parity") && Self.flagged(comparison, .paritySpread, "parity"))
    }
}
