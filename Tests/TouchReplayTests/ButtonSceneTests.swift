import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// The button scene on TouchGestures' tap and double-tap recognizers.
@Suite struct ButtonSceneTests {
    func highlight(_ driver: SceneDriver<ButtonScene>) -> String? {
        driver.scene.recognizerStates().first { $0.name == "tap" }?.state
    }

    @Test func highlightsAtTouchDownCancelsWhenDraggedOutAndReHighlightsWhenBackIn() throws {
        var driver = SceneDriver(ButtonScene())
        // The button (120 × 50) is placed under the first touch: its bottom edge is at
        // y = 425, so the 70 pt slop reaches y = 495.
        driver.feed(touch(.began, 0, x: 200, y: 400))
        #expect(driver.show().x == 1, "pressed at the touch-down frame")
        #expect(highlight(driver) == "highlighted")
        driver.feed(touch(.moved, 20, x: 200, y: 490))
        #expect(driver.show().x == 1, "still inside the hit slop")
        driver.feed(touch(.moved, 40, x: 200, y: 510))
        var state = driver.show()
        #expect(state.targetX == 0 && state.isAnimating, "dragged out: the highlight fades")
        #expect(highlight(driver) != "highlighted")
        driver.feed(touch(.moved, 200, x: 200, y: 520))
        #expect(driver.show().x < 0.01, "faded while outside")
        driver.feed(touch(.moved, 220, x: 205, y: 450))
        state = driver.show()
        #expect(state.x == 1 && state.targetX == 1, "back inside: highlighted again at once")
        #expect(highlight(driver) == "highlighted")
        // The finger wandered more than 10 pt, so it cannot be half of a double tap: the
        // tap is committed at its lift without waiting.
        driver.feed(touch(.ended, 240, x: 205, y: 450))
        state = driver.show()
        #expect(state.destination == .tap)
        #expect(driver.frames.last?.signals == [.tapCommitted(delay: 0)])
    }

    @Test func aLiftOutsideTheSlopIsNoTap() {
        var driver = SceneDriver(ButtonScene())
        driver.feed(touch(.began, 0, x: 200, y: 400))
        driver.feed(touch(.moved, 30, x: 200, y: 600))
        driver.feed(touch(.ended, 60, x: 200, y: 600))
        driver.render(until: 1_000_000_000)
        #expect(driver.scene.state.destination == .none)
        #expect(driver.frames.allSatisfy { $0.signals.isEmpty }, "no tap committed")
        #expect(driver.scene.state.x < 0.01)
    }

    @Test func aTouchBesideTheButtonDoesNotPressIt() {
        var driver = SceneDriver(ButtonScene())
        driver.feed(touch(.began, 0, x: 200, y: 400))
        driver.feed(touch(.ended, 50, x: 200, y: 400))
        driver.render(until: 600_000_000)
        #expect(driver.scene.state.destination == .tap)
        // Lands 100 pt below (outside the button) and slides onto it: not the button's touch.
        driver.feed(touch(.began, 700, x: 200, y: 500, id: 2))
        driver.feed(touch(.moved, 720, x: 200, y: 410, id: 2))
        #expect(driver.show().x == 0)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aSingleTapWaitsForTheDoubleTapToFailAndReportsTheDelay(seed: UInt64) throws {
        let trace = try synthesize(.tap, seed: seed, rate: 240)
        var driver = SceneDriver(ButtonScene())
        for sample in trace.samples { driver.feed(sample) }
        let lift = try #require(trace.samples.last { $0.kind == .touch && $0.phase == .ended }).time
        driver.render(until: lift + 250_000_000)
        #expect(driver.scene.state.destination == .none, "still waiting for a second tap")
        #expect(driver.scene.state.isAnimating, "the wait keeps frames coming")
        driver.render(until: lift + 400_000_000)
        let committed = try #require(driver.frames.first { $0.state.destination == .tap })
        guard case .tapCommitted(let delay)? = committed.signals.first, committed.signals.count == 1 else {
            Issue.record("the committing frame emits one tap signal, not \(committed.signals)")
            return
        }
        // The double tap's 300 ms gap, noticed at the next frame.
        #expect(delay >= 300_000_000 && delay < 300_000_000 + SceneDriver<ButtonScene>.frame)
        #expect(committed.vsync - lift == delay)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theDoubleTapTraceCommitsADoubleTapAtOnceAndNeverASingleTap(seed: UInt64) throws {
        let trace = try synthesize(.doubleTap, seed: seed, rate: 240)
        let lifts = trace.samples.filter { $0.kind == .touch && $0.phase == .ended }.map(\.time)
        let downs = trace.samples.filter { $0.kind == .touch && $0.phase == .began }.map(\.time)
        #expect(lifts.count == 2 && downs.count == 2)
        var driver = SceneDriver(ButtonScene())
        for sample in trace.samples {
            driver.feed(sample)
            if sample.time == lifts[0] && sample.phase == .ended {
                // Between the taps the first one is held back, shown as waiting.
                driver.show()
                #expect(driver.scene.recognizerStates().first?.state == "waitingForDoubleTap")
                #expect(driver.scene.state.destination == .none)
            }
        }
        driver.render(until: lifts[1] + 1_000_000_000)
        #expect(!driver.frames.contains { $0.state.destination == .tap })
        let committed = try #require(driver.frames.first { $0.state.destination == .doubleTap })
        // Committed at the frame of the second lift: no wait.
        #expect(committed.vsync >= lifts[1] && committed.vsync - lifts[1] < SceneDriver<ButtonScene>.frame)
        #expect(committed.signals == [.tapCommitted(delay: 0)])
        #expect(driver.frames.flatMap(\.signals).count == 1, "one commit for the two taps")
        // Had it been a single tap, it would have waited the 300 ms gap: the second tap
        // landed well within it.
        #expect(downs[1] - lifts[0] < 300_000_000)
    }
}
