/// The metrics of a run, named as in DESIGN.md "Metrics" and docs/METRICS.md.
public enum MetricName: String, Sendable, Hashable, CaseIterable, Codable {
    /// The pipeline figure: sample → presentation of the frame that consumed it (a property
    /// of the display model more than of the interaction code).
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
    /// Visible response: an input that starts an interaction → the first frame that shows a change.
    case response = "response_ms"
    /// Its first stage: the wait for recognition (hysteresis travel, disambiguation).
    case responseRecognition = "response_recognition_ms"
    /// Its second stage: batching to a vsync and the display pipeline.
    case responsePipeline = "response_pipeline_ms"
    /// Visible response to a touch-down (highlight or first motion).
    case feedback = "feedback_ms"
    /// Run-level: inputs that start an interaction and are never answered by a visible change.
    case unansweredInputs = "unanswered_inputs"
    /// How far the finger travelled before the element it drives first moved.
    case deadTravel = "dead_travel_pt"
    /// The finger, interpolated at a frame's presentation, against the element shown then.
    case presentedGap = "presented_gap_pt"
    /// How far behind the finger the element is shown, in time.
    case presentedLag = "presented_lag_ms"
    /// A release's committed target against the documented projection of its velocity.
    case projectionError = "projection_error_pt"
    /// How far the element travels from a lift until it rests.
    case throwDistance = "throw_distance_pt"
    /// From a lift until the animation it started comes to rest.
    case settle = "settle_ms"
    /// How far past its resting place the element swings, in % of its travel.
    case overshoot = "overshoot_pct"
    /// How often the element crosses its resting place before it rests.
    case oscillations = "oscillations"
    /// The change in the element's velocity across a release (momentum handed over or lost).
    case velocityJump = "velocity_jump_pt_per_s"

    /// Whether the metric is measured (noisy) even under the virtual clock.
    public var isAlwaysTiming: Bool {
        switch self {
        case .frameIntervalJitter, .deliveryError, .cpuPerFrame: true
        default: false
        }
    }
}
