import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

/// The deceleration detector against the timer baseline on synthesized pauses and flicks.
@Suite("pause detection")
struct PauseDetectionTests {
    static let rates = [60, 120, 240]
    static let seeds = UInt64(0)..<12

    /// Detection times of both detectors, relative to the `pause` marker, in ms.
    static func pauseTimes(seed: UInt64, rate: Int) throws -> (deceleration: [Double], timer: [Double]) {
        let trace = try Support.synthesize(.pause, seed: seed, rate: rate)
        let marker = try #require(trace.samples.first { $0.kind == .marker && $0.label == "pause" })
        let events = Support.events(trace.samples, screen: trace.metadata.screen)
        func times(_ detector: PauseDetectorKind) -> [Double] {
            events.filter { $0.gesture == .pause && $0.detector == detector }.map { Double($0.time - marker.time) / 1e6 }
        }
        return (times(.deceleration), times(.timer))
    }

    @Test("the deceleration detector fires once, before the timer, on every pause", arguments: rates)
    func pauses(rate: Int) throws {
        var deceleration: [Double] = []
        var timer: [Double] = []
        for seed in Self.seeds {
            let times = try Self.pauseTimes(seed: seed, rate: rate)
            #expect(times.deceleration.count == 1, "seed \(seed) at \(rate) Hz: \(times.deceleration)")
            #expect(times.timer.count == 1, "seed \(seed) at \(rate) Hz: \(times.timer)")
            guard let first = times.deceleration.first, let baseline = times.timer.first else { continue }
            #expect(first < baseline, "seed \(seed) at \(rate) Hz")
            deceleration.append(first)
            timer.append(baseline)
        }
        // Measured (relative to the marker, ms): see docs/GESTURES.md. The deceleration
        // detector anticipates the stop; the timer waits 100 ms after the speed drops.
        let summary = { (values: [Double]) in
            "min \(values.min() ?? .nan) mean \(values.reduce(0, +) / Double(max(1, values.count))) max \(values.max() ?? .nan)"
        }
        print("pause detection at \(rate) Hz, ms after the marker — deceleration: \(summary(deceleration)); timer: \(summary(timer))")
        #expect(deceleration.allSatisfy { $0 < 0 })
        #expect(timer.allSatisfy { $0 > 0 })
    }

    @Test("neither detector fires on a flick or a home flick lifted in flight",
          arguments: [Gesture.flick, .homeFlick, .catch])
    func flicks(_ gesture: Gesture) throws {
        for seed in UInt64(0)..<16 {
            for rate in Self.rates {
                let trace = try Support.synthesize(gesture, seed: seed, rate: rate)
                let events = Support.events(trace.samples, screen: trace.metadata.screen)
                let pauses = events.filter { $0.gesture == .pause && $0.detector == .deceleration }
                #expect(pauses.isEmpty, "\(gesture.name) seed \(seed) at \(rate) Hz: \(pauses.map(\.time))")
            }
        }
    }

    @Test("without noise the detectors agree with the motion model", arguments: rates)
    func noiseless(rate: Int) throws {
        for seed in Self.seeds {
            let trace = try Support.synthesize(.pause, seed: seed, rate: rate, noise: .off)
            let events = Support.events(trace.samples, screen: trace.metadata.screen)
            let deceleration = events.filter { $0.detector == .deceleration }
            let timer = events.filter { $0.detector == .timer }
            #expect(deceleration.count == 1 && timer.count == 1, "seed \(seed) at \(rate) Hz")
            if let first = deceleration.first, let baseline = timer.first { #expect(first.time < baseline.time) }
        }
    }

    @Test("the timer fires at its deadline when a moving finger stops reporting")
    func timerOnTick() {
        var detector = TimerPauseDetector()
        var events: [GestureEvent] = []
        // 120 Hz, 400 pt/s for 100 ms, then the digitizer goes quiet.
        for step in 0...12 {
            let phase: SamplePhase = step == 0 ? .began : .moved
            let sample = InputSample(time: Int64(step) * 8_333_333, kind: .touch, phase: phase, id: 1, x: Double(step) * 3.33, y: 0)
            detector.handle(sample, events: &events)
        }
        #expect(events.isEmpty)
        // Still moving at 400 pt/s at the last sample, but if nothing more comes the tracker
        // reports a stop 40 ms after it, and the timer runs 100 ms from there: the deadline is
        // known already (before, only a tick after the stop gap set it, and on a virtual clock
        // nothing ticked before the next sample: a gesture paused at its lift, or never).
        let deadline = 12 * 8_333_333 + 40_000_000 + 100_000_000
        #expect(detector.nextDeadline == Int64(deadline))
        // A tick in the silence changes nothing before the deadline.
        detector.advance(to: 200_000_000, events: &events)
        #expect(events.isEmpty)
        #expect(detector.nextDeadline == Int64(deadline))
        detector.advance(to: Int64(deadline), events: &events)
        #expect(events.count == 1)
        #expect(events.first?.detector == .timer)
        #expect(events.first?.time == Int64(deadline))
    }
}
