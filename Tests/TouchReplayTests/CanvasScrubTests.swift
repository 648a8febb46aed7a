import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// The canvas's scrubber (issue 18's "a finger scrubs a control while the pencil draws") by
/// hand, with known truth, and through the replayer on synthesized `pencil-and-scrub`.
@Suite("Canvas scrubber")
struct CanvasScrubTests {
    /// The phone's strip (the default scene context, 390 × 844): x 58.5…331.5, 27.3 pt a step,
    /// y 744…788.
    static let layout = ScrubberLayout(screenWidth: 390, screenHeight: 844)

    /// The sample times the frames' scrub signals name.
    static func scrubbed<S: Scene>(_ driver: SceneDriver<S>) -> [Int64] {
        driver.frames.flatMap { frame in
            frame.signals.compactMap { if case .scrubbed(let time, _, _) = $0 { time } else { nil } }
        }
    }

    /// The pencil writes down from (200, 300) every 4 ms from 0 to 120 ms; a finger lands on
    /// step 1 of the strip at 10 ms and slides 20 pt right every 8 ms, ten times, lifting at
    /// 100 ms.
    static func drive(_ parameters: CanvasScene.Parameters) -> (SceneDriver<CanvasScene>, fingerTimes: [Int64]) {
        var driver = SceneDriver(CanvasScene(parameters: parameters))
        var samples: [InputSample] = []
        for k in 0...30 {
            let phase: SamplePhase = k == 0 ? .began : k == 30 ? .ended : .moved
            samples.append(CanvasSceneTests.pencil(phase, Double(k) * 4, x: 200, y: 300 + Double(k) * 3))
        }
        let landing = layout.start(ofStep: 1) + 10
        var fingerTimes: [Int64] = []
        for k in 0...11 {
            let ms = 10 + Double(k) * 8
            let phase: SamplePhase = k == 0 ? .began : k == 11 ? .ended : .moved
            samples.append(touch(phase, ms, x: landing + Double(min(k, 10)) * 20, y: 766, id: 7))
            if k < 11 { fingerTimes.append(Int64(ms * 1e6)) }
        }
        for sample in samples.sorted(by: { $0.time < $1.time }) { driver.feed(sample) }
        driver.render(until: 200_000_000)
        return (driver, fingerTimes)
    }

    @Test("a finger slides the scrubber while the pencil writes: the thumb the frame each sample arrives, ink from the pencil only, the canvas still")
    func scrubWhileDrawing() {
        let (driver, fingerTimes) = Self.drive(.init())
        let scene = driver.scene
        // The landing holds the thumb, each of the ten moves slides it; the lift in place does not.
        #expect(Self.scrubbed(driver) == fingerTimes)
        // 95.8 + 200 = 295.8 pt: step ⌊(295.8 − 58.5) / 27.3⌋ = 8.
        #expect(scene.state.destination == .canvas(CanvasOutcome(ink: .pencil, change: .scrub(8))))
        #expect(scene.strokes.count == 1 && scene.strokes[0].kind == .pencil && scene.strokes[0].points.count == 31)
        #expect(scene.state.x == 0 && scene.state.y == 0 && scene.state.scale == 1)
        // Each signal in the frame that consumed its sample: the first vsync at or after it.
        for frame in driver.frames {
            for case .scrubbed(let time, let contact, let kind) in frame.signals {
                #expect(contact == 7 && kind == .touch && frame.vsync >= time && frame.vsync - time < SceneDriver<CanvasScene>.frame)
            }
        }
    }

    @Test("the pencil on the strip draws and never moves the thumb")
    func pencilOnTheStripDraws() {
        var driver = SceneDriver(CanvasScene())
        for k in 0...10 {
            let phase: SamplePhase = k == 0 ? .began : k == 10 ? .ended : .moved
            driver.feed(CanvasSceneTests.pencil(phase, Double(k) * 4, x: 100 + Double(k) * 15, y: 766))
        }
        driver.render(until: 100_000_000)
        #expect(Self.scrubbed(driver).isEmpty)
        #expect(driver.scene.strokes.count == 1 && driver.scene.strokes[0].points.count == 11)
        #expect(driver.scene.state.destination == .canvas(CanvasOutcome(ink: .pencil, change: .still)))
    }

    @Test("a strip locked while the pencil draws (the broken canvas): the finger's landing and moves show nothing")
    func lockedWhileDrawing() {
        let (driver, _) = Self.drive(.init(scrubsWhileDrawing: false))
        #expect(Self.scrubbed(driver).isEmpty)
        // The gesture drew, and the thumb never showed the finger: not where it was meant.
        #expect(driver.scene.state.destination == .canvas(CanvasOutcome(ink: .pencil, change: .still)))
        // After the pencil lifts, the strip follows a finger again.
        var again = SceneDriver(CanvasScene(parameters: .init(scrubsWhileDrawing: false)))
        again.feed(touch(.began, 0, x: Self.layout.centre(ofStep: 2), y: 766))
        again.feed(touch(.moved, 8, x: Self.layout.centre(ofStep: 6), y: 766))
        again.show()
        #expect(Self.scrubbed(again) == [0, 8_000_000])
        #expect(again.scene.state.destination == .canvas(CanvasOutcome(ink: .none, change: .scrub(6))))
    }

    @Test("canvas outcomes are named and parsed back as intent markers spell them")
    func outcomeNames() {
        let outcomes: [(CanvasOutcome, String)] = [
            (.init(ink: .pencil, change: .pan), "ink+pan"), (.init(ink: .pencil, change: .zoom), "ink+zoom"),
            (.init(ink: .pencil, change: .scrub(7)), "ink+scrub7"), (.init(ink: .finger, change: .pan), "fingerInk+pan"),
            (.init(ink: .none, change: .still), "noInk+still"),
        ]
        for (outcome, name) in outcomes {
            #expect(outcome.description == name && Destination(intentLabel: "intent:" + name) == .canvas(outcome))
            #expect(Destination.canvas(outcome).family == .canvas)
        }
        for bad in ["ink+", "ink+scrub", "ink+scrub07", "ink+scrub-1", "pen+pan", "ink+pan+zoom", "ink"] {
            #expect(Destination(name: bad) == nil, "\(bad)")
        }
    }

    @Test("synthesized pencil-and-scrub through the replayer: intent 1.0, the thumb and the ink within the pipeline, no role error")
    func synthesized() throws {
        var touchFirst = 0
        for seed in UInt64(1)...6 {
            let trace = try synthesize(.pencilAndScrub, seed: seed, rate: 120, noise: .standard)
            let record = try replay(trace, scene: "canvas")
            let scrub = record[.scrubLatency], ink = record[.inkLatency]
            #expect(record[.intentAccuracy].count == 1 && record[.intentAccuracy].meanValue == 1, "seed \(seed)")
            #expect(scrub.count > 20 && scrub.minValue >= 2 * frameMs() - 1e-6 && scrub.maxValue <= 3 * frameMs() + 1e-6, "seed \(seed)")
            #expect(ink.count == trace.samples.filter { $0.kind == .pencil && $0.phase.isInContact }.count, "seed \(seed)")
            #expect(ink.maxValue <= 3 * frameMs() + 1e-6, "seed \(seed)")
            #expect(record[.canvasLatency].count == 0 && record[.fingerInkStrokes].meanValue == 0
                    && record[.pencilCanvasMoves].meanValue == 0, "seed \(seed)")
            #expect(record[.unansweredInputs].meanValue == 0, "seed \(seed)")
            // The intent is stated where the finger enters its step, after the pencil landed:
            // the first frame from there shows it (a scan, a vsync, D frames: under 4 frames).
            #expect(record[.intent].maxValue <= 4 * frameMs() + 1e-6, "seed \(seed)")
            let firstTouch = trace.samples.first { $0.kind == .touch }?.time ?? 0
            let firstPencil = trace.samples.first { $0.kind == .pencil && $0.phase == .began }?.time ?? 0
            if firstTouch < firstPencil { touchFirst += 1 }
        }
        #expect(touchFirst > 0 && touchFirst < 6)
    }

    @Test("the locked strip through the replayer: every seed misses its intent, the thumb shows nothing once the pencil is down")
    func synthesizedLocked() throws {
        for seed in UInt64(1)...6 {
            let trace = try synthesize(.pencilAndScrub, seed: seed, rate: 120, noise: .standard)
            let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
            let record = try Replayer.replay(samples: trace.samples,
                                             scene: CanvasScene(context: context, parameters: .init(scrubsWhileDrawing: false)),
                                             settings: ReplaySettings(mode: .virtual, display: DisplayModel()))
            #expect(record[.intentAccuracy].count == 1 && record[.intentAccuracy].meanValue == 0, "seed \(seed)")
            let pencilDown = trace.samples.first { $0.kind == .pencil && $0.phase == .began }?.time ?? 0
            let before = trace.samples.filter { $0.kind == .touch && $0.time < pencilDown }.count
            let touchFirst = before > 0
            // A finger landing first is shown held, and its tremor before the pencil lands; from
            // the pencil's landing on nothing. One landing on a locked strip is never answered.
            let shown = record[.scrubLatency].count
            #expect(touchFirst ? shown >= 1 && shown <= before : shown == 0, "seed \(seed): \(shown) of \(before)")
            #expect(record[.unansweredInputs].meanValue == (touchFirst ? 0 : 1), "seed \(seed)")
        }
    }
}
