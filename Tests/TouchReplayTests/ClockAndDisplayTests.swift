import Testing
import TouchInput
@testable import TouchReplay
import TraceSynthesis

@Suite struct ClockAndDisplayTests {
    @Test func wallClockAtRateFourIsNeverEarlyAndTakesAQuarterOfTheTrace() throws {
        let trace = try synthesize(.reversal, seed: 1, rate: 120)
        let contacts = trace.samples.filter { $0.kind != .marker }
        let duration = try #require(contacts.last).time - (try #require(contacts.first).time)
        #expect(duration > 500_000_000 && duration < 1_500_000_000)
        let start = ContinuousClock.now
        let result = try Replayer.replay(samples: trace.samples, metadata: trace.metadata, sceneNamed: "scroll",
                                         settings: ReplaySettings(mode: .wallClock(rate: 4), tail: 0))
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .nanoseconds(duration / 4))
        let delivery = result[.deliveryError]
        #expect(delivery.count == result.samples)
        #expect((delivery.min ?? .nan) >= 0)
        #expect(delivery.kind == .timing)
        #expect(result[.eventLatency].kind == .timing)
        #expect(result[.frameIntervalJitter].count == 1)
        #expect(result.events.count == 1)
    }

    /// Hostile report 16 L7: `--rate 1` over a trace with a 146-year gap slept for it. A gap
    /// the wall clock would wait more than a day for is refused before the wait, naming it.
    @Test("a wall-clock replay refuses a pause longer than a day before waiting for it",
          arguments: [(Int64(90_000_000_000_000), 1.0, "1.0 days"), (SampleTime.limit - 1_000, 1.0, "about 146 years"),
                      (Int64(86_400_000_000_000) * 3_000, 1_000.0, "3.0 days")])
    func longPausesAreRefused(gap: Int64, rate: Double, wait: String) throws {
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 10, y: 10),
                       InputSample(time: 1_000, kind: .touch, phase: .ended, id: 1, x: 10, y: 10),
                       InputSample(time: 1_000 + gap, kind: .touch, phase: .began, id: 2, x: 10, y: 10)]
        let replay = { try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: "scroll",
                                           settings: ReplaySettings(mode: .wallClock(rate: rate), tail: 0)) }
        let start = ContinuousClock.now
        let error = try #require(throws: ReplayError.self) { _ = try replay() }
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(error.description.contains("would take \(wait) at --rate"), "\(error)")
        #expect(error.description.contains("the sample at 1000 ns to the next at \(1_000 + gap) ns"), "\(error)")
    }

    /// `--rate` takes max or 0.001 … 1 000 000: an extreme rate is a usage error, and a clock
    /// made at one anyway gives far deadlines, never an overflow trap.
    @Test(arguments: [("max", true), ("1", true), ("0.001", true), ("1000000", true), ("1e15", false), ("1e-300", false),
                      ("1e300", false), ("0", false), ("-1", false), ("nan", false), ("inf", false)])
    func rateArgumentsStayWithinTheClocksRange(text: String, accepted: Bool) {
        #expect((ReplayMode(rate: text) != nil) == accepted)
    }

    @Test func aWallClockAtAnExtremeRateSaturatesInsteadOfTrapping() throws {
        var slow = try #require(WallClock(rate: 1e-300))
        _ = slow.wait(until: Int64.min / 2)
        #expect(slow.deadline(of: Int64.max / 2) == .max)
        var fast = try #require(WallClock(rate: 1e300))
        _ = fast.wait(until: Int64.min / 2)
        while fast.now() == Int64.min / 2 {}
        #expect(fast.now() == .max)
        #expect(WallClock.saturating(.max - 1, plus: 10) == .max)
        #expect(WallClock.saturating(.min + 1, plus: -10) == .min)
        #expect(WallClock.saturating(5, plus: .infinity) == .max)
        #expect(WallClock.saturating(5, plus: 1e300) == .max)
        #expect(WallClock.saturating(5, plus: -1e300) == .min)
        #expect(WallClock.saturating(5, plus: 2) == 7)
    }

    @Test func vsyncGridIsExactAndDoesNotDrift() {
        let display = DisplayModel(refresh: .fixed(120), vsyncPhase: 1_000)
        #expect(display.vsync(0) == 1_000)
        #expect(display.vsync(120) == 1_000_001_000)
        #expect(display.vsync(120 * 3600) == 3_600_000_001_000)
        for time: Int64 in [0, 1_000, 1_001, 8_334_333, 8_334_334, 999_999_999_999] {
            let index = display.index(atOrAfter: time)
            #expect(display.vsync(index) >= time && display.vsync(index - 1) < time)
        }
        #expect(DisplayModel(refresh: .adaptive(24...120)).idleStride == 5)
        #expect(RefreshRate(argument: "10-120") == .adaptive(10...120))
        #expect(RefreshRate(argument: "60") == .fixed(60))
        #expect(RefreshRate(argument: "-3") == nil)
        // No display refreshes once in 17 minutes or a billion times a second.
        for argument in ["0.001", "1e9", "0.5", "1000.5", "0.001-120", "60-1e9", "120-60", "nan", "inf"] {
            #expect(RefreshRate(argument: argument) == nil, "\(argument)")
        }
        #expect(RefreshRate(argument: "1") == .fixed(1))
        #expect(RefreshRate(argument: "1-1000") == .adaptive(1...1000))
        #expect(RefreshRate.forTrace(TraceMetadata(displayHz: 0.001)) == .fixed(120))
    }

    @Test func lateWorkIsShownAtTheFirstDeadlineItMeets() {
        let display = DisplayModel(refresh: .fixed(100), presentationDelay: 2)
        #expect(display.presentationIndex(frame: 10, workEnd: display.vsync(10) + 9_000_000) == 12)
        #expect(display.presentationIndex(frame: 10, workEnd: display.vsync(10) + 10_000_001) == 13)
        #expect(display.presentationIndex(frame: 10, workEnd: display.vsync(10) + 25_000_000) == 14)
    }

    @Test func virtualClockOnlyMovesForward() {
        var clock = VirtualClock(start: 10)
        #expect(clock.wait(until: 5) == 0 && clock.now() == 10)
        clock.spend(7)
        #expect(clock.now() == 17)
        #expect(WallClock(rate: 0) == nil && WallClock(rate: -1) == nil && WallClock(rate: 0.5) != nil)
    }

    @Test func adaptiveDisplayRendersFewerFramesWhenContentSlows() throws {
        let trace = try synthesize(.flick, seed: 2)
        let fixed = try replay(trace, scene: "scroll", display: DisplayModel(refresh: .fixed(120)))
        let adaptive = try replay(trace, scene: "scroll", display: DisplayModel(refresh: .adaptive(24...120)))
        #expect(adaptive.frames < fixed.frames)
        #expect(adaptive[.eventLatency] == fixed[.eventLatency])
    }
}

@Suite("The refresh rate a trace replays at")
struct RefreshForTraceTests {
    @Test("the trace's display rate, else 120 Hz")
    func refreshForTrace() {
        #expect(RefreshRate.forTrace(TraceMetadata(displayHz: 60)) == .fixed(60))
        #expect(RefreshRate.forTrace(TraceMetadata(displayHz: 59.94)) == .fixed(59.94))
        #expect(RefreshRate.forTrace(TraceMetadata()) == .fixed(120))
        #expect(RefreshRate.forTrace(TraceMetadata(displayHz: 0)) == .fixed(120))
        #expect(RefreshRate.forTrace(TraceMetadata(displayHz: 5000)) == .fixed(120))
    }
}

extension ClockAndDisplayTests {
    /// A replay's record states its vsync phase when it is not 0 (no member at 0, so a default
    /// run's file is as it was).
    @Test func aReplaysRecordStatesItsVsyncPhase() throws {
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 100, y: 400),
                       InputSample(time: 50_000_000, kind: .touch, phase: .ended, id: 1, x: 100, y: 400)]
        var settings = ReplaySettings(mode: .virtual)
        #expect(try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: "button", settings: settings).vsyncPhaseNs == nil)
        settings.display.vsyncPhase = 4_000_000
        #expect(try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: "button", settings: settings).vsyncPhaseNs == 4_000_000)
    }
}
