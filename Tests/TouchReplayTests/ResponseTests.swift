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
    func reversalIsAnsweredWithinDelayPlusThreeFrames(noise: NoiseModel, seed: UInt64) throws {
        let trace = try synthesize(.reversal, seed: seed, rate: 240, noise: noise)
        let result = try replay(trace, scene: "scroll", display: Self.display)
        let redirects = result.events.filter { $0.kind == .redirect }
        #expect(redirects.count == 1)
        for event in redirects {
            #expect(event.source == .marker && event.cause == .reversal)
            let response = try #require(event.responseMs)
            #expect(response >= Double(Self.display.presentationDelay) * frameMs(120) - 1e-6)
            // Coming back past the 0.5 pt noise floor takes up to one frame more than a step.
            #expect(response <= Self.bound + frameMs(120), "seed \(seed): \(response) ms")
        }
        #expect(result[.reversalResponse].count == redirects.count)
        #expect(result[.catchResponse].count == 0 && result[.pauseResponse].count == 0)
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

/// A catch counts only when the element then follows the catching finger.
@Suite struct CatchFollowTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func anElementThatFreezesAndIgnoresTheFingerLeavesTheCatchUnanswered(seed: UInt64) throws {
        let flick = try synthesize(.flick, seed: seed, rate: 240)
        let lift = try #require(flick.samples.last { $0.kind == .touch && $0.phase == .ended }).time
        // A second finger lands on the coasting content 150 ms after the lift and drags it
        // 60 pt down over a quarter of a second.
        var samples = flick.samples
        for step in 0...60 {
            let phase: SamplePhase = step == 0 ? .began : step == 60 ? .ended : .moved
            samples.append(InputSample(time: lift + 150_000_000 + Int64(step) * 4_166_667, kind: .touch, phase: phase,
                                       id: 9, x: 200, y: 400 + Double(step)))
        }
        let settings = ReplaySettings(mode: .virtual)
        let context = SceneContext(metadata: flick.metadata, refreshHz: 120)
        let following = try Replayer.replay(samples: samples, scene: ScrollScene(context: context), settings: settings)
        #expect(following[.catchResponse].count == 1)
        #expect((following[.catchResponse].max ?? .infinity) <= 2 * frameMs(120) + frameMs(120) + 1e-6)
        // A scroll view that stops under the catching finger, then ignores it.
        let frozen = try Replayer.replay(samples: samples, scene: IgnoresTheCatcher(base: ScrollScene(context: context)),
                                         settings: settings)
        #expect(frozen[.catchResponse].count == 0)
        #expect(frozen.events.contains { $0.cause == .catch && $0.responseMs == nil })
    }
}

/// The scroll view, except that a second touch (id 9) only ever lands: it stops the content,
/// which then ignores it.
struct IgnoresTheCatcher: Scene {
    var base: ScrollScene
    var state: SceneState { base.state }
    mutating func handle(_ sample: InputSample) {
        if sample.id == 9 && sample.phase != .began { return }
        base.handle(sample)
    }
    mutating func advance(to time: Int64) { base.advance(to: time) }
}
