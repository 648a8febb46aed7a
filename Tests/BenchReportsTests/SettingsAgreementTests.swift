import Foundation
import TestSupport
import Testing
import TouchInput
import TouchReplay
import TouchTrace
@testable import BenchReports

/// `replay`, `bench` and `demo` agree about every run: each takes its settings from
/// `ReplaySettings.forTrace` (the trace's display rate, else 120 Hz; delay 2; phase 0) and
/// grades hitches by `HitchBands.forScene` (SuiteAndGradingTests checks the budgets).
@Suite("replay, bench and demo agree")
struct SettingsAgreementTests {
    @Test("the bench runner's run of a trace is the replayer's under the trace's settings", arguments: [
        ("reversal-60hz", "scroll"), ("flick-240hz", "scroll"), ("pause", "home"), ("tap", "sheet"),
    ])
    func benchIsReplay(trace: String, scene: String) throws {
        let path = Golden.packageRoot.appendingPathComponent("Traces/\(trace).touchtrace").path
        let bench = try Replaying().replay(path: path, scene: scene, withSeries: false).entry
        let reader = try TraceReader(path: path)
        let settings = ReplaySettings.forTrace(reader.metadata)
        let replay = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: path).atWrittenPrecision
        #expect(bench.refreshHz == replay.refreshHz && bench.presentationDelayFrames == replay.presentationDelayFrames)
        #expect(bench.frames == replay.frames && bench.samples == replay.samples && bench.events == replay.events)
        #expect(bench.metrics.filter { $0.value.kind == .deterministic } == replay.metrics.filter { $0.value.kind == .deterministic })
        #expect(bench.refreshHz == (reader.metadata.displayHz ?? 120))
    }

    @Test("a trace's settings: its display rate when it names a sane one, else 120 Hz; delay 2, phase 0")
    func forTrace() {
        let named = ReplaySettings.forTrace(TraceMetadata(displayHz: 60))
        #expect(named.display.refresh == .fixed(60) && named.display.presentationDelay == 2 && named.display.vsyncPhase == 0)
        #expect(named.mode == .virtual)
        #expect(ReplaySettings.forTrace(TraceMetadata()).display.refresh == .fixed(120))
        #expect(ReplaySettings.forTrace(TraceMetadata(displayHz: 5000)).display.refresh == .fixed(120))
        #expect(ReplaySettings.forTrace(TraceMetadata(), mode: .wallClock(rate: 4)).mode == .wallClock(rate: 4))
    }
}
