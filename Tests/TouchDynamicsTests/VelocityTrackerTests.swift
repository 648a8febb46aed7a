import Testing
@testable import TouchDynamics

private let ms: Int64 = 1_000_000

@Suite("Velocity trackers")
struct VelocityTrackerTests {
    @Test("every strategy recovers a constant velocity exactly", arguments: VelocityStrategy.allCases)
    func constantVelocity(strategy: VelocityStrategy) {
        var tracker = VelocityTracker(strategy: strategy)
        for step in 0..<12 {
            // 8 ms apart, 2 pt and −1 pt per step: 250 and −125 pt/s.
            tracker.add(time: Int64(step) * 8 * ms, x: 10 + 2 * Double(step), y: 5 - Double(step))
        }
        let velocity = tracker.velocity()
        #expect(abs(velocity.x - 250) < 1e-9)
        #expect(abs(velocity.y + 125) < 1e-9)
    }

    @Test("lsq2 differentiates a quadratic exactly at the newest sample")
    func quadraticSlope() {
        var tracker = AxisVelocityTracker(strategy: .lsq2)
        // x(t) = 3 + 40 t + 900 t² (t in s): slope at t = 0.08 is 40 + 1800·0.08 = 184.
        for step in 0...8 {
            let t = Double(step) * 0.01
            tracker.add(time: Int64(step) * 10 * ms, value: 3 + 40 * t + 900 * t * t)
        }
        #expect(abs(tracker.velocity() - 184) < 1e-9)
    }

    @Test("impulse follows Android's kinetic-energy recurrence")
    func impulseHandComputed() {
        var tracker = AxisVelocityTracker(strategy: .impulse)
        tracker.add(time: 0, value: 0)
        tracker.add(time: 10 * ms, value: 1)  // 100 pt/s
        tracker.add(time: 20 * ms, value: 3)  // 200 pt/s
        // work = ½·100·100 = 5000, then += (200 − 100)·200 → 25000; v = √(2·25000).
        #expect(tracker.velocity() == (50_000.0).squareRoot())
        // A braking segment does negative work.
        tracker.add(time: 30 * ms, value: 3.5)  // 50 pt/s
        let work = 25_000.0 + (50 - (50_000.0).squareRoot()) * 50
        #expect(tracker.velocity() == (2 * work).squareRoot())
    }

    @Test("naive uses the last two samples only")
    func naiveLastTwo() {
        var tracker = AxisVelocityTracker(strategy: .naive)
        tracker.add(time: 0, value: 0)
        tracker.add(time: 10 * ms, value: 50)
        tracker.add(time: 14 * ms, value: 52)
        #expect(tracker.velocity() == 500)
    }

    @Test("an axis tracker's one-series fit is bit for bit the x of a planar tracker's two-series fit",
          arguments: VelocityStrategy.allCases)
    func axisMatchesPlanarBitForBit(strategy: VelocityStrategy) {
        var axis = AxisVelocityTracker(strategy: strategy)
        var planar = VelocityTracker(strategy: strategy)
        // A braking, jittered 240 Hz stroke with an irregular clock: the fits are ill enough
        // conditioned that a reordered sum or a reciprocal instead of a division would show.
        var time: Int64 = 0
        var compared = 0
        for step in 0..<60 {
            time += 4_166_667 + Int64((step * 7_919) % 900_000)
            let t = Double(time) * 1e-9
            let value = 120 + 900 * t - 1_400 * t * t + Double((step * 37) % 11) * 0.013
            axis.add(time: time, value: value)
            planar.add(time: time, x: value, y: -value * 0.5)
            for asked in [time, time + 2 * ms, time + 41 * ms] {
                #expect(axis.velocity(at: asked).bitPattern == planar.velocity(at: asked).x.bitPattern)
                compared += 1
            }
            #expect(axis.velocity().bitPattern == planar.velocity().x.bitPattern)
        }
        #expect(compared == 180)
    }

    @Test("a sample at the newest sample's time replaces it")
    func sameTimeReplaces() {
        var tracker = VelocityTracker(strategy: .naive)
        tracker.add(time: 0, x: 0, y: 0)
        tracker.add(time: 10 * ms, x: 1, y: 1)
        tracker.add(time: 10 * ms, x: 2, y: 3)
        #expect(tracker.sampleCount == 2)
        #expect(tracker.velocity() == Velocity(x: 200, y: 300))
    }

    @Test("a sample older than the newest one is ignored")
    func outOfOrderIgnored() {
        var tracker = AxisVelocityTracker(strategy: .naive)
        let accepted = [
            tracker.add(time: 10 * ms, value: 0),
            tracker.add(time: 20 * ms, value: 1),
            tracker.add(time: 15 * ms, value: 100),
        ]
        #expect(accepted == [true, true, false])
        #expect(tracker.velocity() == 100)
    }

    @Test("a lift more than 40 ms after the last move has zero velocity", arguments: VelocityStrategy.allCases)
    func stoppedContact(strategy: VelocityStrategy) {
        var tracker = VelocityTracker(strategy: strategy)
        for step in 0..<5 { tracker.add(time: Int64(step) * 8 * ms, x: Double(step), y: 0) }
        let last: Int64 = 32 * ms
        #expect(tracker.velocity(at: last + 40 * ms).x != 0)
        #expect(tracker.velocity(at: last + 40 * ms + 1) == .zero)
    }

    @Test("a gap over 40 ms ends the window", arguments: VelocityStrategy.allCases)
    func gapEndsWindow(strategy: VelocityStrategy) {
        var tracker = AxisVelocityTracker(strategy: strategy)
        // A fast stroke, a 41 ms pause, then a slow steady one at 100 pt/s.
        for step in 0..<5 { tracker.add(time: Int64(step) * 8 * ms, value: 100 * Double(step)) }
        let resume: Int64 = 32 * ms + 41 * ms
        for step in 0..<4 {
            tracker.add(time: resume + Int64(step) * 10 * ms, value: 1000 + Double(step))
        }
        #expect(abs(tracker.velocity() - 100) < 1e-9)
    }

    @Test("samples older than 100 ms are left out")
    func horizon() {
        var tracker = AxisVelocityTracker(strategy: .lsq2)
        // Steady 100 pt/s, then 1000 pt/s for the last 100 ms: the fit sees only the latter
        // (the sample exactly 100 ms old is the join, on both lines).
        for step in 0..<10 { tracker.add(time: Int64(step) * 10 * ms, value: Double(step)) }
        for step in 1...10 {
            tracker.add(time: 90 * ms + Int64(step) * 10 * ms, value: 9 + 10 * Double(step))
        }
        #expect(abs(tracker.velocity() - 1000) < 1e-9)
    }

    @Test("velocity(at:) ignores samples after the asked time")
    func evaluationInThePast() {
        var tracker = AxisVelocityTracker(strategy: .naive)
        tracker.add(time: 0, value: 0)
        tracker.add(time: 10 * ms, value: 1)
        tracker.add(time: 20 * ms, value: 11)
        #expect(tracker.velocity(at: 15 * ms) == 100)
        #expect(tracker.velocity(at: 20 * ms) == 1000)
        #expect(tracker.velocity(at: -1) == 0)
    }

    @Test("lsq2 with two samples: zero (Flutter) or their slope (Android)")
    func shortHistory() {
        var flutter = AxisVelocityTracker(strategy: .lsq2)
        var android = AxisVelocityTracker(
            strategy: .lsq2,
            configuration: VelocityTrackerConfiguration(shortHistoryBehavior: .lowerDegree))
        flutter.add(time: 0, value: 0)
        flutter.add(time: 10 * ms, value: 2)
        android.add(time: 0, value: 0)
        android.add(time: 10 * ms, value: 2)
        #expect(flutter.velocity() == 0)
        #expect(abs(android.velocity() - 200) < 1e-12)
        android.reset()
        android.add(time: 0, value: 7)
        #expect(android.velocity() == 0)
    }

    @Test("an empty tracker reports zero", arguments: VelocityStrategy.allCases)
    func empty(strategy: VelocityStrategy) {
        let tracker = VelocityTracker(strategy: strategy)
        #expect(tracker.velocity() == .zero)
        #expect(tracker.velocity(atSeconds: .nan) == .zero)
    }

    @Test("only the newest 20 samples are kept")
    func capacity() {
        var tracker = VelocityTracker()
        for step in 0..<50 { tracker.add(time: Int64(step) * ms, x: 0, y: 0) }
        #expect(tracker.sampleCount == 20)
    }

    @Test("seconds and nanoseconds give the same answer")
    func secondsOverload() {
        var a = VelocityTracker(strategy: .lsq2)
        var b = VelocityTracker(strategy: .lsq2)
        let xs: [Double] = [0, 1.5, 4, 7.25, 11, 16]
        for (index, x) in xs.enumerated() {
            a.add(time: Int64(index) * 8 * ms, x: x, y: -x)
            b.add(seconds: Double(index) * 0.008, x: x, y: -x)
        }
        #expect(a.velocity() == b.velocity())
        #expect(a.velocity(at: 50 * ms) == b.velocity(atSeconds: 0.05))
        let acceptedInfinity = b.add(seconds: .infinity, x: 0, y: 0)
        #expect(!acceptedInfinity)
    }

    @Test("strategies are named for the command line")
    func names() {
        #expect(VelocityStrategy.allCases.map(\.rawValue) == ["lsq2", "impulse", "naive"])
        #expect(VelocityStrategy(rawValue: "impulse") == .impulse)
    }
}

@Suite("lsq2 fits both axes at once")
struct TwoAxisFitTests {
    @Test("one factorisation for x and y gives bit for bit the per-axis velocities", arguments: [UInt64(1), 2, 3, 4])
    func sameAsPerAxis(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var tracker = VelocityTracker(strategy: .lsq2)
        var times: [Int64] = [], xs: [Double] = [], ys: [Double] = []
        var time: Int64 = 0
        for _ in 0..<60 {
            time += 2_000_000 + Int64(unit() * 12_000_000)
            let x = unit() * 500, y = unit() * 900
            tracker.add(time: time, x: x, y: y)
            times.append(time); xs.append(x); ys.append(y)
            let both = tracker.velocity(at: time)
            // The same window the tracker used, fitted one axis at a time.
            let start = times.indices.last { times[$0] < time - 100_000_000 }.map { $0 + 1 } ?? 0
            var first = max(start, times.count - 20)
            for index in stride(from: times.count - 1, to: first, by: -1) where times[index] - times[index - 1] > 40_000_000 {
                first = index
                break
            }
            let window = first..<times.count
            let vx = VelocityStrategy.lsq2.velocity(times: times[window], positions: xs[window], shortHistoryBehavior: .zero)
            let vy = VelocityStrategy.lsq2.velocity(times: times[window], positions: ys[window], shortHistoryBehavior: .zero)
            #expect(both.x == vx && both.y == vy, "at \(time): \(both) vs (\(vx), \(vy))")
        }
    }
}
