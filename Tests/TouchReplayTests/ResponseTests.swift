import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// Redirection response, catches and 1:1 tracking (DESIGN.md "Metrics").
@Suite struct ResponseTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
    /// (presentation delay + 2 frames), in ms.
    static let bound = Double(display.presentationDelay + 2) * frameMs(120)

    @Test(arguments: [NoiseModel.off, .standard], [UInt64(1), 2, 3, 4, 5])
    func reversalIsAnsweredWithinDelayPlusTwoFrames(noise: NoiseModel, seed: UInt64) throws {
        let trace = try synthesize(.reversal, seed: seed, rate: 240, noise: noise)
        let result = try replay(trace, scene: "scroll", display: Self.display)
        let redirects = result.events.filter { $0.kind == .redirect }
        #expect(redirects.count == 1)
        for event in redirects {
            #expect(event.source == .marker && event.cause == .reversal)
            let response = try #require(event.responseMs)
            #expect(response >= Double(Self.display.presentationDelay) * frameMs(120) - 1e-6)
            #expect(response <= Self.bound, "seed \(seed): \(response) ms")
        }
        #expect(result[.redirectionResponse].count == redirects.count)
    }

    @Test(arguments: ["scroll", "pip"], [UInt64(1), 2, 3, 4])
    func catchStopsTheElementWithinTheSameBound(scene: String, seed: UInt64) throws {
        let trace = try synthesize(.catch, seed: seed, rate: 240, noise: .standard)
        let result = try replay(trace, scene: scene, display: Self.display)
        let catches = result.events.filter { $0.cause == .catch }
        #expect(catches.count == 1)
        for event in catches {
            let response = try #require(event.responseMs)
            #expect(response <= Self.bound, "\(scene) seed \(seed): \(response) ms")
        }
    }

    @Test(arguments: [Gesture.drag, .reversal, .flick], [NoiseModel.off, .standard])
    func trackingErrorAfterThePanBeganIsUnderAHundredthOfAPoint(gesture: Gesture, noise: NoiseModel) throws {
        for scene in ["scroll", "pip"] {
            let result = try replay(try synthesize(gesture, seed: 3, noise: noise), scene: scene)
            let tracking = result[.trackingError]
            #expect(tracking.count > 0, "\(scene) tracked nothing")
            #expect((tracking.max ?? .nan) < 0.01)
        }
    }

    @Test func reversalsAreDetectedWhenTheTraceHasNoMarkers() throws {
        var trace = try synthesize(.reversal, seed: 2, noise: .standard)
        let marker = try #require(trace.samples.first { $0.kind == .marker })
        trace.samples.removeAll { $0.kind == .marker }
        let result = try replay(trace, scene: "scroll")
        let event = try #require(result.events.first)
        #expect(result.events.count == 1)
        #expect(event.source == .detected && event.cause == .reversal)
        // Dated at the turning point: within a couple of sample periods of the true zero crossing.
        #expect(abs(event.time - marker.time) <= 12_500_000)
        #expect(try #require(event.responseMs) <= Self.bound + 10)
    }

    @Test func pauseIsAnsweredByTheHomeSceneSwitchingToTheAppSwitcher() throws {
        for seed in UInt64(1)...3 {
            let result = try replay(try synthesize(.pause, seed: seed, noise: .standard), scene: "home")
            let pause = try #require(result.events.first { $0.kind == .pause })
            #expect(pause.source == .marker)
            // TouchGestures' deceleration detector sees the braking up to ~150 ms before the
            // marker's 10 pt/s instant (docs/GESTURES.md), so the answer may precede it.
            let response = try #require(pause.responseMs)
            #expect(response > -200 && response < 100)
            let detection = try #require(pause.detectionMs)
            #expect(detection > -200 && detection < 50)
            #expect(pause.timerDetectionMs != nil)
            #expect(result[.pauseDetection].count == 1)
        }
    }
}
