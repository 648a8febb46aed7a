import Testing
import TouchGestures
import TouchInput

/// `StandardArena.Tuning` (`touchbench gestures --set`): each threshold reaches its recognizers,
/// and the defaults are theirs.
@Suite struct ArenaTuningTests {
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    static func touch(_ ms: Double, _ phase: SamplePhase, id: UInt32 = 1, x: Double, y: Double) -> InputSample {
        InputSample(time: Int64((ms * 1e6).rounded()), kind: .touch, phase: phase, id: id, x: x, y: y)
    }

    static func events(_ samples: [InputSample], _ tuning: StandardArena.Tuning) -> [GestureEvent] {
        var arena = StandardArena(screen: screen, tuning: tuning)
        var events: [GestureEvent] = []
        for sample in samples { arena.handle(sample, into: &events) }
        return events + arena.finish()
    }

    static func began(_ gesture: GestureKind, in events: [GestureEvent]) -> Int64? {
        events.first { $0.gesture == gesture && $0.state == .began }?.time
    }

    /// One finger from (100, 400) moving 3 pt right every 4 ms for 80 ms.
    static func drag(from start: Double = 0) -> [InputSample] {
        var samples = [touch(start, .began, x: 100, y: 400)]
        for step in 1...20 { samples.append(touch(start + 4 * Double(step), step == 20 ? .ended : .moved, x: 100 + 3 * Double(step), y: 400)) }
        return samples
    }

    /// The pan begins at the first sample farther than the hysteresis from the landing: 12 pt
    /// at 16 ms (10 pt), 33 pt at 44 ms (30 pt).
    @Test func thePansHysteresis() {
        let samples = Self.drag()
        #expect(Self.began(.pan, in: Self.events(samples, .init())) == 16_000_000)
        #expect(Self.began(.pan, in: Self.events(samples, .init(panHysteresis: 30))) == 44_000_000)
    }

    /// Two fingers 100 pt apart spreading 2 pt each every 4 ms for 100 ms.
    static func spread(from start: Double = 0) -> [InputSample] {
        var samples = [touch(start, .began, id: 1, x: 145, y: 400), touch(start, .began, id: 2, x: 245, y: 400)]
        for step in 1...25 {
            let phase: SamplePhase = step == 25 ? .ended : .moved, t = start + 4 * Double(step), d = 2 * Double(step)
            samples += [touch(t, phase, id: 1, x: 145 - d, y: 400), touch(t, phase, id: 2, x: 245 + d, y: 400)]
        }
        return samples
    }

    /// The pinch begins at the first sample where each finger has moved farther than the
    /// hysteresis along the pair: 12 pt at 24 ms (10 pt), 32 pt at 64 ms (30 pt).
    @Test func thePinchsHysteresis() {
        let samples = Self.spread()
        #expect(Self.began(.pinch, in: Self.events(samples, .init())) == 24_000_000)
        #expect(Self.began(.pinch, in: Self.events(samples, .init(pinchHysteresis: 30))) == 64_000_000)
    }

    /// An edge swipe up from 14 pt above the bottom at 600 pt/s for 300 ms that stops and rests,
    /// reporting every 4 ms, and lifts a second after it landed.
    static func swipeAndRest() -> [InputSample] {
        var samples = [touch(0, .began, x: 195, y: 830)]
        for step in 1...75 { samples.append(touch(4 * Double(step), .moved, x: 195, y: 830 - 2.4 * Double(step))) }
        for step in 76...250 { samples.append(touch(4 * Double(step), .stationary, x: 195, y: 650)) }
        samples.append(touch(1004, .ended, x: 195, y: 650))
        return samples
    }

    /// The timer detector pauses its duration after the finger went slow, so 250 ms pauses
    /// exactly 150 ms later than 100 ms; the deceleration detector, left alone, pauses at the
    /// same time.
    @Test func theTimersDuration() {
        let samples = Self.swipeAndRest()
        func pause(_ detector: PauseDetectorKind, _ tuning: StandardArena.Tuning) -> Int64? {
            Self.events(samples, tuning).first { $0.gesture == .pause && $0.detector == detector }?.time
        }
        let standard = pause(.timer, .init())
        #expect(standard != nil)
        #expect(pause(.timer, .init(timerDuration: 250_000_000)) == standard.map { $0 + 150_000_000 })
        #expect(pause(.deceleration, .init(timerDuration: 250_000_000)) == pause(.deceleration, .init()))
        #expect(pause(.deceleration, .init()) != nil)
    }

    /// A threshold above the 150 pt/s minimum peak: a finger moving steadily at 200 pt/s is
    /// slow by it and never moved faster, so no pause; the swipe at 600 pt/s that stops pauses
    /// once. Before, every sample between 150 and 300 pt/s re-armed the detector while it
    /// counted as slow, and the steady drag paused every 100 ms.
    @Test func aThresholdAboveTheMinimumPeakNeedsMotionAboveIt() {
        var steady = [Self.touch(0, .began, x: 20, y: 400)]
        for step in 1...250 { steady.append(Self.touch(4 * Double(step), .moved, x: 20 + 0.8 * Double(step), y: 400)) }
        steady.append(Self.touch(1004, .ended, x: 220, y: 400))
        func pauses(_ samples: [InputSample], threshold: Double) -> Int {
            Self.events(samples, .init(timerSpeedThreshold: threshold)).filter { $0.gesture == .pause && $0.detector == .timer }.count
        }
        #expect(pauses(steady, threshold: 300) == 0)
        #expect(pauses(steady, threshold: 20) == 0)
        #expect(pauses(Self.swipeAndRest(), threshold: 300) == 1)
    }

    /// The defaults are the recognizers' own, value by value, and an arena built with
    /// `Tuning()` agrees with the standard one on the three gestures above, one after another.
    @Test func theDefaultsAreTheRecognizersOwn() {
        let tuning = StandardArena.Tuning()
        #expect(tuning.panHysteresis == 10 && tuning.pinchHysteresis == 10)
        #expect(tuning.pauseMinimumDeceleration == 1000 && tuning.pauseSpeedFraction == 0.6)
        #expect(tuning.timerDuration == 100_000_000 && tuning.timerSpeedThreshold == 20)
        let samples = Self.swipeAndRest() + Self.drag(from: 2000) + Self.spread(from: 3000)
        let standard = StandardArena.events(of: samples, screen: Self.screen)
        #expect(standard == Self.events(samples, .init()))
        #expect(Set(standard.map(\.gesture)).isSuperset(of: [.pan, .pinch, .pause, .edgePan]))
    }
}
