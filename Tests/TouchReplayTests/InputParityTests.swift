import Testing
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

/// Scroll steps move the `scroll` scene as a finger would (issue 18), and the same intent —
/// scroll the content by D points — ends at the same place by touch drag, trackpad scroll
/// and mouse wheel.
@Suite("Input parity")
struct InputParityTests {
    /// A minimum-jerk travel of `length` over `duration` seconds, at τ in 0…1.
    static func minimumJerk(_ tau: Double) -> Double { MinimumJerk.position(tau) }

    /// Where the content of a fresh scroll scene rests after `samples`, two seconds on.
    static func restingContent(_ samples: [InputSample]) -> SceneState {
        var driver = SceneDriver(ScrollScene())
        for sample in samples { driver.feed(sample) }
        driver.render(until: (samples.last?.time ?? 0) + 2_000_000_000)
        return driver.scene.state
    }

    /// The intent: show the content `distance` points further down (content moves up).
    static let distance = 300.0

    /// A finger dragging up by `distance` over 0.5 s at 120 Hz, held still 150 ms, lifted.
    static func touchDrag() -> [InputSample] {
        var samples: [InputSample] = []
        for k in 0...60 {
            let y = 600 - distance * minimumJerk(Double(k) / 60)
            samples.append(touch(k == 0 ? .began : .moved, Double(k) * 1000 / 120, x: 195, y: y))
        }
        samples.append(touch(.ended, 650, x: 195, y: 600 - distance))
        return samples
    }

    /// The same move on a trackpad: one scroll step per scan, positive dy scrolls down.
    static func trackpad() -> [InputSample] {
        var samples: [InputSample] = []
        var previous = 0.0
        for k in 0...61 {
            let travelled = distance * minimumJerk(min(1, Double(k) / 60))
            let phase: SamplePhase = k == 0 ? .began : k == 61 ? .ended : .moved
            samples.append(InputSample(time: Int64(Double(k) * 1e9 / 120), kind: .scroll, phase: phase, x: 195, y: 400,
                                       scrollDelta: (0, travelled - previous)))
            previous = travelled
        }
        return samples
    }

    /// A mouse wheel: ten notches of 30 pt, 40 ms apart.
    static func wheel() -> [InputSample] {
        (0..<10).map { k in
            InputSample(time: Int64(k) * 40_000_000, kind: .scroll, phase: k == 0 ? .began : k == 9 ? .ended : .moved,
                        x: 195, y: 400, scrollDelta: (0, 30))
        }
    }

    /// How far apart the outcomes may be: the pan's hysteresis (10 pt), which only the finger
    /// has, plus the step of the sample that crosses it (1.7 pt on this move at 120 Hz).
    static let tolerance = 12.0

    @Test("touch drag, trackpad scroll and mouse wheel with the same intent end within 12 pt of each other")
    func sameIntentSameOutcome() {
        let start = ScrollScene().state
        let byTouch = Self.restingContent(Self.touchDrag()).y - start.y
        let byTrackpad = Self.restingContent(Self.trackpad()).y - start.y
        let byWheel = Self.restingContent(Self.wheel()).y - start.y
        // Scroll steps carry no touch slop: exactly the intent.
        #expect(abs(byTrackpad + Self.distance) < 1e-9 && abs(byWheel + Self.distance) < 1e-9)
        // The finger's travel up to the sample past its 10 pt hysteresis moves nothing; the
        // rest is 1:1 (here the crossing sample is at 10.65 pt).
        #expect(byTouch >= -Self.distance + 10 && byTouch <= -Self.distance + 12, "\(byTouch)")
        #expect(abs(byTouch - byTrackpad) <= Self.tolerance && abs(byTouch - byWheel) <= Self.tolerance)
    }

    @Test("synthesized wheel and trackpad scrolls move the content by exactly the sum of their steps", arguments: [Gesture.scrollWheel, .trackpadScroll])
    func synthesizedScrollsMoveTheContent(gesture: Gesture) throws {
        for seed in UInt64(1)...5 {
            let trace = try synthesize(gesture, seed: seed, rate: 120, noise: .standard)
            let steps = trace.samples.compactMap(\.scrollDelta)
            let total = steps.reduce((0.0, 0.0)) { ($0.0 + $1.dx, $0.1 + $1.dy) }
            #expect(!steps.isEmpty)
            var driver = SceneDriver(ScrollScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120)))
            let start = driver.scene.state
            for sample in trace.samples { driver.feed(sample) }
            driver.render(until: (trace.samples.last?.time ?? 0) + 2_000_000_000)
            let end = driver.scene.state
            #expect(abs(end.x - start.x + total.0) < 1e-6 && abs(end.y - start.y + total.1) < 1e-6, "\(gesture) seed \(seed)")
            #expect(!end.isAnimating)
        }
    }

    @Test("the bundled scroll-wheel trace moves the scroll scene: both bursts answered (only the pointer appearing is not)")
    func bundledWheelMovesContent() throws {
        let record = try IntentTests.replayBundled("scroll-wheel", scene: { ScrollScene(context: $0) }, name: "scroll")
        // Before scroll steps moved the content: 3 unanswered (the pointer and both bursts).
        #expect(record[.unansweredInputs].meanValue == 1)
        #expect(record[.response].count == 2 && record[.response].maxValue < 3 * frameMs())
        #expect(record[.stuckAnimations].meanValue == 0)
    }

    @Test("a scroll that starts while content coasts catches it, as a finger does")
    func scrollCatchesCoastingContent() {
        var driver = SceneDriver(ScrollScene())
        for k in 0...8 { driver.feed(touch(k == 0 ? .began : .moved, Double(k) * 8, x: 195, y: 600 - Double(k) * 30)) }
        driver.feed(touch(.ended, 72, x: 195, y: 330))
        driver.render(until: 150_000_000)
        #expect(driver.scene.state.isAnimating)
        driver.feed(InputSample(time: 150_000_000, kind: .scroll, phase: .began, x: 195, y: 400, scrollDelta: (0, 0)))
        let caught = driver.show()
        driver.render(until: 300_000_000)
        #expect(!driver.scene.state.isAnimating && driver.scene.state.y == caught.y)
    }

    @Test("the bundled trackpad-scroll trace moves the scroll scene by exactly the sum of its steps and answers each pan")
    func bundledTrackpadMovesContent() throws {
        let reader = try TraceReader(path: IntentTests.root.appendingPathComponent("Traces/trackpad-scroll.touchtrace").path)
        var cursor = reader.makeCursor()
        var total = 0.0, pans = 0
        try cursor.forEachBatch { batch in
            for sample in batch where sample.kind == .scroll {
                total += sample.scrollDelta?.dy ?? 0
                if sample.phase == .began { pans += 1 }
            }
        }
        var driver = SceneDriver(ScrollScene(context: SceneContext(metadata: reader.metadata, refreshHz: 120)))
        let start = driver.scene.state
        cursor = reader.makeCursor()
        try cursor.forEachBatch { batch in for sample in batch { driver.feed(sample) } }
        driver.render(until: driver.vsync + 2_000_000_000)
        #expect(abs(driver.scene.state.y - start.y + total) < 1e-6 && total != 0)
        let record = try IntentTests.replayBundled("trackpad-scroll", scene: { ScrollScene(context: $0) }, name: "scroll")
        // The `began` step of a minimum-jerk pan carries 0 pt: the next scan's step, one frame
        // later, is the first that moves the content (33.1 ms: 8.3 of it recognition).
        #expect(record[.response].count == pans && record[.response].maxValue < 4 * frameMs())
        #expect(record[.responseRecognition].maxValue <= frameMs() + 1e-6)
        // Only the pointer appearing goes unanswered, as for the wheel.
        #expect(record[.unansweredInputs].meanValue == 1)
    }

    @Test("the board scrolled by finger, mouse drag, trackpad and wheel: each ends within the hysteresis of the others",
          arguments: UInt64(1)...3)
    func boardParity(seed: UInt64) throws {
        let trace = try synthesize(.parity, seed: seed, rate: 120, noise: .standard)
        let scene = BoardScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120))
        let record = try Replayer.replay(samples: trace.samples, scene: scene, sceneName: "board", settings: ReplaySettings(mode: .virtual))
        // Wheel and trackpad carry the board exactly 240 pt; the finger and the mouse lose the
        // travel to the sample past the 10 pt hysteresis (about 11 pt) and their tremor.
        let spread = record[.paritySpread].meanValue
        #expect(spread > 10 && spread < 16, "seed \(seed): \(spread) pt")
        // Steps answer in the frame that takes them; the drags after the hysteresis.
        let responses = record[.parityResponseSpread].meanValue
        #expect(responses > 50 && responses < 120, "seed \(seed): \(responses) ms")
        #expect(record[.stuckAnimations].meanValue == 0)
    }
}
