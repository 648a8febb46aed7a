import Testing
import TouchDynamics
import TouchGestures
import TouchInput
import TraceSynthesis

@Suite("pan")
struct PanTests {
    /// The first sample of the first contact farther than 10 pt from its touch-down.
    static func crossing(in samples: [InputSample]) -> (down: InputSample, crossing: InputSample)? {
        guard let down = samples.first(where: { $0.isContactSample && $0.phase == .began }) else { return nil }
        guard let crossing = samples.first(where: {
            $0.id == down.id && $0.kind == down.kind && $0.time >= down.time && down.point.distance(to: $0.point) > 10
        }) else { return nil }
        return (down, crossing)
    }

    static func checkBeginsAtCrossing(_ samples: [InputSample], screen: TraceMetadata.Screen?, _ label: String) throws {
        let (down, crossing) = try #require(Self.crossing(in: samples), "\(label): no crossing")
        let events = Support.events(samples, screen: screen)
        let began = try #require(events.first { ($0.gesture == .pan || $0.gesture == .edgePan) && $0.state == .began }, "\(label)")
        #expect(began.time == crossing.time, "\(label)")
        #expect(began.translation == .zero, "\(label)")
        #expect(began.location == crossing.point, "\(label)")
        // Everything before the crossing stayed within 10 pt.
        let before = samples.filter { $0.id == down.id && $0.isContactSample && $0.time < crossing.time }
        #expect(before.allSatisfy { down.point.distance(to: $0.point) <= 10 }, "\(label)")
    }

    @Test("begins at the sample that crosses 10 pt", arguments: [Gesture.drag, .flick, .reversal, .pause, .homeFlick])
    func synthesizedCrossing(_ gesture: Gesture) throws {
        for seed in UInt64(0)..<8 {
            for rate in [60, 120, 240] {
                let trace = try Support.synthesize(gesture, seed: seed, rate: rate)
                try Self.checkBeginsAtCrossing(trace.samples, screen: trace.metadata.screen, "\(gesture.name) \(seed) \(rate) Hz")
            }
        }
    }

    @Test("begins at the crossing on the real recordings", .enabled(if: Support.hasRecordings, Support.skipMessage),
          arguments: ["Wacom_ISDv4_E6_Finger.single-center-scroll.events", "EP0430M09.1-finger-drag-up-down.events",
                      "QUANTA_OpticalTouchScreen.touch-hover.events"])
    func realCrossing(_ name: String) throws {
        let trace = try Support.recording(name)
        try Self.checkBeginsAtCrossing(trace.samples, screen: trace.metadata.screen, name)
    }

    /// A finger at 120 Hz moving right 3 pt per sample, then lifted.
    static func line(steps: Int, dx: Double = 3, dy: Double = 0.5) -> [InputSample] {
        (0...steps).map { step in
            let phase: SamplePhase = step == 0 ? .began : step == steps ? .ended : .moved
            return InputSample(time: Int64(step) * 8_333_333, kind: .touch, phase: phase, id: 4,
                               x: 100 + Double(step) * dx, y: 200 + Double(step) * dy)
        }
    }

    @Test("keeps the anchor offset, locks the axis, projects the rest")
    func anchorLockProjection() throws {
        var pan = PanRecognizer(axisLock: .dominant)
        var events: [GestureEvent] = []
        let samples = Self.line(steps: 30)
        for sample in samples { pan.handle(sample, events: &events) }
        // 3.04 pt per sample: the 4th sample (12.2 pt) is the first beyond 10 pt.
        let began = try #require(events.first)
        #expect(began.state == .began && began.time == samples[4].time)
        #expect(pan.anchorOffset == Offset(dx: 12, dy: 2))
        #expect(pan.lockedAxis == .horizontal)
        // 26 samples after the crossing at 3 pt: 78 pt, vertical drift locked out.
        #expect(pan.translation == Offset(dx: 78, dy: 0))
        let ended = try #require(events.last)
        #expect(ended.state == .ended)
        let velocity = try #require(ended.velocity)
        #expect(abs(velocity.x - 3e9 / 8_333_333) < 1e-6)  // 3 pt per 8.333333 ms
        #expect(velocity.y == 0)
        let projected = try #require(ended.projectedTranslation)
        #expect(abs(projected.dx - project(78, velocity: velocity.x)) < 1e-9)
        #expect(events.map(\.state) == [.began] + Array(repeating: .changed, count: 25) + [.ended])
    }

    @Test("a required axis fails a pan that starts along the other one")
    func requiredAxis() {
        var pan = PanRecognizer(requiredAxis: .vertical)
        var events: [GestureEvent] = []
        for sample in Self.line(steps: 10) { pan.handle(sample, events: &events) }
        #expect(pan.state == .failed)
        #expect(events.isEmpty)
    }

    @Test("two fingers moving together pan their centroid without a jump when one lifts")
    func centroid() {
        var pan = PanRecognizer()
        var events: [GestureEvent] = []
        let t: (Int) -> Int64 = { Int64($0) * 8_333_333 }
        pan.handle(InputSample(time: t(0), kind: .touch, phase: .began, id: 1, x: 0, y: 0), events: &events)
        pan.handle(InputSample(time: t(0), kind: .touch, phase: .began, id: 2, x: 40, y: 0), events: &events)
        for step in 1...10 {
            pan.handle(InputSample(time: t(step), kind: .touch, phase: .moved, id: 1, x: 0, y: Double(step) * 4), events: &events)
            pan.handle(InputSample(time: t(step), kind: .touch, phase: .moved, id: 2, x: 40, y: Double(step) * 4), events: &events)
        }
        #expect(pan.state.isActive)
        let before = pan.translation
        pan.handle(InputSample(time: t(11), kind: .touch, phase: .ended, id: 2, x: 40, y: 40), events: &events)
        pan.handle(InputSample(time: t(12), kind: .touch, phase: .moved, id: 1, x: 0, y: 44), events: &events)
        // The centroid jumped 20 pt left when finger 2 lifted; the translation did not.
        #expect(pan.translation.dx == before.dx)
        #expect(pan.translation.dy == before.dy + 4)
    }
}
