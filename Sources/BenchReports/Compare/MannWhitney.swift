import Foundation

/// The Mann–Whitney U test (Wilcoxon rank-sum): are two samples drawn from the same
/// distribution? It assumes no particular shape, which suits timings (skewed, with outliers)
/// and the handful of repeats a CI job can afford.
///
/// Without ties and with both samples of at most ``exactLimit`` values, the two-sided p-value
/// is exact, from the distribution of U counted by recurrence; otherwise it uses the normal
/// approximation with tie and continuity corrections.
public enum MannWhitney {
    /// The result of a test.
    public struct Result: Sendable, Hashable {
        /// U of the first sample: pairs (a, b) with a > b, ties counting ½.
        public var u: Double
        /// Two-sided p-value.
        public var p: Double
        /// Whether it came from the exact distribution.
        public var exact: Bool
    }

    /// Samples this small (each) get the exact distribution.
    public static let exactLimit = 30

    /// Tests `a` against `b`; `nil` when either has no value.
    public static func test(_ a: [Double], _ b: [Double]) -> Result? {
        let n1 = a.count, n2 = b.count
        guard n1 > 0, n2 > 0 else { return nil }
        // Mid-ranks over the pooled sample.
        let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for index in start...end { ranks[index] = rank }
            let tied = Double(end - start + 1)
            tieTerm += tied * tied * tied - tied
            start = end + 1
        }
        var rankSum = 0.0
        for (index, element) in pooled.enumerated() where element.1 == 0 { rankSum += ranks[index] }
        let u = rankSum - Double(n1 * (n1 + 1)) / 2
        if tieTerm == 0 && n1 <= exactLimit && n2 <= exactLimit {
            return Result(u: u, p: exactTwoSided(u: Int(u.rounded()), n1: n1, n2: n2), exact: true)
        }
        let n = Double(n1 + n2)
        let mean = Double(n1 * n2) / 2
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return Result(u: u, p: 1, exact: false) }
        let z = max(0, abs(u - mean) - 0.5) / variance.squareRoot()
        return Result(u: u, p: min(1, erfc(z / 2.0.squareRoot())), exact: false)
    }

    /// P(U ≤ u or U ≥ n1·n2 − u) under the null hypothesis, by counting the arrangements of
    /// n1 + n2 ranks with each U (the recurrence on the largest rank).
    static func exactTwoSided(u: Int, n1: Int, n2: Int) -> Double {
        let maxU = n1 * n2
        // previous[j][k]: arrangements of i − 1 values of the first sample and j of the
        // second with U = k; one row of i is kept at a time.
        var previous = [[Double]](repeating: [1], count: n2 + 1)
        for i in 1...n1 {
            var current = [[Double]](repeating: [1], count: n2 + 1)
            for j in 1...n2 {
                var row = [Double](repeating: 0, count: i * j + 1)
                // The largest value is the second sample's: U unchanged.
                for (k, count) in current[j - 1].enumerated() { row[k] += count }
                // It is the first sample's: it beats all j values of the second.
                for (k, count) in previous[j].enumerated() { row[k + j] += count }
                current[j] = row
            }
            previous = current
        }
        let distribution = previous[n2]
        let total = distribution.reduce(0, +)
        let low = min(u, maxU - u)
        var tail = 0.0
        for k in 0...max(0, low) where k < distribution.count { tail += distribution[k] }
        return min(1, 2 * tail / total)
    }
}
