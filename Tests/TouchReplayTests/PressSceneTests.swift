import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// The `press` scene (issue 18's press with force) by hand, with known truth, and through the
/// replayer on synthesized force presses.
@Suite("Press scene")
struct PressSceneTests {
    /// A touch sample at `ms` milliseconds pressing with `force`.
    static func pressing(_ phase: SamplePhase, _ ms: Double, force: Double) -> InputSample {
        InputSample(time: Int64(ms * 1e6), kind: .touch, phase: phase, id: 1, x: 200, y: 400, force: force)
    }

    /// Feeds the forces one sample every 8 ms from `start`, showing the frame after each.
    static func feed(_ forces: [Double], from start: Double, into driver: inout SceneDriver<PressScene>,
                     began: Bool = false) -> [SceneState] {
        forces.enumerated().map { index, force in
            driver.feed(pressing(began && index == 0 ? .began : .moved, start + Double(index) * 8, force: force))
            return driver.show()
        }
    }

    @Test("the scale follows the force the frame each sample arrives; the sample reaching 0.6 switches it on; relaxing and lifting keep it on")
    func pressPastTheThreshold() {
        var driver = SceneDriver(PressScene())
        let rise = [0.1, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.7, 0.8]
        let shown = Self.feed(rise, from: 0, into: &driver, began: true)
        for (force, state) in zip(rise, shown) {
            let expected = force >= 0.6 ? PressScene.committedScale : 1 + 0.25 * force / 0.6
            #expect(abs(state.scale - expected) < 1e-12, "force \(force): \(state.scale)")
            #expect(state.destination == (force >= 0.6 ? .switchedOn : .switchedOff), "force \(force)")
        }
        // Each sample that changed the scale is named in the frame that shows it.
        let times = driver.frames.flatMap(\.signals).compactMap { if case .forceShown(let time) = $0 { time } else { nil } }
        #expect(times == (0...6).map { Int64(Double($0) * 8 * 1e6) })
        // The finger sheds its force before it lifts: below 0.4 the control follows it again.
        let fall = Self.feed([0.6, 0.45, 0.35, 0.2], from: 72, into: &driver)
        #expect(fall.map(\.destination) == [.switchedOn, .switchedOn, .switchedOn, .switchedOn])
        #expect(fall[1].scale == PressScene.committedScale && abs(fall[2].scale - (1 + 0.25 * 0.35 / 0.6)) < 1e-12)
        driver.feed(Self.pressing(.ended, 110, force: 0.05))
        driver.render(until: 2_000_000_000)
        #expect(driver.scene.state.destination == .switchedOn && driver.scene.state.scale == 1 && !driver.scene.state.isAnimating)
    }

    @Test("a press that peaks below the threshold grows and cancels: the switch stays off")
    func pressBelowTheThreshold() {
        var driver = SceneDriver(PressScene())
        let shown = Self.feed([0.1, 0.3, 0.5, 0.3, 0.1], from: 0, into: &driver, began: true)
        #expect(abs(shown[2].scale - (1 + 0.25 * 0.5 / 0.6)) < 1e-12)
        driver.feed(Self.pressing(.ended, 48, force: 0.05))
        driver.render(until: 2_000_000_000)
        #expect(shown.allSatisfy { $0.destination == .switchedOff } && driver.scene.state.destination == .switchedOff)
    }

    @Test("wavering about the threshold: one flip with hysteresis, one per crossing without")
    func hysteresis() {
        let waver = [0.3, 0.61, 0.57, 0.62, 0.55, 0.63, 0.58]
        var reference = SceneDriver(PressScene())
        let steady = Self.feed(waver, from: 0, into: &reference, began: true)
        #expect(steady.map(\.destination) == [.switchedOff] + Array(repeating: .switchedOn, count: 6))
        var broken = SceneDriver(PressScene(parameters: .init(hysteresis: 0)))
        let flicker = Self.feed(waver, from: 0, into: &broken, began: true)
        #expect(flicker.map(\.destination) == [.switchedOff, .switchedOn, .switchedOn, .switchedOff, .switchedOff, .switchedOn, .switchedOn])
    }

    @Test("synthesized force presses through the replayer: every intent met, no flicker, feedback within the pipeline")
    func synthesizedPresses() throws {
        for seed in UInt64(1)...6 {
            let record = try replay(try synthesize(.forcePress, seed: seed, rate: 120, noise: .standard), scene: "press")
            #expect(record[.intentAccuracy].count == 3 && record[.intentAccuracy].min == 1, "seed \(seed)")
            #expect(record[.pressFlickers].meanValue == 0 && record[.stuckAnimations].meanValue == 0, "seed \(seed)")
            // A 120 Hz sample waits at most a frame for its vsync, then two frames to the glass.
            let feedback = record[.pressFeedback]
            #expect(feedback.count > 30 && feedback.minValue >= 2 * frameMs() - 1e-6 && feedback.maxValue <= 3 * frameMs() + 1e-6,
                    "seed \(seed): \(feedback.minValue)…\(feedback.maxValue)")
        }
    }

    @Test("the broken switches through the replayer: without hysteresis it flickers and misses; a look that waits for the commit is late")
    func brokenVariants() throws {
        var flickering = 0
        for seed in UInt64(1)...6 {
            let trace = try synthesize(.forcePress, seed: seed, rate: 120, noise: .standard)
            let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
            func run(_ parameters: PressScene.Parameters) throws -> RunRecord {
                try Replayer.replay(samples: trace.samples, scene: PressScene(context: context, parameters: parameters),
                                    settings: ReplaySettings(mode: .virtual, display: DisplayModel()))
            }
            let unstable = try run(.init(hysteresis: 0))
            if unstable[.pressFlickers].meanValue > 0 && unstable[.intentAccuracy].meanValue < 1 { flickering += 1 }
            let late = try run(.init(followsForce: false))
            #expect(late[.pressFeedback].p50Value > 75, "seed \(seed): \(late[.pressFeedback].p50Value)")
        }
        #expect(flickering >= 4, "\(flickering) of 6 seeds")
    }
}
