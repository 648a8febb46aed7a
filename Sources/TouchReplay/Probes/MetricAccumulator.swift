import RunRecord
import TouchBenchSupport

/// Streams the values of one metric into a summary with exact mean, deviation and extremes
/// and exact nearest-rank percentiles over values floored to `quantum` (then clamped to
/// [min, max], so a percentile is at most one quantum below the exact one and never outside
/// the values seen), in memory bounded by the range of the values — never by their count.
///
/// Quantised values q in 0 ..< 2²⁰ (1 µs steps cover a second of latency) are counted in
/// pages of 1024 counters, a page allocated when a value first falls in it; rarer values
/// (negative, or beyond) are counted in a dictionary keyed by q floored to 20 significant
/// bits, so even there the memory is at most a few thousand entries per power of two that
/// occurs.
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
    /// For each page of q (q >> ``pageShift``) below ``denseLimit``, its index in `pages`, or
    /// −1 before a value falls in it.
    private var pageStarts: [Int32] = []
    /// The counters of the pages in use, ``pageSize`` each, in the order the pages were first
    /// used. An array per page, not one array of them all: growing one array copied every
    /// page taken so far at each doubling (a twentieth of a 10 min replay's time).
    private var pages: [[UInt32]] = []
    private var sparse: [Int64: Int] = [:]

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
        pages[Int(pageStarts[page])][q & (Self.pageSize - 1)] &+= 1
    }

    private mutating func addPage(_ page: Int) {
        if pageStarts.isEmpty { pageStarts = [Int32](repeating: -1, count: Self.pageCount) }
        guard pageStarts[page] < 0 else { return }
        pageStarts[page] = Int32(pages.count)
        pages.append(Self.zeroPage)
    }

    private mutating func addSparse(_ scaled: Double) {
        let clamped = Swift.max(-9.0e18, Swift.min(9.0e18, scaled))
        sparse[Self.bucket(Int64(clamped)), default: 0] += 1
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
        // The sparse counts in order, taken once (looking each key up again cost as much as
        // the sort).
        let rare = sparse.sorted { $0.key < $1.key }
        let highStart = rare.firstIndex { $0.key >= 0 } ?? rare.endIndex
        func visit(_ q: Int64, _ n: Int) {
            seen += n
            while next < ranks.count && seen >= ranks[next] {
                values[next] = Swift.min(moments.maximum, Swift.max(moments.minimum, Double(q) * quantum)) * unit
                next += 1
            }
        }
        for (q, n) in rare[..<highStart] where next < ranks.count { visit(q, n) }
        // Pages in the order of q; every percentile found, the rest cannot change them.
        for (page, start) in pageStarts.enumerated() where start >= 0 && next < ranks.count {
            let counts = pages[Int(start)]
            // A page that reaches no percentile still sought only adds its total: summed
            // rather than visited counter by counter (callgrind: the visits were 30 M of a
            // ten-minute scroll replay's 712 M, mostly over nearly empty pages of one metric).
            let total = counts.withUnsafeBufferPointer { buffer in
                var sum: UInt64 = 0
                for count in buffer { sum &+= UInt64(count) }
                return Int(sum)
            }
            if seen &+ total < ranks[next] {
                seen &+= total
                continue
            }
            for offset in 0..<Self.pageSize where counts[offset] > 0 {
                visit(Int64(page << Self.pageShift | offset), Int(counts[offset]))
            }
        }
        for (q, n) in rare[highStart...] where next < ranks.count { visit(q, n) }
        return MetricSummary(kind: kind, count: count, mean: moments.mean * unit, p50: values[0], p95: values[1],
                             p99: values[2], max: moments.maximum * unit, min: moments.minimum * unit,
                             stddev: moments.standardDeviation * unit)
    }

    /// The population standard deviation of the values (0 when empty).
    var standardDeviation: Double { moments.standardDeviation * unit }
}
