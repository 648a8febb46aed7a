import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

@Suite struct LatencyTests {
    @Test(arguments: [Gesture.drag, .reversal, .flick, .pinch], [NoiseModel.off, .standard])
    func eventLatencyNeverBeatsThePresentationDelayAndItsMedianIsWithinAFrame(gesture: Gesture, noise: NoiseModel) throws {
        let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
        let delay = 2 * frameMs(120)
        let result = try replay(try synthesize(gesture, seed: 5, rate: 240, noise: noise), scene: "scroll", display: display)
        let latency = result[.eventLatency]
        #expect(latency.count == result.samples)
        #expect((latency.min ?? .nan) >= delay - 1e-6)
        #expect((latency.p50 ?? .nan) >= delay - 1e-6 && (latency.p50 ?? .nan) <= delay + frameMs(120))
        #expect((result[.frameLatency].min ?? .nan) >= delay - 1e-6)
        #expect(result[.latencyJitter].count == 1)
    }

    @Test func presentationDelayAndRefreshMoveLatency() throws {
        let trace = try synthesize(.drag, seed: 2)
        let slow = try replay(trace, scene: "scroll", display: DisplayModel(refresh: .fixed(60), presentationDelay: 3))
        #expect((slow[.eventLatency].min ?? .nan) >= 3 * frameMs(60) - 1e-6)
        #expect((slow[.eventLatency].max ?? .nan) <= 4 * frameMs(60) + 1e-6)
    }
}
