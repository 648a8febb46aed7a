/// Whether a metric is a deterministic consequence of the trace and settings (identical on
/// any machine under the virtual clock) or a measured, noisy timing.
public enum MetricKind: String, Sendable, Hashable, Codable {
    case deterministic
    case timing
}

/// The summary of one metric over a run: `{"kind", count, mean, p50, p95, p99, max, min,
/// stddev}` in the metric's unit.
///
/// Percentiles are nearest-rank over values floored to the metric's quantum (1 µs for
/// times, 10⁻⁶ pt for distances, 10 ns for CPU time; docs/METRICS.md "Summaries"); mean,
/// standard deviation (population), min and max are exact. An empty summary has count 0
/// and zeros, written as `null` in JSON.
public struct MetricSummary: Sendable, Hashable {
    public var kind: MetricKind
    public var count: Int
    public var mean: Double
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
    public var min: Double
    public var stddev: Double

    public init(kind: MetricKind, count: Int = 0, mean: Double = 0, p50: Double = 0, p95: Double = 0,
                p99: Double = 0, max: Double = 0, min: Double = 0, stddev: Double = 0) {
        self.kind = kind
        self.count = count
        self.mean = mean
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
        self.min = min
        self.stddev = stddev
    }

    /// A summary of one value (a run's total or ratio): every statistic is that value.
    public static func single(_ value: Double, kind: MetricKind) -> MetricSummary {
        MetricSummary(kind: kind, count: 1, mean: value, p50: value, p95: value, p99: value, max: value, min: value, stddev: 0)
    }

    /// Whether nothing was measured.
    public var isEmpty: Bool { count == 0 }
}
