import RunRecord
import TouchBenchSupport
import TouchTrace

/// The `customSmallerIsBetter` JSON array that benchmark-tracking CI actions read:
/// `[{"name", "unit", "value", "range", "extra"}]`, one element per trace × scene × headline
/// metric. Replay throughput, where bigger is better, is written as its inverse (ns per
/// sample), and intent accuracy as its complement (`intent_miss_share`, the share of gestures
/// that end elsewhere), so that every element is smaller-is-better.
public struct BenchmarkJSONReport: Sendable {
    public var result: BenchResult

    /// The metrics a dashboard tracks, with the statistic that stands for each.
    public static let headlines: [(metric: MetricName, statistic: Statistic)] = [
        (.response, .p50), (.response, .p99), (.feedback, .p95), (.deadTravel, .max),
        (.presentedGap, .p95), (.presentedLag, .p50), (.projectionError, .max), (.settle, .max),
        (.overshoot, .max), (.velocityJump, .max), (.intent, .p50),
        ("event_latency_ms", .p50), ("event_latency_ms", .p99), ("frame_latency_ms", .p50),
        ("latency_jitter_ms", .mean), ("reversal_response_ms", .p50), ("catch_response_ms", .p50),
        ("pause_response_ms", .p50), ("pause_detection_ms", .p50),
        ("tracking_error_pt", .p95), ("hitch_time_ratio_ms_per_s", .mean), ("dropped_frames", .mean),
        ("tap_delay_ms", .p50), ("cpu_per_frame_us", .p50),
    ]

    public init(result: BenchResult) {
        self.result = result
    }

    public func render() -> String {
        var elements: [JSONValue] = []
        for entry in result.entries {
            let prefix = "\(entry.scene)/\(entry.key.traceName)"
            for (metric, statistic) in Self.headlines {
                guard let summary = entry.metrics[metric], !summary.isEmpty, let value = summary.value(statistic) else { continue }
                var members: [(key: String, value: JSONValue)] = [
                    ("name", .string("\(prefix) \(metric) \(statistic.rawValue)")),
                    ("unit", .string(metric.unit)),
                    ("value", .number(value)),
                    ("extra", .string(summary.kind.rawValue + (summary.repeats.map { ", median of \($0.count) repeats" } ?? ""))),
                ]
                if let low = summary.min, let high = summary.max, summary.kind == .timing {
                    members.append(("range", .string("± " + JSONWriter.format((high - low) / 2, decimals: 3))))
                }
                elements.append(.object(members))
            }
            if let accuracy = entry.metrics[MetricName.intentAccuracy], !accuracy.isEmpty, let share = accuracy.mean {
                elements.append(.object([
                    ("name", .string("\(prefix) intent_miss_share mean")),
                    ("unit", .string("share")),
                    ("value", .number(1 - share)),
                    ("extra", .string("\(accuracy.kind.rawValue), 1 − intent_accuracy over \(accuracy.count) gesture\(accuracy.count == 1 ? "" : "s")")),
                ]))
            }
            if let throughput = entry.metrics[MetricName.replayThroughput], let median = throughput.p50, median > 0 {
                var members: [(key: String, value: JSONValue)] = [
                    ("name", .string("\(prefix) replay_ns_per_sample p50")),
                    ("unit", .string("ns")),
                    ("value", .number(1e9 / median)),
                    ("extra", .string("timing, inverse of replay throughput")),
                ]
                if let low = throughput.min, let high = throughput.max, low > 0 {
                    members.append(("range", .string("± " + JSONWriter.format((1e9 / low - 1e9 / high) / 2, decimals: 3))))
                }
                elements.append(.object(members))
            }
        }
        return JSONWriter.document(.array(elements))
    }
}
