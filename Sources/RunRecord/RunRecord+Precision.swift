import TouchBenchSupport

extension RunRecord {
    /// The record with every number as its JSON form reads back: rounded to the six decimals
    /// the writer keeps, non-finite statistics absent. A fresh record then compares exactly
    /// with the same record read from a file (a baseline), as deterministic metrics must.
    public var atWrittenPrecision: RunRecord {
        var copy = self
        copy.refreshHz = Self.written(refreshHz) ?? 0
        copy.metrics = metrics.mapValues(\.atWrittenPrecision)
        copy.events = events.map { event in
            var event = event
            event.responseMs = event.responseMs.flatMap(Self.written)
            event.detectionMs = event.detectionMs.flatMap(Self.written)
            event.timerDetectionMs = event.timerDetectionMs.flatMap(Self.written)
            return event
        }
        return copy
    }

    /// `value` as `JSONWriter.format` writes it and the reader parses it back: both are the
    /// double nearest to round(value · 10⁶) / 10⁶, which this computes without text.
    static func written(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let scaled = (value * 1e6).rounded()
        // Beyond Int64 the writer prints the integer part alone (`JSONWriter.format`).
        guard abs(scaled) < 9.0e18 else { return value.rounded(.toNearestOrEven) }
        return scaled == 0 ? 0 : scaled / 1e6
    }
}

extension MetricSummary {
    var atWrittenPrecision: MetricSummary {
        guard count > 0 else {
            var empty = self
            for statistic in Statistic.allCases where statistic != .count { empty.set(statistic, nil) }
            return empty
        }
        var copy = self
        for statistic in Statistic.allCases where statistic != .count {
            copy.set(statistic, value(statistic).flatMap(RunRecord.written))
        }
        copy.repeats = repeats?.compactMap(RunRecord.written)
        return copy
    }

    private mutating func set(_ statistic: Statistic, _ value: Double?) {
        switch statistic {
        case .count: break
        case .mean: mean = value
        case .p50: p50 = value
        case .p95: p95 = value
        case .p99: p99 = value
        case .max: max = value
        case .min: min = value
        case .stddev: stddev = value
        }
    }
}
