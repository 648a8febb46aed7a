import Testing
import TouchGestures
import TouchInput
import TestSupport
import TraceSynthesis

/// The timer pause detector's quiet times (``TimerPauseDetector/quietTimes``): the arena skips
/// its tick at those times, which must change nothing. An arena whose timer is ticked at every
/// time, as before, must report the same events; and the skipped ticks are most of them.
@Suite struct QuietTimesTests {
    /// The timer, counting its ticks; with `quiet` false it claims no quiet times, so the arena
    /// ticks it whenever it watches time.
    struct CountingTimer: GestureRecognizer {
        var timer = TimerPauseDetector()
        var quiet: Bool
        var ticks = 0

        var gesture: GestureKind { timer.gesture }
        var state: RecognizerState { timer.state }
        var role: ArenaRole { timer.role }
        var hasClaimed: Bool { timer.hasClaimed }
        var nextDeadline: Int64? { timer.nextDeadline }
        var watchesTime: Bool { timer.watchesTime }
        var quietTimes: ClosedRange<Int64>? { quiet ? timer.quietTimes : nil }
        func wantsContact(_ sample: InputSample) -> Bool { timer.wantsContact(sample) }
        mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) { timer.handle(sample, events: &events) }
        mutating func handle(_ sample: InputSample, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
            timer.handle(sample, velocities: &velocities, events: &events)
        }
        mutating func advance(to time: Int64, events: inout [GestureEvent]) {
            ticks += 1
            timer.advance(to: time, events: &events)
        }
        mutating func advance(to time: Int64, velocities: inout VelocityMemo, events: inout [GestureEvent]) {
            ticks += 1
            timer.advance(to: time, velocities: &velocities, events: &events)
        }
        mutating func cancel(at time: Int64, events: inout [GestureEvent]) { timer.cancel(at: time, events: &events) }
        mutating func reset() { timer.reset() }
    }

    /// Runs `samples` through an arena of the deceleration detector and a counting timer, on a
    /// virtual clock (every deadline at its instant, the rest flushed at the end).
    static func run(_ samples: [InputSample], quiet: Bool) -> (events: [GestureEvent], ticks: Int) {
        var arena = GestureArena()
        _ = arena.add(DecelerationPauseDetector())
        let timer = arena.add(CountingTimer(quiet: quiet))
        var events: [GestureEvent] = []
        for sample in samples {
            arena.advance(throughDeadlinesUpTo: sample.time, into: &events)
            arena.handle(sample, into: &events)
        }
        while let deadline = arena.nextDeadline, deadline > arena.time { events += arena.advance(to: deadline) }
        let ticks = (arena.recognizers[timer.index] as? CountingTimer)?.ticks ?? -1
        return (events, ticks)
    }

    /// Fingers that stop reporting while others go on, then silence, then a late sample: the
    /// timer notices the stops on ticks, at times that fall in and out of the quiet times.
    static func stopsAndSilences(seed: UInt64) -> [InputSample] {
        var generator = TestRandom(seed: seed)
        var samples: [InputSample] = []
        var time: Int64 = 0
        for stroke in 0..<40 {
            let fingers = 1 + Int(generator.next() % 3)
            let steps = 10 + Int(generator.next() % 30)
            let stopsAfter = (0..<fingers).map { _ in Int(generator.next() % UInt64(steps)) + 1 }
            for step in 0...steps {
                for finger in 0..<fingers where step <= stopsAfter[finger] {
                    let phase: SamplePhase = step == 0 ? .began : .moved
                    let speed = Double(generator.next() % 800)
                    samples.append(InputSample(time: time, kind: .touch, phase: phase, id: UInt32(stroke * 4 + finger),
                                               x: Double(step) * speed / 240, y: Double(finger) * 30))
                }
                time += Int64(2_000_000 + generator.next() % 8_000_000)
            }
            // Silence of up to 400 ms, then the strokes' lifts.
            time += Int64(generator.next() % 400_000_000)
            for finger in 0..<fingers {
                samples.append(InputSample(time: time, kind: .touch, phase: .ended, id: UInt32(stroke * 4 + finger),
                                           x: 0, y: Double(finger) * 30))
            }
            time += 1_000_000
        }
        return samples
    }

    /// Where two event lists first differ (a count, or an index and the two events), or `nil`.
    static func firstDifference(_ a: [GestureEvent], _ b: [GestureEvent]) -> String? {
        for (index, (x, y)) in zip(a, b).enumerated() where x != y { return "event \(index): \(x) against \(y)" }
        return a.count == b.count ? nil : "\(a.count) events against \(b.count)"
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func skippedTicksChangeNothing(seed: UInt64) {
        let samples = Self.stopsAndSilences(seed: seed)
        let every = Self.run(samples, quiet: false), quiet = Self.run(samples, quiet: true)
        #expect(Self.firstDifference(quiet.events, every.events) == nil)
        #expect(every.events.contains { $0.detector == .timer })
        #expect(quiet.ticks < every.ticks)
    }

    /// On a marker-dense session the same events, with a small fraction of the ticks.
    @Test func aSessionTicksTheTimerRarely() {
        let samples = Array(MixedSession(seed: 6, duration: 60))
        let every = Self.run(samples, quiet: false), quiet = Self.run(samples, quiet: true)
        #expect(Self.firstDifference(quiet.events, every.events) == nil)
        #expect(quiet.events.filter { $0.detector == .timer }.count > 10)
        #expect(every.ticks > 5_000)
        #expect(quiet.ticks * 10 < every.ticks)
    }

    /// The quiet times themselves: from the newest sample to the stop gap after it, for the
    /// contacts not yet slow; none while a contact is slower than the threshold without being
    /// marked (the threshold raised since its sample).
    @Test func quietTimesSpanTheStopGap() {
        var timer = TimerPauseDetector()
        var events: [GestureEvent] = []
        #expect(timer.quietTimes == Int64.min...Int64.max)
        for step in 0...6 {
            timer.handle(InputSample(time: Int64(step) * 8_000_000, kind: .touch, phase: step == 0 ? .began : .moved,
                                     id: 1, x: Double(step) * 4, y: 0), events: &events)
        }
        #expect(timer.contacts.first?.slowSince == nil)
        #expect(timer.quietTimes == 48_000_000...88_000_000)
        timer.speedThreshold = 10_000
        #expect(timer.quietTimes == nil)
    }
}
