import Testing
import TouchInput
import TouchReplay

/// Presented gap and lag on a drag at constant speed, and tracking error that never
/// re-anchors (docs/METRICS.md "Presented gap").
@Suite struct PresentedGapTests {
    /// A finger landing at (100, 400) and moving right at `speed` pt/s, sampled at 240 Hz.
    static func steadyDrag(speed: Double, duration: Double = 0.5) -> [InputSample] {
        let period = 1e9 / 240
        let count = Int(duration * 240)
        return (0...count).map { index in
            let phase: SamplePhase = index == 0 ? .began : index == count ? .ended : .moved
            let t = Double(index) * period
            return InputSample(time: Int64(t.rounded()), kind: .touch, phase: phase, id: 1, x: 100 + speed * t / 1e9, y: 400)
        }
    }

    func run<S: Scene>(_ samples: [InputSample], _ scene: S, delay: Int = 2) throws -> RunRecord {
        try Replayer.replay(samples: samples, scene: scene,
                            settings: ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(120), presentationDelay: delay)))
    }

    @Test func atConstantSpeedTheLagIsThePipelinePlusTheSampleAge() throws {
        let speed = 600.0
        let result = try run(Self.steadyDrag(speed: speed), ScrollScene())
        let lag = result[.presentedLag], gap = result[.presentedGap]
        #expect(lag.count > 40)
        // P − (newest sample consumed): two frames, plus up to one 240 Hz sample period.
        #expect(lag.minValue >= 2 * frameMs(120) - 1e-3 && lag.maxValue <= 2 * frameMs(120) + 1000 / 240 + 1e-3, "\(lag.minValue)…\(lag.maxValue)")
        // The gap is that lag at the finger's speed (the last frames, after the lift, excepted).
        #expect(abs(gap.p50Value - speed * lag.p50Value / 1000) < 0.01, "gap \(gap.p50Value) pt, lag \(lag.p50Value) ms")
        #expect(result[.trackingError].maxValue < 1e-9)
    }

    @Test func oneMoreFrameOfPipelineAddsOneFrameOfLag() throws {
        let samples = Self.steadyDrag(speed: 600)
        let base = try run(samples, ScrollScene())[.presentedLag]
        let slow = try run(samples, ScrollScene(), delay: 3)[.presentedLag]
        #expect(abs((slow.p50Value - base.p50Value) - frameMs(120)) < 1e-3)
        #expect(abs((slow.minValue - base.minValue) - frameMs(120)) < 1e-3)
    }

    /// Follows the finger 1:1 but, 100 ms into the drag, falls 20 pt behind it
    /// while it stops naming the finger for one frame — what re-anchoring used to forgive.
    struct LosingSlider: Scene {
        var state = SceneState()
        var start: (finger: Double, element: Double)?
        var slipped = false
        var hiddenFrame = false
        var fingerX = 0.0
        var began: Int64?

        mutating func handle(_ sample: InputSample) {
            guard sample.kind == .touch else { return }
            fingerX = sample.x
            if began == nil { began = sample.time }
            if start == nil { start = (sample.x, 0) }
            if !slipped, let began, sample.time - began > 100_000_000 {
                slipped = true
                hiddenFrame = true
            }
        }

        mutating func advance(to time: Int64) {
            guard let start else { return }
            state.x = start.element + (fingerX - start.finger) + (slipped ? -20 : 0)
            state.tracking = hiddenFrame ? nil : ContactKey(kind: .touch, id: 1)
            hiddenFrame = false
        }
    }

    @Test func aLostOffsetShowsInTrackingErrorAndGap() throws {
        let result = try run(Self.steadyDrag(speed: 300), LosingSlider())
        #expect(abs(result[.trackingError].maxValue - 20) < 1e-9)
        #expect(result[.trackingError].p50 == 20, "every frame after the slip is 20 pt off")
        // Behind the finger, the slip adds to the pipeline's gap.
        #expect(result[.presentedGap].maxValue >= 20 + 300 * 2 * frameMs(120) / 1000)
    }
}
