/// What reports need to know about a metric from its name alone: its unit and which way is
/// better. Names follow DESIGN.md ("Result files"); unknown names default to smaller-is-better.
public enum MetricCatalog {
    /// The timing metric bench adds: input samples replayed per second of wall-clock time.
    public static let throughput = "replay_throughput_samples_per_s"

    /// The deterministic pseudo-metric compare adds from the events: redirections and pauses
    /// the scene never answered.
    public static let unanswered = "unanswered_events"

    /// Which way a change is an improvement.
    public enum Direction: String, Sendable, Hashable {
        case lower, higher
    }

    /// The report order of the known metrics; others follow by name.
    public static let order = [
        "response_ms", "response_recognition_ms", "response_pipeline_ms", "feedback_ms", "unanswered_inputs",
        "dead_travel_pt", "presented_gap_pt", "presented_lag_ms",
        "projection_error_pt", "throw_distance_pt", "settle_ms", "overshoot_pct", "oscillations", "velocity_jump_pt_per_s",
        "event_latency_ms", "frame_latency_ms", "latency_jitter_ms", "redirection_response_ms", unanswered,
        "pause_detection_ms", "pause_detection_timer_ms", "tap_delay_ms", "tracking_error_pt", "hitch_time_ratio_ms_per_s",
        "dropped_frames", "frame_interval_jitter_ms", "delivery_error_ms", "cpu_per_frame_us", throughput,
    ]

    /// The unit, from the name's suffix.
    public static func unit(of metric: String) -> String {
        if metric.hasSuffix("_ms_per_s") { return "ms/s" }
        if metric.hasSuffix("_pt_per_s") { return "pt/s" }
        if metric.hasSuffix("_pct") { return "%" }
        if metric == "oscillations" { return "crossings" }
        if metric.hasSuffix("_samples_per_s") { return "samples/s" }
        if metric.hasSuffix("_ms") { return "ms" }
        if metric.hasSuffix("_us") { return "µs" }
        if metric.hasSuffix("_pt") { return "pt" }
        if metric == "dropped_frames" { return "frames" }
        if metric == unanswered { return "events" }
        if metric == "unanswered_inputs" { return "inputs" }
        return ""
    }

    public static func direction(of metric: String) -> Direction {
        metric == throughput ? .higher : .lower
    }

    /// A sort key putting known metrics in report order.
    public static func rank(_ metric: String) -> Int {
        order.firstIndex(of: metric) ?? order.count
    }

    /// The statistic that stands for a metric in tables: a total or ratio is a single value
    /// (its mean); a distribution is shown by its 95th percentile.
    public static func headline(of metric: String, kind: MetricStatistics.Kind) -> Statistic {
        if kind == .timing { return .p50 }
        switch metric {
        case "latency_jitter_ms", "hitch_time_ratio_ms_per_s", "dropped_frames", unanswered, "unanswered_inputs": return .mean
        default: return .p95
        }
    }
}
