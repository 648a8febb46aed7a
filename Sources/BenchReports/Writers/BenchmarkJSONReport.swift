import RunRecord
import TouchBenchSupport
import TouchTrace

/// The `customSmallerIsBetter` JSON array that benchmark-tracking CI actions read:
/// `[{"name", "unit", "value", "range", "extra"}]`, one element per trace × scene × headline
/// metric. Replay throughput, where bigger is better, is written as its inverse (ns per
/// sample), and intent accuracy as its complement (`intent_miss_share`, the share of gestures
/// that end elsewhere), so that every element is smaller-is-better.
///
/// A dashboard alerts when a value grows by its threshold (125 % is common) from one commit
/// to the next, so only what is stable to that degree is published: deterministic metrics
/// (identical unless the code changed), and a timing metric as the fastest of its repeats
/// (`min`: load only ever adds time), and only when its repeats agree within
/// ``stableSpread`` — a run whose own repeats spread wider cannot say anything at 125 %.
public struct BenchmarkJSONReport: Sendable {
    public var result: BenchResult

    /// The metrics a dashboard tracks, with the statistic that stands for each.
    public static let headlines: [(metric: MetricName, statistic: Statistic)] = [
        (.response, .p50), (.response, .p99), (.feedback, .p95), (.deadTravel, .max),
        (.presentedGap, .p95), (.presentedLag, .p50), (.projectionError, .max), (.settle, .max),
        (.overshoot, .max), (.velocityJump, .max), (.catchVelocityJump, .max), (.retargetVelocityJump, .max),
        (.bounceVelocityJump, .max), (.intent, .p50),
        ("event_latency_ms", .p50), ("event_latency_ms", .p99), ("frame_latency_ms", .p50),
        ("latency_jitter_ms", .mean), ("reversal_response_ms", .p50), ("catch_response_ms", .p50),
        ("pause_response_ms", .p50), ("pause_detection_ms", .p50),
        ("tracking_error_pt", .p95), ("hitch_time_ratio_ms_per_s", .mean), ("dropped_frames", .mean),
        ("tap_delay_ms", .p50), ("cpu_per_frame_us", .min),
    ]

    /// The widest relative spread of a timing metric's repeats, (max − min) ÷ min, for it
    /// to be published: a quarter of the 125 % alert's margin.
    public static let stableSpread = 0.0625

    /// Whether a timing summary's repeats agree well enough for a 125 % alert.
    public static func isStable(_ summary: MetricSummary) -> Bool {
        guard let low = summary.min, let high = summary.max, low > 0 else { return false }
        return (high - low) / low <= stableSpread
    }

    public init(result: BenchResult) {
        self.result = result
    }

    /// One element of the array.
    public struct Element: Sendable, Hashable {
        public var name: String
        public var unit: String
        /// Smaller is better.
        public var value: Double
        public var extra: String
        /// Timing figures: half the spread of the repeats, as `± x`.
        public var range: String?
    }

    /// The elements, in entry then headline order.
    public var elements: [Element] {
        var elements: [Element] = []
        for entry in result.entries {
            let prefix = "\(entry.scene)/\(entry.key.traceName)"
            for (metric, statistic) in Self.headlines {
                guard let summary = entry.metrics[metric], !summary.isEmpty, let value = summary.value(statistic) else { continue }
                if summary.kind == .timing && !Self.isStable(summary) { continue }
                var element = Element(name: "\(prefix) \(metric) \(statistic.rawValue)", unit: metric.unit, value: value,
                                      extra: summary.kind.rawValue + (summary.repeats.map { ", \(statistic == .min ? "fastest" : "median") of \($0.count) repeats" } ?? ""))
                if let low = summary.min, let high = summary.max, summary.kind == .timing {
                    element.range = "± " + JSONWriter.format((high - low) / 2, decimals: 3)
                }
                elements.append(element)
            }
            if let accuracy = entry.metrics[MetricName.intentAccuracy], !accuracy.isEmpty, let share = accuracy.mean {
                elements.append(Element(name: "\(prefix) intent_miss_share mean", unit: "share", value: 1 - share,
                                        extra: "\(accuracy.kind.rawValue), 1 − intent_accuracy over \(accuracy.count) gesture\(accuracy.count == 1 ? "" : "s")"))
            }
            if let throughput = entry.metrics[MetricName.replayThroughput], let fastest = throughput.max, fastest > 0,
               Self.isStable(throughput) {
                var element = Element(name: "\(prefix) replay_ns_per_sample min", unit: "ns", value: 1e9 / fastest,
                                      extra: "timing, inverse of the fastest repeat's replay throughput")
                if let low = throughput.min, low > 0 {
                    element.range = "± " + JSONWriter.format((1e9 / low - 1e9 / fastest) / 2, decimals: 3)
                }
                elements.append(element)
            }
        }
        return elements
    }

    /// The elements a benchmark dashboard would alert on going from `previous` to this
    /// report: present in both, and grown beyond `threshold` (1.25 for the common 125 %) —
    /// what github-action-benchmark's `customSmallerIsBetter` comparison does.
    public func alerts(since previous: BenchmarkJSONReport, threshold: Double = 1.25) -> [Element] {
        var before: [String: Double] = [:]
        for element in previous.elements { before[element.name] = element.value }
        return elements.filter { element in
            guard let old = before[element.name], old > 0 else { return false }
            return element.value / old > threshold
        }
    }

    public func render() -> String {
        let array: [JSONValue] = elements.map { element in
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(element.name)), ("unit", .string(element.unit)), ("value", .number(element.value)),
                ("extra", .string(element.extra)),
            ]
            if let range = element.range { members.append(("range", .string(range))) }
            return .object(members)
        }
        return JSONWriter.document(.array(array))
    }
}
