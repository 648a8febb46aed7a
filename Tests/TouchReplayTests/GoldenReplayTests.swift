import Foundation
import TestSupport
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
    static let root = Golden.packageRoot

    @Test("replay --json is byte-identical to the golden", arguments: [
        ("reversal", "scroll"), ("pause", "home"), ("double-tap", "button"), ("reversal-60hz", "scroll"),
    ])
    func replayJSON(trace: String, scene: String) throws {
        let path = "Traces/\(trace).touchtrace"
        let reader = try TraceReader(path: Self.root.appendingPathComponent(path).path)
        let settings = ReplaySettings.forTrace(reader.metadata)
        var result = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: path)
        for (name, summary) in result.metrics where summary.kind == .timing {
            result.metrics[name] = MetricSummary(kind: .timing, count: 3, mean: 1.5, p50: 1.25, p95: 2, p99: 2.125,
                                                 max: 2.5, min: 0.75, stddev: 0.5)
        }
        #expect(!result.events.isEmpty || trace == "double-tap")
        #expect(try Golden.mismatch(result.jsonText, against: "replay-\(trace)-\(scene).json") == nil)
    }
}
