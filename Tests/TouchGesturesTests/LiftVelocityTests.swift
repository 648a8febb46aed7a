import Testing
import TouchDynamics
import TouchGestures
import TouchInput

@Suite("velocity at each lift")
struct LiftVelocityTests {
    /// A finger moving at `speed` pt/s along x at 120 Hz, then lifting `liftDelay` after its
    /// last movement (at a far-off x, which must not count).
    private func stroke(id: UInt32, speed: Double, liftDelay: Int64, start: Int64 = 0) -> [InputSample] {
        var samples: [InputSample] = []
        for step in 0..<12 {
            let time = start + Int64(step) * 8_333_333
            samples.append(InputSample(time: time, kind: .touch, phase: step == 0 ? .began : .moved, id: id,
                                       x: speed * Double(time - start) / 1e9, y: 100))
        }
        let last = samples[samples.count - 1].time
        samples.append(InputSample(time: last + liftDelay, kind: .touch, phase: .ended, id: id, x: 9999, y: 100))
        return samples
    }

    @Test("a steady finger lifts at its speed; the lift sample itself is not added", arguments: [VelocityStrategy.lsq2, .impulse, .naive])
    func steadyFinger(strategy: VelocityStrategy) throws {
        var tracker = LiftVelocityTracker(strategy: strategy)
        let lifts = stroke(id: 3, speed: 1200, liftDelay: 8_333_333).compactMap { tracker.add($0) }
        let lift = try #require(lifts.first)
        #expect(lifts.count == 1)
        #expect(lift.id == 3 && lift.kind == .touch)
        #expect(abs(lift.velocity.x - 1200) < 1e-6 * 1200, "\(lift.velocity.x)")
        #expect(abs(lift.velocity.y) < 1e-9)
    }

    @Test("a lift more than 40 ms after the last movement has zero velocity")
    func pausedFinger() throws {
        var tracker = LiftVelocityTracker()
        let lift = try #require(stroke(id: 1, speed: 1200, liftDelay: 41_000_000).compactMap { tracker.add($0) }.first)
        #expect(lift.velocity == .zero)
    }

    @Test("interleaved fingers are tracked apart")
    func twoFingers() {
        var tracker = LiftVelocityTracker()
        let merged = (stroke(id: 1, speed: 600, liftDelay: 1_000_000) + stroke(id: 2, speed: -900, liftDelay: 2_000_000, start: 3_000_000))
            .sorted { $0.time < $1.time }
        let lifts = merged.compactMap { tracker.add($0) }
        #expect(lifts.map(\.id) == [1, 2])
        #expect(abs(lifts[0].velocity.x - 600) < 1e-3 && abs(lifts[1].velocity.x + 900) < 1e-3)
    }
}
