import Foundation
import Testing
import TouchReplay
import TouchTrace

/// `touchbench replay FILE --scene S --json -` on the virtual clock, byte for byte, for a few
/// traces of the bundled corpus: the same settings as the CLI (the trace's display rate,
/// presentation delay 2, vsync phase 0), the trace named by its path relative to the package
/// root. Timing metrics keep their names and kind but get fixed values, since they are
/// measured (Tests/Goldens/README.md). TOUCHBENCH_UPDATE_GOLDENS=1 rewrites the goldens.
@Suite("Golden replay output")
struct GoldenReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("replay --json is byte-identical to the golden", arguments: [
        ("reversal", "scroll"), ("pause", "home"), ("double-tap", "button"), ("reversal-60hz", "scroll"),
    ])
    func replayJSON(trace: String, scene: String) throws {
        let path = "Traces/\(trace).touchtrace"
        let reader = try TraceReader(path: Self.root.appendingPathComponent(path).path)
        var settings = ReplaySettings(mode: .virtual)
        let hz = reader.metadata.displayHz.flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil } ?? 120
        settings.display = DisplayModel(refresh: .fixed(hz), vsyncPhase: 0, presentationDelay: 2)
        var result = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: path)
        for (name, summary) in result.metrics where summary.kind == .timing {
            result.metrics[name] = MetricSummary(kind: .timing, count: 3, mean: 1.5, p50: 1.25, p95: 2, p99: 2.125,
                                                 max: 2.5, min: 0.75, stddev: 0.5)
        }
        #expect(!result.events.isEmpty || trace == "double-tap")
        try Self.check(result.jsonText, against: "replay-\(trace)-\(scene).json")
    }

    static func check(_ text: String, against name: String) throws {
        let url = root.appendingPathComponent("Tests/Goldens").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOUCHBENCH_UPDATE_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("\(name) differs at line \(line.offset + 1): got \(line.element.0), golden has \(line.element.1)")
        }
        #expect(text == golden)
    }
}
