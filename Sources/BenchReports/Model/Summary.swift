/// Plain descriptive statistics over small arrays of doubles (the repeats of a timing metric,
/// the values of a suite).
public enum Summary {
    /// The arithmetic mean; 0 for no values.
    public static func mean(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The median (the mean of the middle two for an even count); 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The nearest-rank percentile of `sorted` (ascending), `fraction` in 0…1.
    public static func nearestRank(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Swift.max(1, Int((Double(sorted.count) * fraction).rounded(.up)))
        return sorted[Swift.min(rank, sorted.count) - 1]
    }

    /// The population standard deviation, as the replayer reports it.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        return (squares / Double(values.count)).squareRoot()
    }
}
