import Testing
import TouchInput
import TouchReplay

/// A press on a button whose last press is still on screen — its highlight fading, or the
/// button waiting to see whether a double tap follows — is timed like a first press
/// (``ResponsiveInputs/repeatedPress``): the second tap of a double tap has its feedback.
@Suite struct RepeatedPressTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
    static let frame = 1e9 / 120
    static let pipeline = 2 * frameMs(120)

    /// Two taps at (200, 300), each held `hold` ms, the second landing `gap` ms after the
    /// first lifts (ms from the trace start, on whole nanoseconds).
    static func doubleTap(gap: Int64, hold: Int64 = 80) -> (samples: [InputSample], secondDown: Int64) {
        let ms: Int64 = 1_000_000
        let firstUp = 5 * ms + hold * ms, secondDown = firstUp + gap * ms
        let samples = [
            InputSample(time: 5 * ms, kind: .touch, phase: .began, id: 1, x: 200, y: 300),
            InputSample(time: firstUp, kind: .touch, phase: .ended, id: 1, x: 200, y: 300),
            InputSample(time: secondDown, kind: .touch, phase: .began, id: 2, x: 201, y: 300),
            InputSample(time: secondDown + hold * ms, kind: .touch, phase: .ended, id: 2, x: 201, y: 300),
        ]
        return (samples, secondDown)
    }

    /// The presentation of the frame that consumes a sample at `t`, minus `t`, in ms: the
    /// next vsync (on the integer-nanosecond grid) plus the presentation delay.
    static func onTime(_ t: Int64) -> Double {
        let n = (Double(t) * 120 / 1e9).rounded(.up)
        let vsync = (n * 1e9 / 120).rounded(.down)
        return (vsync - Double(t)) / 1e6 + pipeline
    }

    func run(_ samples: [InputSample], _ scene: ButtonScene = ButtonScene()) throws -> RunRecord {
        try Replayer.replay(samples: samples, scene: scene, settings: ReplaySettings(mode: .virtual, display: Self.display))
    }

    /// 40 ms after the first lift its highlight is still fading visibly (a critically
    /// damped 0.15 s spring moves it by about 0.1 a frame then); 200 ms after, it rests but
    /// the button still waits for a double tap. Either way the second press shows at once.
    @Test(arguments: [Int64(40), 200])
    func theSecondTapOfADoubleTapIsHighlightedAtOnce(gap: Int64) throws {
        let trace = Self.doubleTap(gap: gap)
        let result = try run(trace.samples)
        let feedback = result[.feedback]
        #expect(feedback.count == 2)
        // The first press at 5 ms, the second at its own time: each shown by the frame that
        // consumes it, D frames later.
        #expect(abs(feedback.minValue - min(Self.onTime(5_000_000), Self.onTime(trace.secondDown))) < 1e-5)
        #expect(abs(feedback.maxValue - max(Self.onTime(5_000_000), Self.onTime(trace.secondDown))) < 1e-5)
        // Both touch-downs and both lifts (the highlight going off).
        #expect(result[.response].count == 4)
        #expect(result[.unansweredInputs].mean == 0)
        #expect(result[.tapDelay].count == 1 && result[.tapDelay].max == 0, "one double tap, committed at once")
    }

    /// A button that highlights only when a tap is recognized (at the lift): the fade of the
    /// first flash goes on under the second press and must not count as its answer — the
    /// second press is answered by its own flash, a whole hold later.
    @Test(arguments: [Int64(40), 200])
    func aFadeUnderThePressIsNotItsAnswer(gap: Int64) throws {
        let trace = Self.doubleTap(gap: gap, hold: 80)
        let result = try run(trace.samples, ButtonScene(parameters: .init(highlightOnTouchDown: false)))
        let feedback = result[.feedback]
        #expect(feedback.count == 2)
        // Each press waits for its lift, 80 ms, then the frame that consumes it and D frames.
        let first = 80 + Self.onTime(85_000_000), second = 80 + Self.onTime(trace.secondDown + 80_000_000)
        #expect(abs(feedback.minValue - min(first, second)) < 1e-5, "\(feedback.minValue) ms")
        #expect(abs(feedback.maxValue - max(first, second)) < 1e-5, "\(feedback.maxValue) ms")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func synthesizedDoubleTapsTimeBothPresses(seed: UInt64) throws {
        let trace = try synthesize(.doubleTap, seed: seed, rate: 240, noise: .standard)
        let result = try Replayer.replay(samples: trace.samples, scene: ButtonScene(),
                                         settings: ReplaySettings(mode: .virtual, display: Self.display))
        let feedback = result[.feedback]
        #expect(feedback.count == 2)
        #expect(feedback.minValue >= Self.pipeline - 1e-6 && feedback.maxValue <= Self.pipeline + frameMs(120) + 1e-6,
                "\(feedback.minValue)…\(feedback.maxValue) ms")
        #expect(result[.unansweredInputs].mean == 0)
    }
}
