import TouchBenchSupport

/// Whether a metric is a deterministic consequence of the trace and settings (identical on
/// any machine under the virtual clock) or a measured, noisy timing.
public enum MetricKind: String, Sendable, Hashable, CaseIterable {
    case deterministic
    case timing
}

/// The summary of one metric: `{"kind", count, mean, p50, p95, p99, max, min, stddev}` in
/// the metric's unit (DESIGN.md, "Result files").
///
/// A replay's percentiles are nearest-rank over values floored to the metric's quantum
/// (docs/METRICS.md "Summaries"). In a bench result a timing metric is summarised over its
/// repeated runs instead: each repeat contributes one value (that run's mean), kept in
/// ``repeats``, and ``p50`` is their median. An empty summary has count 0 and no statistic.
public struct MetricSummary: Sendable, Hashable {
    public var kind: MetricKind
    /// How many values were summarised (0: nothing measured).
    public var count: Int
    public var mean: Double?
    public var p50: Double?
    public var p95: Double?
    public var p99: Double?
    public var max: Double?
    public var min: Double?
    public var stddev: Double?
    /// For a timing metric of a bench result: one value per repeated run.
    public var repeats: [Double]?
    /// Members this model does not know, kept so a file read and written again loses nothing.
    package var extras: [String: JSONValue] = [:]

    public init(kind: MetricKind, count: Int = 0, mean: Double? = nil, p50: Double? = nil, p95: Double? = nil,
                p99: Double? = nil, max: Double? = nil, min: Double? = nil, stddev: Double? = nil,
                repeats: [Double]? = nil) {
        self.kind = kind
        self.count = count
        self.mean = mean
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
        self.min = min
        self.stddev = stddev
        self.repeats = repeats
    }

    /// A summary of one value (a run's total or ratio): every statistic is that value.
    public static func single(_ value: Double, kind: MetricKind) -> MetricSummary {
        MetricSummary(kind: kind, count: 1, mean: value, p50: value, p95: value, p99: value, max: value, min: value, stddev: 0)
    }

    /// The timing summary of `values`, one per repeated run: median as ``p50`` and the
    /// spread as ``min`` … ``max``.
    public static func overRepeats(_ values: [Double]) -> MetricSummary {
        let finite = values.filter(\.isFinite)
        guard !finite.isEmpty else { return MetricSummary(kind: .timing, count: 0, repeats: []) }
        let sorted = finite.sorted()
        return MetricSummary(kind: .timing, count: sorted.count, mean: Statistics.mean(sorted),
                             p50: Statistics.median(sorted), p95: Statistics.nearestRank(sorted, 0.95),
                             p99: Statistics.nearestRank(sorted, 0.99), max: sorted.last, min: sorted.first,
                             stddev: Statistics.standardDeviation(sorted), repeats: finite)
    }

    /// The value of one statistic, `nil` when it was not measured.
    public func value(_ statistic: Statistic) -> Double? {
        switch statistic {
        case .count: Double(count)
        case .mean: mean
        case .p50: p50
        case .p95: p95
        case .p99: p99
        case .max: max
        case .min: min
        case .stddev: stddev
        }
    }

    /// Whether nothing was measured.
    public var isEmpty: Bool { count == 0 }
}

/// A statistic of a ``MetricSummary``, named as in the JSON form.
public enum Statistic: String, Sendable, Hashable, CaseIterable, Comparable {
    case count, mean, p50, p95, p99, max, min, stddev

    public static func < (lhs: Statistic, rhs: Statistic) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
