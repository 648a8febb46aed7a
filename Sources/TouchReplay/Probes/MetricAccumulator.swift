import RunRecord
import TouchBenchSupport

/// Streams the values of one metric into a summary with exact mean, deviation and extremes
/// and exact nearest-rank percentiles over values floored to `quantum` (then clamped to
/// [min, max], so a percentile is at most one quantum below the exact one and never outside
/// the values seen), in memory bounded by the range of the values (below).
///
/// Quantised values q in 0 ..< 2²⁰ (1 µs steps cover a second of latency) are counted in
/// pages of 1024 counters, a page allocated when a value first falls in it. Larger q are
/// floored to 20 significant bits (``bucket(_:)``) and counted by bucket in a dictionary:
/// 2¹⁹ buckets per power of two, so memory is bounded by the range of the values, but a
/// distance in micro-points above a point is nearly always a bucket of its own, and that
/// range is large (docs/PERFORMANCE.md §4: about 5 bytes more per replayed sample of a
/// finger-tracking scene). A bucket is keyed by 32 bits (its shift and its 19 bits below the
/// top one) and counted in 32: 8 bytes an entry, where Int64 keys and Int counts took 16.
/// Negative values, which no probe measures, keep their own dictionary. Counts are 32 bits,
/// in the dense pages too: over 4 billion values in one bucket (a year of frames) would wrap.
///
/// Pages rather than one array up to the largest q: a single slow settle (a second) grew
/// that array to 4 MB, zeroed, copied at each doubling and scanned whole by ``summary(kind:)``
/// (callgrind: a quarter to a third of a one-minute replay's instructions).
struct MetricAccumulator: Sendable {
    /// The step values are floored to for percentiles, in the units values are added in.
    let quantum: Double
    /// The factor from the units values are added in to the units reported (1e-6 turns
    /// nanoseconds into milliseconds); adding integers keeps the flooring exact.
    let unit: Double
    private var moments = RunningMoments()
    var count: Int { moments.count }
    /// For each page of q (q >> ``pageShift``) below ``denseLimit``, its place among the pages
    /// in `counters`, or −1 before a value falls in it.
    private var pageStarts: [Int32] = []
    /// The counters of the pages in use, ``pageSize`` each, one page after another in the
    /// order the pages were first used. One array, not an array per page: a count through
    /// two arrays checked each for uniqueness, two calls into the runtime per value (2 % of a
    /// replay's time); appending a page grows the array geometrically, so its pages are
    /// copied about once in all.
    private var counters: [UInt32] = []
    /// Counts of the buckets above the dense range, by ``highKey(_:)``.
    private var high: [UInt32: UInt32] = [:]
    private var negative: [Int64: Int] = [:]

    private static let denseLimit: Int64 = 1 << 20
    private static let pageShift = 10
    private static let pageSize = 1 << pageShift
    private static let pageCount = Int(denseLimit) >> pageShift
    /// One page of zeros, shared until its first count (making a page by repeating an element
    /// goes element by element in an unoptimised build).
    private static let zeroPage = [UInt32](repeating: 0, count: pageSize)

    init(quantum: Double, unit: Double = 1) {
        self.quantum = quantum
        self.unit = unit
    }

    /// Nanoseconds reported as milliseconds, floored to the microsecond for percentiles.
    static func milliseconds() -> MetricAccumulator { MetricAccumulator(quantum: 1000, unit: 1e-6) }

    @inline(__always)
    mutating func add(_ value: Double) {
        guard value.isFinite else { return }
        moments.add(value)
        let scaled = value / quantum
        // In the dense range flooring is truncation: converting skips a call to floor().
        guard scaled >= 0, scaled < Double(Self.denseLimit) else {
            addSparse(scaled.rounded(.down))
            return
        }
        let q = Int(scaled)
        let page = q &>> Self.pageShift
        if pageStarts.isEmpty || pageStarts[page] < 0 { addPage(page) }
        counters[Int(pageStarts[page]) &<< Self.pageShift | q & (Self.pageSize - 1)] &+= 1
    }

    private mutating func addPage(_ page: Int) {
        if pageStarts.isEmpty { pageStarts = [Int32](repeating: -1, count: Self.pageCount) }
        guard pageStarts[page] < 0 else { return }
        pageStarts[page] = Int32(counters.count >> Self.pageShift)
        counters.append(contentsOf: Self.zeroPage)
    }

    private mutating func addSparse(_ scaled: Double) {
        let q = Int64(Swift.max(-9.0e18, Swift.min(9.0e18, scaled)))
        guard q >= Self.denseLimit else {
            negative[Self.bucket(q), default: 0] += 1
            return
        }
        high[Self.highKey(q), default: 0] &+= 1
    }

    /// The bucket of q ≥ ``denseLimit``: its shift (at most 43, as q < 2⁶³) above the 19 bits
    /// that follow its top one, so that keys in order are buckets in order.
    private static func highKey(_ q: Int64) -> UInt32 {
        let magnitude = UInt64(q)
        let shift = UInt64.bitWidth - magnitude.leadingZeroBitCount - 20
        return UInt32(shift) << 19 | UInt32(truncatingIfNeeded: magnitude >> UInt64(shift)) & (1 << 19 - 1)
    }

    /// The bucket (``bucket(_:)``) a key of ``highKey(_:)`` stands for.
    private static func highBucket(_ key: UInt32) -> Int64 {
        Int64(1 << 19 | key & (1 << 19 - 1)) << Int64(key >> 19)
    }

    /// q floored to 20 significant bits (toward −∞ for negatives, keeping order).
    static func bucket(_ q: Int64) -> Int64 {
        let magnitude = q.magnitude
        let bits = UInt64.bitWidth - magnitude.leadingZeroBitCount
        guard bits > 20 else { return q }
        let shift = UInt64(bits - 20)
        if q >= 0 { return Int64((magnitude >> shift) << shift) }
        return -Int64(((magnitude + (1 << shift) - 1) >> shift) << shift)
    }

    func summary(kind: MetricKind) -> MetricSummary {
        guard count > 0 else { return MetricSummary(kind: kind) }
        let ranks = [0.50, 0.95, 0.99].map { Statistics.nearestRankIndex(count: count, $0) }
        var values = [Double](repeating: 0, count: ranks.count)
        var seen = 0
        var next = 0
        func visit(_ q: Int64, _ n: Int) {
            seen += n
            while next < ranks.count && seen >= ranks[next] {
                values[next] = Swift.min(moments.maximum, Swift.max(moments.minimum, Double(q) * quantum)) * unit
                next += 1
            }
        }
        /// Visits a page's counters in order, or only adds its total when it reaches no
        /// percentile still sought (callgrind: the visits were 30 M of a ten-minute scroll
        /// replay's 712 M, mostly over nearly empty pages of one metric).
        func visit(page counts: ArraySlice<UInt32>, bucket: (Int) -> Int64) {
            let total = counts.withUnsafeBufferPointer { buffer in
                var sum: UInt64 = 0
                for count in buffer { sum &+= UInt64(count) }
                return Int(sum)
            }
            if seen &+ total < ranks[next] {
                seen &+= total
                return
            }
            for (offset, count) in counts.enumerated() where count > 0 { visit(bucket(offset), Int(count)) }
        }
        for (q, n) in negative.sorted(by: { $0.key < $1.key }) where next < ranks.count { visit(q, n) }
        // Pages in the order of q; every percentile found, the rest cannot change them.
        for (page, start) in pageStarts.enumerated() where start >= 0 && next < ranks.count {
            let first = Int(start) << Self.pageShift
            visit(page: counters[first..<(first + Self.pageSize)]) { Int64(page << Self.pageShift | $0) }
        }
        for (key, n) in high.sorted(by: { $0.key < $1.key }) where next < ranks.count { visit(Self.highBucket(key), Int(n)) }
        return MetricSummary(kind: kind, count: count, mean: moments.mean * unit, p50: values[0], p95: values[1],
                             p99: values[2], max: moments.maximum * unit, min: moments.minimum * unit,
                             stddev: moments.standardDeviation * unit)
    }

    /// The population standard deviation of the values (0 when empty).
    var standardDeviation: Double { moments.standardDeviation * unit }
}
