import Testing
import TouchGestures
import TouchInput

/// Hand-made contacts at 120 Hz.
enum Finger {
    static let period: Int64 = 8_333_333

    static func sample(_ step: Int, _ phase: SamplePhase, id: UInt32 = 1, x: Double, y: Double = 100) -> InputSample {
        InputSample(time: Int64(step) * period, kind: .touch, phase: phase, id: id, x: x, y: y)
    }
}

@Suite("tap, double tap and long press")
struct TapAndPressTests {
    @Test("a button: highlight at touch-down, off when dragged out of the slop, on again, commit inside")
    func button() {
        var tap = TapRecognizer(target: Rect(x: 50, y: 80, width: 100, height: 40), hitSlop: 24)
        var events: [GestureEvent] = []
        let path: [(SamplePhase, Double)] = [(.began, 100), (.moved, 150), (.moved, 174), (.moved, 175), (.moved, 200), (.moved, 160), (.ended, 140)]
        var highlights: [Bool] = []
        for (step, (phase, x)) in path.enumerated() {
            tap.handle(Finger.sample(step, phase, x: x), events: &events)
            highlights.append(tap.isHighlighted)
        }
        // maxX 150 + slop 24 = 174 is the last point inside.
        #expect(highlights == [true, true, true, false, false, true, false])
        #expect(events.map(\.state) == [.began, .changed, .changed, .recognized])
        #expect(tap.hasClaimed)
    }

    @Test("lifting outside the slop fails the tap")
    func liftOutside() {
        var tap = TapRecognizer()
        var events: [GestureEvent] = []
        for (step, (phase, x)) in [(SamplePhase.began, 100.0), (.moved, 130), (.ended, 130)].enumerated() {
            tap.handle(Finger.sample(step, phase, x: x), events: &events)
        }
        #expect(events.map(\.state) == [.began, .changed, .failed])
    }

    @Test("a single tap waits for the double tap to fail: the delay is the timeout", arguments: [Int64(200_000_000), 300_000_000])
    func singleTapDelay(timeout: Int64) throws {
        var arena = GestureArena()
        let doubleTap = arena.add(MultiTapRecognizer(maximumGap: timeout))
        let tap = arena.add(TapRecognizer())
        arena.require(tap, toFail: doubleTap)
        var events: [GestureEvent] = []
        events += arena.handle(Finger.sample(0, .began, x: 100))
        events += arena.handle(Finger.sample(10, .ended, x: 100))
        #expect(arena.isWaiting(tap))
        #expect(arena.nextDeadline == 10 * Finger.period + timeout)
        // A frame tick one period before the deadline changes nothing.
        events += arena.advance(to: 10 * Finger.period + timeout - 1)
        #expect(!events.contains { $0.state == .recognized })
        events += arena.advance(to: 10 * Finger.period + timeout)
        let recognized = try #require(events.first { tap.matches($0) && $0.state == .recognized })
        #expect(recognized.delay == timeout)
        #expect(recognized.time == 10 * Finger.period + timeout)
        #expect(events.contains { doubleTap.matches($0) && $0.state == .failed })
        #expect(!arena.isWaiting(tap))
    }

    @Test("a frame-driven replay sees the delay rounded up to its next frame")
    func frameQuantisedDelay() throws {
        var arena = GestureArena()
        let doubleTap = arena.add(MultiTapRecognizer())
        let tap = arena.add(TapRecognizer())
        arena.require(tap, toFail: doubleTap)
        var events = arena.handle(Finger.sample(0, .began, x: 100)) + arena.handle(Finger.sample(10, .ended, x: 100))
        var frame: Int64 = 0
        while !events.contains(where: { tap.matches($0) && $0.state == .recognized }) {
            frame += 1
            events += arena.advance(to: frame * Finger.period)
        }
        let recognized = try #require(events.first { tap.matches($0) && $0.state == .recognized })
        // Lift at frame 10, timeout 300 ms = 36.000001 frames: noticed at frame 47.
        #expect(frame == 47)
        #expect(recognized.delay == 37 * Finger.period)
    }

    @Test("a double tap cancels both held taps; a far second tap fails it")
    func doubleTap() {
        var arena = GestureArena()
        let doubleTap = arena.add(MultiTapRecognizer())
        let tap = arena.add(TapRecognizer())
        arena.require(tap, toFail: doubleTap)
        var events: [GestureEvent] = []
        for sample in [Finger.sample(0, .began, id: 1, x: 100), Finger.sample(8, .ended, id: 1, x: 100),
                       Finger.sample(20, .began, id: 2, x: 103), Finger.sample(28, .ended, id: 2, x: 103)] {
            events += arena.handle(sample)
        }
        #expect(events.filter { doubleTap.matches($0) }.map(\.state) == [.began, .recognized])
        #expect(events.filter { tap.matches($0) }.map(\.state) == [.began, .began, .cancelled, .cancelled])

        var far = GestureArena()
        let farDouble = far.add(MultiTapRecognizer())
        let farTap = far.add(TapRecognizer())
        far.require(farTap, toFail: farDouble)
        events = []
        for sample in [Finger.sample(0, .began, id: 1, x: 100), Finger.sample(8, .ended, id: 1, x: 100),
                       Finger.sample(20, .began, id: 2, x: 160), Finger.sample(28, .ended, id: 2, x: 160)] {
            events += far.handle(sample)
        }
        events += far.advance(throughDeadlinesUpTo: 10_000_000_000)
        #expect(events.filter { farDouble.matches($0) }.map(\.state) == [.began, .failed])
        // The first tap is released the moment the second lands too far. As in UIKit, the
        // failed double tap stays failed until every finger has lifted, so the second tap
        // is recognized at its lift, without waiting.
        let taps = events.filter { farTap.matches($0) && $0.state == .recognized }
        #expect(taps.count == 2, "\(events.map { "\($0.gesture) \($0.state) \($0.time)" })")
        #expect(taps.last?.delay == nil)
        #expect(taps.last?.time == 28 * Finger.period)
        #expect(taps.first?.delay == 12 * Finger.period)
    }

    @Test("long press: progress, then it claims the contact and cancels the tap")
    func longPress() throws {
        var arena = GestureArena()
        let tap = arena.add(TapRecognizer())
        let press = arena.add(LongPressRecognizer())
        var events = arena.handle(Finger.sample(0, .began, x: 100))
        events += arena.handle(Finger.sample(30, .moved, x: 104))
        let progress = try #require(arena[press]).progress(at: 30 * Finger.period)
        #expect(abs(progress - 0.5) < 1e-6)
        events += arena.advance(throughDeadlinesUpTo: 70 * Finger.period)
        let began = try #require(events.first { press.matches($0) && $0.state == .began })
        #expect(began.time == 500_000_000)
        #expect(events.contains { tap.matches($0) && $0.state == .cancelled && $0.time == 500_000_000 })
        events += arena.handle(Finger.sample(80, .ended, x: 104))
        #expect(events.filter { press.matches($0) }.map(\.state) == [.began, .ended])
    }

    @Test("a press turning into a scroll: the pan cancels the press and the tap at the crossing")
    func pressTurnsIntoScroll() {
        var arena = GestureArena()
        let tap = arena.add(TapRecognizer())
        let press = arena.add(LongPressRecognizer(allowableMovement: 30))
        let pan = arena.add(PanRecognizer())
        var events: [GestureEvent] = []
        for step in 0...8 { events += arena.handle(Finger.sample(step, step == 0 ? .began : .moved, x: 100 + Double(step) * 2)) }
        // 12 pt at step 6: the pan begins and the others are cancelled on that sample.
        #expect(events.filter { pan.matches($0) }.first?.time == 6 * Finger.period)
        #expect(events.contains { tap.matches($0) && $0.state == .cancelled && $0.time == 6 * Finger.period })
        #expect(arena[press]?.state == .cancelled)
        #expect(arena.nextDeadline == nil)
        #expect(arena.contacts.first?.recognizers == [pan.index])
    }
}
