import TestSupport
import Testing
@testable import TouchDynamics

/// The history keeps its samples in columns read in place and the newest sample's window
/// up to date on every append: every window it reports is the one the walk back through
/// the samples finds (the definition, as the history computed it before), and every fit
/// over its columns is bit for bit the fit of the same samples gathered afresh.
@Suite struct SampleHistoryTests {
    /// Jittered times with gaps over the stop gap, repeated times (which replace the newest
    /// sample) and older times (which are ignored); positions with -0.
    static func samples(_ count: Int, seed: UInt64) -> [(time: Int64, x: Double, y: Double)] {
        var random = TestRandom(seed: seed)
        func next() -> Double { random.unit() }
        var time: Int64 = 5_000_000_000
        return (0..<count).map { step in
            let roll = next()
            if roll < 0.03 {
                time += 41_000_000 + Int64(next() * 80_000_000)
            } else if roll < 0.06 {
                // Same time: a replacement.
            } else if roll < 0.08 {
                return (time - 3_000_000, 1, 1)
            } else {
                time += 2_000_000 + Int64(next() * 12_000_000)
            }
            return (time, step % 7 == 0 ? -0.0 : 400 * next() - 200, Double(step % 50) * 2.5 - next())
        }
    }

    static let configurations = [
        VelocityTrackerConfiguration.standard,
        VelocityTrackerConfiguration(maximumSampleCount: 5),
        VelocityTrackerConfiguration(horizon: 30_000_000, stopGap: 10_000_000),
        VelocityTrackerConfiguration(horizon: 0, maximumSampleCount: 1, stopGap: 0),
        VelocityTrackerConfiguration(horizon: 500_000_000, maximumSampleCount: 64, stopGap: 200_000_000),
        // Columns grown as the samples come: no limit short of the 3 000 samples.
        VelocityTrackerConfiguration(horizon: 1_000_000_000_000, maximumSampleCount: .max, stopGap: 1_000_000_000_000),
    ]

    @Test(arguments: configurations)
    func keptWindowIsTheWalkedWindow(configuration: VelocityTrackerConfiguration) {
        var history = SampleHistory(configuration: configuration)
        var held: [Int64] = []
        var compared = 0
        for sample in Self.samples(3_000, seed: 5) {
            let accepted = history.append(time: sample.time, x: sample.x, y: sample.y)
            #expect(accepted == (held.last.map { sample.time >= $0 } ?? true))
            if accepted, held.last != sample.time { held.append(sample.time) }
            if held.count > history.capacity { held.removeFirst() }
            #expect(history.count == held.count)
            guard let newest = held.last else { continue }
            let earlier = held[held.count / 2]
            for time in [newest, newest + 1, newest + configuration.stopGap, newest + configuration.stopGap + 1,
                         earlier, earlier + 1, held[0] - 1] {
                #expect(history.window(at: time) == history.walkedWindow(at: time))
                compared += 1
            }
            // The rows of the newest window hold the times held, in order.
            let window = history.window(at: newest)
            history.withSamples(in: window) { times, _, _ in
                #expect(Array(times) == Array(held.suffix(window.count)))
            }
        }
        #expect(compared == 7 * 3_000)
    }

    /// Every velocity of the tracker is, bit for bit, the fit of its window's samples copied
    /// out into arrays of their own (as the rows were gathered before).
    @Test(arguments: [VelocityStrategy.lsq2, .impulse, .naive])
    func fitsOverTheColumnsAreFitsOfTheSamples(strategy: VelocityStrategy) {
        var tracker = VelocityTracker(strategy: strategy)
        var held: [(time: Int64, x: Double, y: Double)] = []
        var fitted = 0
        for sample in Self.samples(2_000, seed: 11) {
            guard tracker.add(time: sample.time, x: sample.x, y: sample.y) else { continue }
            if held.last?.time == sample.time { held.removeLast() }
            held.append(sample)
            if held.count > 20 { held.removeFirst() }
            let newest = sample.time
            // The window by its definition, over the samples held.
            var oldest = held.count - 1
            while oldest > 0, newest - held[oldest - 1].time <= 100_000_000,
                held[oldest].time - held[oldest - 1].time <= 40_000_000 { oldest -= 1 }
            let window = held[oldest...]
            let times = window.map(\.time), xs = window.map(\.x), ys = window.map(\.y)
            let expected = Velocity(
                x: strategy.velocity(times: times[...], positions: xs[...], shortHistoryBehavior: .zero),
                y: strategy.velocity(times: times[...], positions: ys[...], shortHistoryBehavior: .zero))
            let velocity = tracker.velocity(at: newest)
            #expect(velocity.x.bitPattern == expected.x.bitPattern && velocity.y.bitPattern == expected.y.bitPattern)
            var basis = LeastSquaresBasis()
            let shared = tracker.velocity(at: newest, reusing: &basis)
            #expect(shared.x.bitPattern == expected.x.bitPattern && shared.y.bitPattern == expected.y.bitPattern)
            if velocity != .zero { fitted += 1 }
        }
        #expect(fitted > 1_000)
    }

    /// A copy compares bit for bit until either takes a sample; equality sees the samples
    /// alone, wherever they sit in the columns.
    @Test func copiesCompareBySamples() {
        var a = SampleHistory(configuration: .standard), b = a
        for (index, sample) in Self.samples(100, seed: 2).enumerated() {
            a.append(time: sample.time, x: sample.x, y: sample.y)
            // b takes the same samples but is compacted at other moments: it starts later.
            if index >= 30 { b.append(time: sample.time, x: sample.x, y: sample.y) }
        }
        #expect(a.count == 20 && b.count == 20)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a.isBitwiseIdentical(to: b))
        var c = a
        #expect(c.isBitwiseIdentical(to: a))
        c.append(time: (a.newestTime ?? 0) + 1_000_000, x: 0, y: 0)
        #expect(!c.isBitwiseIdentical(to: a) && c != a)
    }
}
