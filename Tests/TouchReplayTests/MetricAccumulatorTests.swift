import Foundation
import RunRecord
import Testing
@testable import TouchReplay

/// The accumulator's percentiles are the nearest-rank percentiles of the values floored to
/// the quantum (beyond the counted range, floored to 20 significant bits), clamped to the
/// values seen, whatever order the values come in and however they spread over its pages.
@Suite struct MetricAccumulatorTests {
    /// A reproducible spread of values (a linear congruential generator).
    struct Values: Sequence, IteratorProtocol {
        var state: UInt64
        var left: Int
        let make: (Double) -> Double
        mutating func next() -> Double? {
            guard left > 0 else { return nil }
            left -= 1
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return make(Double(state >> 11) / Double(1 << 53))
        }
    }

    /// The percentiles counted the slow way: every value's key, sorted.
    static func expected(_ values: [Double], quantum: Double, unit: Double) -> [Double] {
        let keys = values.map { value -> Int64 in
            let q = Int64((value / quantum).rounded(.down))
            return q >= 0 && q < 1 << 20 ? q : MetricAccumulator.bucket(q)
        }.sorted()
        let low = values.min() ?? 0, high = values.max() ?? 0
        return [0.50, 0.95, 0.99].map { fraction in
            let rank = max(1, Int((Double(keys.count) * fraction).rounded(.up)))
            return min(high, max(low, Double(keys[rank - 1]) * quantum)) * unit
        }
    }

    static func check(_ values: [Double], quantum: Double, unit: Double) {
        var accumulator = MetricAccumulator(quantum: quantum, unit: unit)
        for value in values { accumulator.add(value) }
        let summary = accumulator.summary(kind: .deterministic)
        #expect(summary.count == values.count)
        #expect([summary.p50, summary.p95, summary.p99] == expected(values, quantum: quantum, unit: unit).map { Optional($0) })
    }

    /// Latencies in nanoseconds reported in milliseconds: most within a few pages, a tail out
    /// to 1.3 s (past the counted range), the slow ones first so that pages are taken out of order.
    @Test(arguments: [1, 7, 1000, 20_000])
    func latenciesAcrossPages(count: Int) {
        let values = Values(state: UInt64(count), left: count) { u in
            u < 0.9 ? 8e6 + u * 40e6 : 1.3e9 * (u - 0.9) * 10
        }
        let all = Array(values)
        Self.check(all.sorted(by: >), quantum: 1000, unit: 1e-6)
        Self.check(all, quantum: 1000, unit: 1e-6)
    }

    /// Distances in points at a micro-point quantum: negatives, the counted range below
    /// 1.05 pt, and the bucketed values above it, in one run.
    @Test(arguments: [3, 500, 30_000])
    func distancesAroundTheCountedRange(count: Int) {
        let values = Array(Values(state: 17 &* UInt64(count), left: count) { u in -0.5 + u * 4 })
        Self.check(values, quantum: 1e-6, unit: 1)
        Self.check(values.reversed(), quantum: 1e-6, unit: 1)
    }

    /// The percentiles fall in one page, the rest of the values far above: the summary stops
    /// once all three are found and still reports them exactly.
    @Test func percentilesInTheFirstPage() {
        let values = (0..<1000).map { Double($0 % 200) } + [900_000, 1_000_000]
        Self.check(values, quantum: 1, unit: 1)
    }

    /// Pages holding no percentile are passed by their sums: a median whose rank is the last
    /// value of a page is still found in it, and the pages between are skipped, not misread.
    @Test func rankOnAPageBoundary() {
        let low = (0..<1000).map { Double($0 % 10) }
        let high = (0..<1000).map { Double(5 * 1024 + $0 % 7) }
        let middle = (0..<3).map { Double(2 * 1024 + $0) }
        Self.check(low + high, quantum: 1, unit: 1)
        Self.check(high + low + middle, quantum: 1, unit: 1)
    }

    /// Distances far above the counted range, over several powers of two (the gap probe's
    /// points at a micro-point quantum), in and out of order: the buckets' compact keys give
    /// the nearest-rank percentiles of the bucketed values.
    @Test(arguments: [2, 999, 50_000])
    func distancesOverManyPowersOfTwo(count: Int) {
        let values = Array(Values(state: 29 &* UInt64(count), left: count) { u in 1.05 * exp(u * 9) })
        Self.check(values, quantum: 1e-6, unit: 1)
        Self.check(values.sorted(), quantum: 1e-6, unit: 1)
        // Bucket edges: each side of a power of two, and odd buckets above it.
        let power: Int = 1 << 21
        let near: [Int] = [power / 2, power - 1, power, power + 2, power + 511, power + 512, power + 513]
        let edges: [Double] = near.map { Double($0) } + [1.5 * 0x1p40, 9.0e18]
        Self.check(edges + edges.reversed() + [0, 5], quantum: 1, unit: 1)
    }
}
