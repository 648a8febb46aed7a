import Testing
import TouchBenchSupport
import TouchGestures
import TouchInput

/// Contacts and their sessions in the arena, as the gesture oracle rounds of 5 December found
/// them wanting: a claim held for one touch stays with that touch, a touch that lands again
/// without lifting starts afresh, a pencil sharing a finger's id is a contact of its own, a
/// finger joining a pan starts no tap or long press of its own, the double tap's gap is the
/// time before which the next touch-down must come, a finger that stops reporting pauses at
/// the timer's deadline, and a rotation's lift counts where the finger lifted.
@Suite struct ArenaSessionTests {
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    static func touch(_ ms: Double, _ phase: SamplePhase, id: UInt32, x: Double, y: Double = 400) -> InputSample {
        InputSample(time: Int64((ms * 1e6).rounded()), kind: .touch, phase: phase, id: id, x: x, y: y)
    }

    static func events(_ samples: [InputSample]) -> [GestureEvent] {
        StandardArena.events(of: samples, screen: screen).filter { $0.state != .changed }
    }

    /// A tap, then a 60 pt drag by a second touch that reuses the tap's id or not.
    static func tapThenDrag(secondID: UInt32) -> [InputSample] {
        var samples = [touch(0, .began, id: 1, x: 100), touch(50, .ended, id: 1, x: 100), touch(150, .began, id: secondID, x: 100)]
        for step in 1...20 { samples.append(touch(150 + 10 * Double(step), step == 20 ? .ended : .moved, id: secondID, x: 100 + 3 * Double(step))) }
        return samples
    }

    /// Before: with the id reused, the tap's claim, released when the double tap failed,
    /// cancelled the pan following the new touch (no pan at all), and the tap recognizer
    /// reported began, began, cancelled, cancelled.
    @Test func aHeldClaimDoesNotReachALaterTouchWithTheSameID() {
        let reused = Self.events(Self.tapThenDrag(secondID: 1))
        let fresh = Self.events(Self.tapThenDrag(secondID: 2))
        let summary = { (events: [GestureEvent]) in events.map { "\($0.time) \($0.gesture.name) \($0.state.rawValue)" } }
        #expect(summary(reused) == summary(fresh))
        #expect(reused.contains { $0.gesture == .pan && $0.state == .ended })
        #expect(!reused.contains { $0.gesture == .pan && $0.state == .cancelled })
    }

    /// A touch lands, then lands again 283 pt away at 100 ms without having lifted, and is
    /// held still: the long press times its 500 ms from the second landing. Before, it began
    /// at 500 ms (from the first), and a drag after such a landing was taken by the pan as a
    /// second finger, its translation jumping by half the distance between the landings.
    @Test func aTouchLandingAgainWithoutLiftingStartsAfresh() throws {
        var still = [Self.touch(0, .began, id: 1, x: 50), Self.touch(50, .moved, id: 1, x: 50), Self.touch(100, .began, id: 1, x: 333)]
        for step in 1...70 { still.append(Self.touch(100 + 10 * Double(step), step == 70 ? .ended : .stationary, id: 1, x: 333)) }
        let press = try #require(Self.events(still).first { $0.gesture == .longPress && $0.state == .began })
        #expect(press.time == 600_000_000)

        // A drag after the second landing pans as the same drag from a touch that landed once.
        var drag = [Self.touch(100, .began, id: 1, x: 150)]
        for step in 1...10 { drag.append(Self.touch(100 + 10 * Double(step), step == 10 ? .ended : .moved, id: 1, x: 150 + 2 * Double(step))) }
        let landedTwice = [Self.touch(0, .began, id: 1, x: 50)] + drag
        let panEnd = { (events: [GestureEvent]) in events.first { $0.gesture == .pan && $0.state == .ended } }
        let once = try #require(panEnd(Self.events(drag)))
        let twice = try #require(panEnd(Self.events(landedTwice)))
        #expect(twice.translation == once.translation && twice.time == once.time)
    }

    /// The second touch-down must come before the gap ends: at exactly 300 ms after the lift
    /// the double tap has failed (its deadline fires first), 1 ns earlier it is recognized.
    @Test(arguments: [(Int64(299_999_999), true), (300_000_000, false), (300_000_001, false)])
    func theSecondTouchDownMustComeBeforeTheGap(gap: Int64, recognized: Bool) {
        let lift: Int64 = 50_000_000
        let samples = [
            InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 100, y: 400),
            InputSample(time: lift, kind: .touch, phase: .ended, id: 1, x: 100, y: 400),
            InputSample(time: lift + gap, kind: .touch, phase: .began, id: 1, x: 100, y: 400),
            InputSample(time: lift + gap + 50_000_000, kind: .touch, phase: .ended, id: 1, x: 100, y: 400),
        ]
        let doubleTaps = Self.events(samples).filter { $0.gesture == .doubleTap && $0.state == .recognized }
        #expect(doubleTaps.count == (recognized ? 1 : 0), "gap \(gap)")
    }

    /// A finger drags at 600 pt/s, slows to a stop over 150 ms and rests, while a pencil taps
    /// elsewhere with the id `pencilID`.
    static func fingerAndPencil(pencilID: UInt32) -> [InputSample] {
        var samples: [InputSample] = []
        var x = 60.0
        for step in 0...120 {
            let ms = Double(step) * 1000 / 120
            let speed = ms < 300 ? 600 : ms < 450 ? 600 * (450 - ms) / 150 : 0
            if step > 0 { x += speed / 120 }
            samples.append(touch(ms, step == 0 ? .began : step == 120 ? .ended : .moved, id: 1, x: x, y: 300))
        }
        let pen = { (ms: Double, phase: SamplePhase) in
            InputSample(time: Int64(ms * 1e6), kind: .pencil, phase: phase, id: pencilID, x: 300, y: 700)
        }
        samples += [pen(300.5, .began), pen(350.5, .ended)]
        return samples.sorted { $0.time < $1.time }
    }

    /// Tap, double tap, long press, the pause detectors and hover followed a contact by id
    /// alone: a pencil sharing the finger's id became the finger (a pause reported at 342 ms
    /// while the finger ran at 600 pt/s, the finger's real pauses lost). Now the run is what
    /// it is with the pencil numbered 2, but for the pencil's own events' ids.
    @Test func aPencilSharingAFingersIDIsAContactOfItsOwn() {
        let summary = { (events: [GestureEvent]) in events.map { "\($0.time) \($0.gesture.name) \($0.state.rawValue)" } }
        let shared = Self.events(Self.fingerAndPencil(pencilID: 1))
        let apart = Self.events(Self.fingerAndPencil(pencilID: 2))
        #expect(summary(shared) == summary(apart))
        #expect(apart.contains { $0.gesture == .pause && $0.time > 300_000_000 })
        #expect(!shared.contains { $0.gesture == .pause && $0.time < 300_000_000 })
    }
}

extension ArenaSessionTests {
    /// A 300 pt/s drag whose samples stop at 250 ms: the timer pause is due 40 ms (the stop
    /// gap) + 100 ms later, at 390 ms, whether the finger then lifts at 1 s, reports again at
    /// 1 s, or never lifts. Before, the pause came at the next sample (1 s) or not at all.
    @Test(arguments: ["lift", "stationary", "none"])
    func aFingerThatStopsReportingPausesAtTheTimersDeadline(after: String) throws {
        var samples = (0...30).map { step in
            ArenaSessionTests.touch(Double(step) * 250 / 30, step == 0 ? .began : .moved, id: 1, x: 100 + 75 * Double(step) / 30)
        }
        if after == "lift" { samples.append(Self.touch(1000, .ended, id: 1, x: 175)) }
        if after == "stationary" { samples.append(Self.touch(1000, .stationary, id: 1, x: 175)) }
        let timer = Self.events(samples).filter { $0.gesture == .pause && $0.detector == .timer }
        #expect(timer.map(\.time) == [390_000_000], "\(after)")
    }
}

extension ArenaSessionTests {
    /// Finger 1 pans right 2 pt every 10 ms and lifts at 600 ms; finger 2 lands at 200 ms and
    /// drags 20 pt (lifting at 300 ms) or holds still to 700 ms. The tap, double tap and long
    /// press the pan cancelled stay finished until finger 1 lifts: one pan from 60 ms to its
    /// lift, as the docs' centroid rule gives (moved 106 pt: 220 less the joins' net jump).
    /// Before, they reset when the second finger landed, and recognized on it: a tap or a long
    /// press on finger 2 cancelled the pan.
    @Test(arguments: [false, true])
    func aFingerJoiningAPanDoesNotStartATapOrLongPress(holds: Bool) throws {
        var samples: [InputSample] = []
        for step in 0...60 {
            samples.append(Self.touch(10 * Double(step), step == 0 ? .began : step == 60 ? .ended : .moved, id: 1, x: 100 + 2 * Double(step)))
        }
        if holds {
            samples.append(Self.touch(200, .began, id: 2, x: 250, y: 300))
            for step in 1...50 { samples.append(Self.touch(200 + 10 * Double(step), step == 50 ? .ended : .stationary, id: 2, x: 250, y: 300)) }
        } else {
            for step in 0...10 { samples.append(Self.touch(200 + 10 * Double(step), step == 0 ? .began : step == 10 ? .ended : .moved, id: 2, x: 250 + 2 * Double(step), y: 300)) }
        }
        samples.sort { $0.time < $1.time }
        let events = Self.events(samples)
        #expect(!events.contains { $0.state == .cancelled && $0.gesture == .pan })
        #expect(!events.contains { ($0.gesture == .tap || $0.gesture == .longPress) && ($0.state == .recognized || $0.state == .began) && $0.contact == 2 })
        // The pan follows both fingers: it ends when the last of them lifts.
        let ended = try #require(events.first { $0.gesture == .pan && $0.state == .ended })
        #expect(ended.time == (holds ? 700_000_000 : 600_000_000))
    }

    /// Two fingers 100 pt apart turn 2° every 10 ms about (200, 400); the first lifts at
    /// 200 ms. Its lift reports the angle at the lift's positions, as the same gesture whose
    /// last move comes before a lift in place does. Before, the lift's move reached the midpoint
    /// but not the angle, which stayed a sample behind (0.454 rad where the pair had turned
    /// 0.471).
    @Test func aRotationsLiftCountsTheLiftsPosition() throws {
        func finger(_ step: Int, _ phase: SamplePhase, id: UInt32, ms: Double? = nil) -> InputSample {
            let angle = Double(step) * 2 * .pi / 180 + (id == 1 ? 0 : .pi)
            return Self.touch(ms ?? 10 * Double(step), phase, id: id, x: 200 + 50 * cos(angle), y: 400 + 50 * sin(angle))
        }
        func run(moveThenLift: Bool) throws -> GestureEvent {
            var samples: [InputSample] = []
            for step in 0..<20 {
                samples += [finger(step, step == 0 ? .began : .moved, id: 1), finger(step, step == 0 ? .began : .moved, id: 2)]
            }
            if moveThenLift {
                samples += [finger(20, .moved, id: 1), finger(20, .ended, id: 1, ms: 200.001)]
            } else {
                samples += [finger(20, .ended, id: 1)]
            }
            return try #require(Self.events(samples).first { $0.gesture == .rotation && $0.state == .ended })
        }
        let inPlace = try run(moveThenLift: true), moving = try run(moveThenLift: false)
        let turned = try #require(moving.rotation), expected = try #require(inPlace.rotation)
        #expect(turned == expected, "\(turned) against \(expected)")
    }
}

extension ArenaSessionTests {
    /// A touch drags 60 pt, then lands again 300 pt away without having lifted: its pan is
    /// cancelled where the finger was last seen, with the translation of its last change.
    /// Before, it was cancelled where the finger landed again, and the jump between the two
    /// (300 pt) was reported as the pan's translation.
    @Test func aTouchLandingAgainIsCancelledWhereItWasLastSeen() throws {
        var samples = [Self.touch(0, .began, id: 1, x: 50)]
        for step in 1...20 { samples.append(Self.touch(10 * Double(step), .moved, id: 1, x: 50 + 3 * Double(step))) }
        samples.append(Self.touch(210, .began, id: 1, x: 50, y: 700))
        let events = StandardArena.events(of: samples, screen: Self.screen)
        let lastChange = try #require(events.last { $0.gesture == .pan && $0.state == .changed })
        let cancel = try #require(events.first { $0.gesture == .pan && $0.state == .cancelled })
        #expect(cancel.time == 210_000_000)
        #expect(cancel.translation == lastChange.translation, "\(String(describing: cancel.translation))")
        #expect(cancel.location == Point(x: 110, y: 400))
    }
}

extension ArenaSessionTests {
    /// A pencil hovers, draws a stroke and, lifted, enters hover again (as evdev imports
    /// write it): its hover, which outlasts the press, ends where the pencil lifted. Before,
    /// it ended where the pencil hovered before the stroke.
    @Test func aHoverEnteredAgainAfterAPressEndsWhereThePencilLifted() throws {
        let pen = { (ms: Double, phase: SamplePhase, x: Double) in
            InputSample(time: Int64(ms * 1e6), kind: .pencil, phase: phase, id: 1, x: x, y: 400)
        }
        let samples = [pen(0, .hoverEntered, 100), pen(10, .hoverMoved, 110), pen(20, .began, 50), pen(30, .moved, 60),
                       pen(40, .ended, 70), pen(50, .hoverEntered, 300), pen(60, .hoverExited, 300)]
        let events = StandardArena.events(of: samples, screen: Self.screen).filter { $0.gesture == .hover }
        let end = try #require(events.first { $0.state == .ended })
        #expect(end.time == 50_000_000)
        #expect(end.location == Point(x: 70, y: 400))
    }
}
