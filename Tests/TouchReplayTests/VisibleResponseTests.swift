import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// Visible response, feedback and dead travel on synthesized traces whose truth is known
/// (docs/METRICS.md "Visible response").
@Suite struct VisibleResponseTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
    static let pipeline = 2 * frameMs(120)

    func run<S: Scene>(_ trace: SynthesizedTrace, _ scene: S) throws -> RunRecord {
        try Replayer.replay(samples: trace.samples, scene: scene, settings: ReplaySettings(mode: .virtual, display: Self.display))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func tapFeedbackIsThePipelinePlusAtMostOneFrame(seed: UInt64) throws {
        let trace = try synthesize(.tap, seed: seed, rate: 240, noise: .standard)
        let result = try run(trace, ButtonScene())
        let feedback = result[.feedback]
        #expect(feedback.count == 1)
        #expect(feedback.minValue >= Self.pipeline - 1e-6 && feedback.maxValue <= Self.pipeline + frameMs(120) + 1e-6, "\(feedback.maxValue) ms")
        // The touch-down and the lift (the highlight going off, a spring that may need a
        // frame to show).
        let response = result[.response]
        #expect(response.count == 2)
        #expect(response.maxValue <= Self.pipeline + 2 * frameMs(120) + 1e-6)
        #expect(result[.responseRecognition].min == 0, "highlighted at the frame that consumed the touch-down")
        #expect(result[.unansweredInputs].mean == 0)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aButtonThatHighlightsOnLiftAnswersAfterTheWholePress(seed: UInt64) throws {
        let trace = try synthesize(.tap, seed: seed, rate: 240, noise: .standard)
        let down = try #require(trace.samples.first { $0.phase == .began }).time
        let lift = try #require(trace.samples.first { $0.phase == .ended }).time
        let hold = Double(lift - down) / 1e6
        let late = try run(trace, ButtonScene(parameters: .init(highlightOnTouchDown: false)))[.feedback]
        #expect(late.count == 1)
        // Shown by the frame that consumes the lift: the hold, then pipeline + batching.
        #expect(late.maxValue >= hold + Self.pipeline - 1e-6 && late.maxValue <= hold + Self.pipeline + frameMs(120) + 1e-6)
        #expect(hold > 50, "the synthesized press lasts \(hold) ms")
    }

    /// The first sample beyond `distance` of the landing point along a drag, and its step.
    func crossing(_ trace: SynthesizedTrace, beyond distance: Double) throws -> (travel: Double, step: Double) {
        let touches = trace.samples.filter { $0.kind == .touch }
        let landing = try #require(touches.first)
        var previous = 0.0
        for sample in touches {
            let travel = ((sample.x - landing.x) * (sample.x - landing.x) + (sample.y - landing.y) * (sample.y - landing.y)).squareRoot()
            if travel > distance { return (travel, travel - previous) }
            previous = travel
        }
        Issue.record("the drag never travels \(distance) pt")
        return (0, 0)
    }

    @Test(arguments: [10.0, 30.0], [UInt64(1), 2, 3])
    func deadTravelIsTheHysteresisWithinOneSamplesTravel(hysteresis: Double, seed: UInt64) throws {
        let trace = try synthesize(.drag, seed: seed, rate: 240, noise: .off)
        let result = try run(trace, ScrollScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120),
                                                parameters: .init(hysteresis: hysteresis)))
        let dead = result[.deadTravel]
        #expect(dead.count == 1)
        let crossing = try crossing(trace, beyond: hysteresis)
        // The pan begins at the first sample beyond the hysteresis; content follows from there.
        #expect(abs(dead.maxValue - crossing.travel) < 1e-3, "dead travel \(dead.maxValue), crossing at \(crossing.travel)")
        #expect(dead.maxValue >= hysteresis && dead.maxValue - hysteresis <= crossing.step)
    }

    @Test func aScrollWheelMovesATouchScrollViewAndOnlyThePointerIsUnanswered() throws {
        let trace = try synthesize(.scrollWheel, seed: 1)
        // Each scroll gesture moves the content (issue 18: scroll steps move it as a finger
        // would); the pointer appearing over the content shows nothing in a scroll view.
        let bursts = trace.samples.filter { $0.kind == .scroll && $0.phase == .began }.count
        let pointers = trace.samples.filter { $0.phase == .hoverEntered }.count
        let result = try replay(trace, scene: "scroll", display: Self.display)
        #expect(bursts > 0 && pointers == 1)
        #expect(result[.response].count == bursts)
        #expect(result[.unansweredInputs].mean == Double(pointers))
        #expect(result[.eventLatency].count > 0, "the pipeline figure still times every sample")
    }
}
