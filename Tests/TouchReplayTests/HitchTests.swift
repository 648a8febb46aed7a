import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// A scene that takes `cost` nanoseconds per frame on the virtual clock.
struct SlowScene<Base: Scene>: Scene {
    var base: Base
    var cost: Int64
    var state: SceneState { base.state }
    mutating func takeSignals(into signals: inout [SceneSignal]) { base.takeSignals(into: &signals) }
    var virtualCost: Int64 { cost }
    mutating func handle(_ sample: InputSample) { base.handle(sample) }
    mutating func advance(to time: Int64) { base.advance(to: time) }
}

@Suite struct HitchTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)

    func run(cost: Int64) throws -> RunRecord {
        let trace = try synthesize(.drag, seed: 1, rate: 240)
        let scene = SlowScene(base: ScrollScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120)), cost: cost)
        return try Replayer.replay(samples: trace.samples, scene: scene, settings: ReplaySettings(display: Self.display))
    }

    @Test func aSceneWithinBudgetNeverHitches() throws {
        let result = try run(cost: 8_000_000)
        #expect(result[.droppedFrames].max == 0)
        #expect(result[.hitchTimeRatio].max == 0)
    }

    @Test(arguments: [(Int64(12_500_000), 1), (20_000_000, 2), (30_000_000, 3)])
    func overrunsAreCountedExactly(cost: Int64, missed: Int) throws {
        let result = try run(cost: cost)
        // Every frame misses `missed` vsyncs: dropped frames count them, and the hitch time
        // ratio is missed / (missed + 1) of the display time.
        #expect(result.frames > 10)
        #expect(result[.droppedFrames].max == Double(missed * result.frames))
        let ratio = 1000 * Double(missed) / Double(missed + 1)
        #expect(abs((result[.hitchTimeRatio].max ?? .nan) - ratio) < 0.001)
        // Late frames are shown late: latency grows by the missed frames.
        #expect((result[.eventLatency].min ?? .nan) >= Double(2 + missed) * frameMs(120) - 1e-6)
        #expect(result[.droppedFrames].kind == .deterministic)
    }
}
