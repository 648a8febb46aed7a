/// The metrics of a run, named as in DESIGN.md "Metrics" and docs/METRICS.md.
public enum MetricName: String, Sendable, Hashable, CaseIterable, Codable {
    case eventLatency = "event_latency_ms"
    case frameLatency = "frame_latency_ms"
    case latencyJitter = "latency_jitter_ms"
    case frameIntervalJitter = "frame_interval_jitter_ms"
    case deliveryError = "delivery_error_ms"
    case redirectionResponse = "redirection_response_ms"
    case pauseDetection = "pause_detection_ms"
    /// The timer-based pause detector, kept to compare with the deceleration one.
    case pauseDetectionTimer = "pause_detection_timer_ms"
    case trackingError = "tracking_error_pt"
    case hitchTimeRatio = "hitch_time_ratio_ms_per_s"
    case droppedFrames = "dropped_frames"
    case cpuPerFrame = "cpu_per_frame_us"
    /// How long each committed tap waited: a single tap waits for the double tap to fail.
    case tapDelay = "tap_delay_ms"

    /// Whether the metric is measured (noisy) even under the virtual clock.
    public var isAlwaysTiming: Bool {
        switch self {
        case .frameIntervalJitter, .deliveryError, .cpuPerFrame: true
        default: false
        }
    }
}
