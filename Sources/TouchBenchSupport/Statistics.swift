/// Descriptive statistics over arrays of doubles: the one definition of the mean, median,
/// nearest-rank percentile and population standard deviation that run summaries, bench
/// repeats and reports share (docs/METRICS.md, "Summaries").
package enum Statistics {
    /// The arithmetic mean; 0 for no values.
    package static func mean(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The median (the mean of the middle two for an even count); 0 for no values.
    package static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The 1-based rank of the nearest-rank percentile `fraction` (0…1) among `count` values.
    package static func nearestRankIndex(count: Int, _ fraction: Double) -> Int {
        Swift.max(1, Int((Double(count) * fraction).rounded(.up)))
    }

    /// The nearest-rank percentile of `sorted` (ascending), `fraction` in 0…1; 0 for no values.
    package static func nearestRank(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[Swift.min(nearestRankIndex(count: sorted.count, fraction), sorted.count) - 1]
    }

    /// The population standard deviation; 0 for fewer than two values.
    package static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        return (squares / Double(values.count)).squareRoot()
    }

    /// The interquartile range (nearest-rank 75th − 25th percentile) divided by 1.349, so
    /// that it estimates the standard deviation of normal data; 0 for no values. Robust: a
    /// wild value at either end does not move it (of five values it spans the 2nd to the 4th),
    /// yet two of five in another mode (a machine switching between two load states) do.
    package static func robustStandardDeviation(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return (nearestRank(sorted, 0.75) - nearestRank(sorted, 0.25)) / 1.349
    }
}

/// Count, mean, population variance and extremes of a stream of values in constant memory
/// (Welford's update: numerically stable and, in a fixed order, deterministic).
package struct RunningMoments: Sendable, Hashable {
    package private(set) var count = 0
    package private(set) var mean = 0.0
    /// The sum of squared deviations from the running mean.
    package private(set) var squares = 0.0
    package private(set) var minimum = Double.infinity
    package private(set) var maximum = -Double.infinity

    package init() {}

    @inline(__always)
    package mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        squares += delta * (value - mean)
        if value < minimum { minimum = value }
        if value > maximum { maximum = value }
    }

    /// The population standard deviation (0 when empty).
    package var standardDeviation: Double { count > 0 ? (squares / Double(count)).squareRoot() : 0 }
}
