import Testing
import TouchInput
import TouchReplay

/// Visible response to the inputs beyond interaction starts that a scene promises to answer
/// (``ResponsiveInputs``: a second finger, a tap's lift, a key), on hand-built traces whose
/// truth is known (docs/METRICS.md "Visible response").
@Suite struct InputResponseTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
    static let frame = 1e9 / 120
    static let step = 1e9 / 240
    static let settings = ReplaySettings(mode: .virtual, display: display)

    /// Finger 1 lands at (300, 400) at t = 0 and rests; finger 2 lands at (400, 400) at
    /// `join` ms; from the next 240 Hz scan on they spread symmetrically along the line
    /// between them by `spread` pt each per scan (the span grows by 2 · `spread`, the
    /// centroid and the angle stay), for `scans` scans; both lift together.
    static func twoFingers(join: Int64 = 50_000_000, spread: Double, scans: Int) -> (samples: [InputSample], scanTimes: [Int64]) {
        var samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 300, y: 400),
                       InputSample(time: join, kind: .touch, phase: .began, id: 2, x: 400, y: 400)]
        var times: [Int64] = []
        for k in 1...scans {
            let t = join + Int64((Double(k) * step).rounded())
            let phase: SamplePhase = k == scans ? .ended : .moved
            samples.append(InputSample(time: t, kind: .touch, phase: phase, id: 1, x: 300 - spread * Double(k), y: 400))
            samples.append(InputSample(time: t, kind: .touch, phase: phase, id: 2, x: 400 + spread * Double(k), y: 400))
            times.append(t)
        }
        return (samples, times)
    }

    /// The vsync of the first frame at or after `t` (the frame that consumes a sample at `t`).
    static func vsync(atOrAfter t: Int64) -> Double { (Double(t) / frame).rounded(.up) * frame }

    @Test(arguments: [10.0, 30.0])
    func aSecondFingerIsTimedToThePinchItStarts(hysteresis: Double) throws {
        let join: Int64 = 50_000_000
        // 2 pt a scan each way. Finger 1's sample of scan k leaves the pair deformed by
        // 2k − 1 pt per finger (finger 2 still at 2(k − 1)); the pinch begins when that
        // exceeds h, at scan k = ⌊(h + 1)/2⌋ + 1, and finger 2's sample of the same scan
        // scales the photo (the pinch took over from what was shown, so nothing jumps).
        let trace = Self.twoFingers(join: join, spread: 2, scans: 40)
        let result = try Replayer.replay(samples: trace.samples, scene: PinchScene(parameters: .init(hysteresis: hysteresis)),
                                         settings: Self.settings)
        let crossing = Int((hysteresis + 1) / 2) + 1
        let shown = trace.scanTimes[crossing - 1]
        let response = result[.response], pipeline = result[.responsePipeline], recognition = result[.responseRecognition]
        // The first finger's touch-down and the second's, answered by the same frame.
        #expect(response.count == 2)
        #expect(result[.feedback].count == 2)
        #expect(result[.unansweredInputs].mean == 0)
        // The second finger: its answer is the frame that consumes the scan that scales.
        let answer = Self.vsync(atOrAfter: shown) + 2 * Self.frame
        let expected = (answer - Double(join)) / 1e6
        #expect(abs(response.minValue - expected) < 1e-3, "\(response.minValue) ms, expected \(expected)")
        // Split: the pipeline is D frames plus the wait for the vsync after the touch-down,
        // at most one frame; the rest is the pinch's recognition, whole frames.
        let batching = (Self.vsync(atOrAfter: join) - Double(join)) / 1e6
        #expect(abs(pipeline.minValue - (2 * Self.frame / 1e6 + batching)) < 1e-3)
        #expect(pipeline.maxValue <= 3 * Self.frame / 1e6 + 1e-6, "pipeline within D + 1 frame")
        let waited = (Self.vsync(atOrAfter: shown) - Self.vsync(atOrAfter: join)) / 1e6
        #expect(abs(recognition.minValue - waited) < 1e-3, "\(recognition.minValue) ms of recognition, expected \(waited)")
    }

    @Test func aPinchThatWaitsForMoreDeformationAnswersTheSecondFingerLater() throws {
        let trace = Self.twoFingers(spread: 2, scans: 40)
        let base = try Replayer.replay(samples: trace.samples, scene: PinchScene(), settings: Self.settings)
        let slow = try Replayer.replay(samples: trace.samples, scene: PinchScene(parameters: .init(hysteresis: 30)),
                                       settings: Self.settings)
        // 20 pt more of half-span at 2 pt a scan: 10 scans (41.7 ms) later, to within the
        // frame boundaries the two answers fall on.
        let later = slow[.response].minValue - base[.response].minValue
        #expect(abs(later - 10 * Self.step / 1e6) <= Self.frame / 1e6 + 1e-6, "\(later) ms")
    }

    @Test func aSecondFingerThatChangesNothingIsUnansweredWhereThePinchIsPromised() throws {
        // Two fingers land and lift without deforming the pair: nothing may change.
        let trace = Self.twoFingers(spread: 0, scans: 20)
        let pinch = try Replayer.replay(samples: trace.samples, scene: PinchScene(), settings: Self.settings)
        #expect(pinch[.response].count == 0)
        #expect(pinch[.unansweredInputs].mean == 2, "the first touch-down and the second finger")
        // A scroll view promises nothing to a second finger: only the first is counted.
        let scroll = try Replayer.replay(samples: trace.samples, scene: ScrollScene(), settings: Self.settings)
        #expect(scroll[.unansweredInputs].mean == 1)
    }

    /// A tap at (200, 300): down at t = 0, lifted at `lift` after resting.
    static func tap(lift: Int64 = 100_000_000) -> [InputSample] {
        [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 200, y: 300),
         InputSample(time: lift / 2, kind: .touch, phase: .moved, id: 1, x: 201, y: 300),
         InputSample(time: lift, kind: .touch, phase: .ended, id: 1, x: 201, y: 300)]
    }

    @Test func aTapsLiftIsTimedInTheButtonAndTheSheet() throws {
        // Off the vsync grid, so the spring the lift starts has run 5.3 ms by the frame
        // that consumes it: enough to show (0.01) in both scenes.
        let lift: Int64 = 103_000_000
        let expected = (Self.vsync(atOrAfter: lift) + 2 * Self.frame - Double(lift)) / 1e6
        for scene in [SceneKind.button, .sheet] {
            let result = try Replayer.replay(samples: Self.tap(lift: lift), metadata: TraceMetadata(), sceneNamed: scene.name,
                                             settings: Self.settings)
            let response = result[.response]
            #expect(response.count == 2, "\(scene): the touch-down and the lift")
            #expect(result[.unansweredInputs].mean == 0)
            #expect(result[.feedback].count == 1, "the lift is not a touch-down")
            // The button highlights at the touch-down (16.7 ms), so its lift is the later
            // answer; the sheet opens at the lift, which answers both, the lift sooner.
            let timed = scene == .button ? response.maxValue : response.minValue
            #expect(abs(timed - expected) < 1e-3, "\(scene): \(timed) ms, expected \(expected)")
        }
    }

    @Test func aDragsLiftIsNoTap() throws {
        // Lifted 30 pt from where it landed: no promise, nothing timed at the lift.
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 200, y: 300),
                       InputSample(time: 50_000_000, kind: .touch, phase: .moved, id: 1, x: 230, y: 300),
                       InputSample(time: 100_000_000, kind: .touch, phase: .ended, id: 1, x: 230, y: 300)]
        let result = try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: "sheet", settings: Self.settings)
        #expect(result[.response].count == 0)
        #expect(result[.unansweredInputs].mean == 1, "only the touch-down, which the closed sheet never answers")
    }

    /// A scene of your own that promises to answer keys and toggles its element on each
    /// key press when `reacts`, or ignores them.
    struct Toggle: Scene {
        var reacts: Bool
        var state = SceneState()
        var responsiveInputs: ResponsiveInputs { .keyPress }
        mutating func handle(_ sample: InputSample) {
            if reacts, sample.kind == .key, sample.phase == .began { state.x = state.x == 0 ? 1 : 0 }
        }
        mutating func advance(to time: Int64) {}
    }

    @Test func aKeyPressIsTimedWhereTheSceneReactsAndUnansweredWhereItDoesNot() throws {
        let keys = [InputSample(time: 10_000_000, kind: .key, phase: .began, key: 4),
                    InputSample(time: 60_000_000, kind: .key, phase: .ended, key: 4),
                    InputSample(time: 2_000_000_000, kind: .key, phase: .began, key: 4),
                    InputSample(time: 2_050_000_000, kind: .key, phase: .ended, key: 4)]
        let reacting = try Replayer.replay(samples: keys, scene: Toggle(reacts: true), settings: Self.settings)
        #expect(reacting[.response].count == 2)
        #expect(reacting[.unansweredInputs].mean == 0)
        // At 10 ms: the frame at 16.7 ms, shown at 33.3 ms (23.3 ms); at 2 s, on a vsync:
        // shown two frames later (16.7 ms).
        #expect(abs(reacting[.response].maxValue - (4 * Self.frame - 10_000_000) / 1e6) < 1e-3)
        #expect(abs(reacting[.response].minValue - 2 * Self.frame / 1e6) < 1e-3)
        let ignoring = try Replayer.replay(samples: keys, scene: Toggle(reacts: false), settings: Self.settings)
        #expect(ignoring[.response].count == 0)
        #expect(ignoring[.unansweredInputs].mean == 2)
        // A key no scene promises to answer is neither timed nor counted.
        let button = try Replayer.replay(samples: keys, metadata: TraceMetadata(), sceneNamed: "button", settings: Self.settings)
        #expect(button[.unansweredInputs].mean == 0 && button[.response].count == 0)
    }
}
