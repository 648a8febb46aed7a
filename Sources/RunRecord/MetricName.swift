/// The name of a metric: the typed catalogue of docs/METRICS.md, open to names it does not
/// know, so a result file written by another version reads and writes back unchanged.
///
/// Known names are static members (`.eventLatency`); any other name is kept as written.
public struct MetricName: OpenStringEnum {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // MARK: What a run measures (docs/METRICS.md)

    /// The pipeline figure: sample → presentation of the frame that consumed it (a property
    /// of the display model more than of the interaction code).
    public static let eventLatency: MetricName = "event_latency_ms"
    public static let frameLatency: MetricName = "frame_latency_ms"
    public static let latencyJitter: MetricName = "latency_jitter_ms"
    public static let frameIntervalJitter: MetricName = "frame_interval_jitter_ms"
    public static let deliveryError: MetricName = "delivery_error_ms"
    /// A reversal of the finger → the first frame in which the element comes back beyond a noise floor.
    public static let reversalResponse: MetricName = "reversal_response_ms"
    /// A touch on moving content → the first frame that holds it under the finger (which it must then follow).
    public static let catchResponse: MetricName = "catch_response_ms"
    /// A pausing finger → the frame from which the committed destination is the final one (signed).
    public static let pauseResponse: MetricName = "pause_response_ms"
    public static let pauseDetection: MetricName = "pause_detection_ms"
    /// The timer-based pause detector, kept to compare with the deceleration one.
    public static let pauseDetectionTimer: MetricName = "pause_detection_timer_ms"
    public static let trackingError: MetricName = "tracking_error_pt"
    public static let hitchTimeRatio: MetricName = "hitch_time_ratio_ms_per_s"
    public static let droppedFrames: MetricName = "dropped_frames"
    public static let cpuPerFrame: MetricName = "cpu_per_frame_us"
    /// How long each committed tap waited: a single tap waits for the double tap to fail.
    public static let tapDelay: MetricName = "tap_delay_ms"
    /// Visible response: an input that starts an interaction → the first frame that shows a change.
    public static let response: MetricName = "response_ms"
    /// Its first stage: the wait for recognition (hysteresis travel, disambiguation).
    public static let responseRecognition: MetricName = "response_recognition_ms"
    /// Its second stage: batching to a vsync and the display pipeline.
    public static let responsePipeline: MetricName = "response_pipeline_ms"
    /// Visible response to a touch-down (highlight or first motion).
    public static let feedback: MetricName = "feedback_ms"
    /// Run-level: inputs that start an interaction and are never answered by a visible change.
    public static let unansweredInputs: MetricName = "unanswered_inputs"
    /// How far the finger travelled before the element it drives first moved.
    public static let deadTravel: MetricName = "dead_travel_pt"
    /// The finger, interpolated at a frame's presentation, against the element shown then.
    public static let presentedGap: MetricName = "presented_gap_pt"
    /// How far behind the finger the element is shown, in time.
    public static let presentedLag: MetricName = "presented_lag_ms"
    /// A release's committed target against the documented projection of its velocity.
    public static let projectionError: MetricName = "projection_error_pt"
    /// How far the element travels from a lift until it rests.
    public static let throwDistance: MetricName = "throw_distance_pt"
    /// From a lift until the animation it started comes to rest.
    public static let settle: MetricName = "settle_ms"
    /// How far past its resting place the element swings, in % of its travel.
    public static let overshoot: MetricName = "overshoot_pct"
    /// How often the element crosses its resting place before it rests.
    public static let oscillations: MetricName = "oscillations"
    /// The change in the element's velocity across a release (momentum handed over or lost).
    public static let velocityJump: MetricName = "velocity_jump_pt_per_s"
    /// The element's velocity after a finger caught it against the catching finger's.
    public static let catchVelocityJump: MetricName = "catch_velocity_jump_pt_per_s"
    /// The change in the element's velocity where its animation was retargeted in flight.
    public static let retargetVelocityJump: MetricName = "retarget_velocity_jump_pt_per_s"
    /// The change in the element's velocity where coasting content reached an edge and bounced.
    public static let bounceVelocityJump: MetricName = "bounce_velocity_jump_pt_per_s"
    /// A gesture's `intent` marker → the first frame from which the scene's destination
    /// equals it until the gesture is over.
    public static let intent: MetricName = "intent_ms"
    /// The share of gestures with an intent that end at the destination they meant (0…1;
    /// higher is better).
    public static let intentAccuracy: MetricName = "intent_accuracy"
    /// Run-level: times an element was left away from its target with no finger down and no
    /// motion toward it (an interrupted animation nobody finished).
    public static let stuckAnimations: MetricName = "stuck_animations"
    /// For each capture of the pointer by a target: from the input that caused it to the
    /// presentation of the first frame showing the pointer settled on it (pointer scenes).
    public static let pointerAcquisition: MetricName = "pointer_acquisition_ms"
    /// For each capture: the largest move of the drawn pointer in one frame beyond the hand's
    /// own move, until it settles (a capture should glide, not jump).
    public static let pointerCaptureJump: MetricName = "pointer_capture_jump_pt"
    /// Run-level: captures that began within 150 ms of the previous one ending, the pointer
    /// free in between (its shape flickering back to a circle).
    public static let pointerFlickers: MetricName = "pointer_flickers"
    /// A `highlight` marker (a finger entering a menu's first item) → the first frame showing
    /// an item highlighted: time to first item highlight.
    public static let highlight: MetricName = "highlight_ms"
    /// Run-level, for scenes that answer every input (a menu): touch-downs and scroll starts
    /// after which nothing visible changed within 50 ms.
    public static let swallowedInputs: MetricName = "swallowed_inputs"
    /// A gesture's `intent` marker → the first frame showing the element at rest at the
    /// destination it meant, nothing on the glass (time until what was asked for is there).
    public static let arrival: MetricName = "arrival_ms"
    /// Run-level, in traces that reach one outcome once per input kind (`parity` markers):
    /// the largest distance between two attempts' displacements of the element.
    public static let paritySpread: MetricName = "parity_spread_pt"
    /// Run-level, the same attempts: the largest difference between their visible responses.
    public static let parityResponseSpread: MetricName = "parity_response_spread_ms"
    /// Canvas, pencil role: each pencil sample → the first frame whose ink shows its point.
    public static let inkLatency: MetricName = "ink_latency_ms"
    /// Canvas, touch role: each finger sample that pans or zooms the canvas → the first frame
    /// showing it moved.
    public static let canvasLatency: MetricName = "canvas_latency_ms"
    /// Canvas, touch role on the scrubber: each finger sample that grabs or slides its thumb →
    /// the first frame showing it.
    public static let scrubLatency: MetricName = "scrub_latency_ms"
    /// Run-level, canvas: finger contacts that drew ink (must be 0: the finger never draws).
    public static let fingerInkStrokes: MetricName = "finger_ink_strokes"
    /// Run-level, canvas: pencil samples that moved the canvas (must be 0).
    public static let pencilCanvasMoves: MetricName = "pencil_canvas_moves"
    /// Force press: each force change → the first frame whose shown scale reflects it.
    public static let pressFeedback: MetricName = "press_feedback_ms"
    /// Run-level, force press: switch flips beyond the first within one press (a force
    /// wavering about the threshold).
    public static let pressFlickers: MetricName = "press_flickers"

    /// Every metric a replay measures, in the order `touchbench replay` lists them.
    public static let allCases: [MetricName] = [
        .eventLatency, .frameLatency, .latencyJitter, .frameIntervalJitter, .deliveryError, .reversalResponse,
        .catchResponse, .pauseResponse,
        .pauseDetection, .pauseDetectionTimer, .trackingError, .hitchTimeRatio, .droppedFrames, .cpuPerFrame, .tapDelay,
        .response, .responseRecognition, .responsePipeline, .feedback, .unansweredInputs, .deadTravel, .presentedGap,
        .presentedLag, .projectionError, .throwDistance, .settle, .overshoot, .oscillations, .velocityJump,
        .catchVelocityJump, .retargetVelocityJump, .bounceVelocityJump, .intent, .intentAccuracy, .stuckAnimations,
    ]

    /// Metrics a replay reports only where they apply (the pointer's in runs that showed a
    /// pointer, `highlight_ms` in runs with `highlight` markers, `swallowed_inputs` in scenes
    /// that answer every input, `arrival_ms` in runs with intent markers, the parity spreads in
    /// runs with `parity` markers, the canvas's in runs that drew or moved a canvas, the press's
    /// in runs that showed a switch), after ``allCases`` when present; every other record stays
    /// as it was.
    public static let whereTheyApply: [MetricName] = [
        .pointerAcquisition, .pointerCaptureJump, .pointerFlickers, .highlight, .swallowedInputs, .arrival, .paritySpread,
        .parityResponseSpread, .inkLatency, .canvasLatency, .scrubLatency, .fingerInkStrokes, .pencilCanvasMoves, .pressFeedback, .pressFlickers,
    ]

    // MARK: What a bench adds

    /// The timing metric bench adds: input samples replayed per CPU second of the replaying
    /// thread (on the virtual clock the replay never waits, so on an idle machine this is its
    /// wall-clock rate; on a loaded one the time spent waiting for a core is left out).
    public static let replayThroughput: MetricName = "replay_throughput_samples_per_s"
    /// The deterministic pseudo-metric compare adds from the events: redirections and pauses
    /// the scene never answered.
    public static let unansweredEvents: MetricName = "unanswered_events"
    /// The timing metric bench adds: each repeat's 99th percentile of the CPU time per frame
    /// (the median over repeats is what the absolute CPU budget judges).
    public static let cpuPerFrameP99: MetricName = "cpu_per_frame_p99_us"
    /// The deterministic counts compare adds from a virtual-clock record, compared exactly:
    /// frames rendered (an animation that runs longer changes it even when every summary
    /// stays put)…
    public static let frameCount: MetricName = "frames"
    /// …input samples delivered…
    public static let sampleCount: MetricName = "samples"
    /// …and redirections, pauses, releases and intents recorded.
    public static let eventCount: MetricName = "events"

    /// The report order of the known metrics; others follow by name.
    public static let reportOrder: [MetricName] = [
        .response, .responseRecognition, .responsePipeline, .feedback, .unansweredInputs, .deadTravel, .presentedGap,
        .presentedLag, .projectionError, .throwDistance, .settle, .overshoot, .oscillations, .velocityJump,
        .catchVelocityJump, .retargetVelocityJump, .bounceVelocityJump, .intent, .intentAccuracy, .arrival, .stuckAnimations, .pointerAcquisition, .pointerCaptureJump,
        .pointerFlickers, .highlight, .swallowedInputs, .paritySpread, .parityResponseSpread, .inkLatency, .canvasLatency, .scrubLatency, .fingerInkStrokes, .pencilCanvasMoves, .pressFeedback, .pressFlickers, .eventLatency, .frameLatency, .latencyJitter, .reversalResponse, .catchResponse, .pauseResponse, .unansweredEvents, .frameCount, .sampleCount, .eventCount, .pauseDetection,
        .pauseDetectionTimer, .tapDelay, .trackingError, .hitchTimeRatio, .droppedFrames, .frameIntervalJitter,
        .deliveryError, .cpuPerFrame, .cpuPerFrameP99, .replayThroughput, .pageRunWall,
    ]
}

extension MetricName {
    /// Which way a change is an improvement.
    public enum Direction: String, Sendable, Hashable {
        case lower, higher
        /// Neither side is better: the metric describes behaviour (how far a throw carries),
        /// so a change beyond tolerance either way is a regression.
        case either
    }

    /// Whether the metric is measured (noisy) even under the virtual clock.
    public var isAlwaysTiming: Bool {
        self == .frameIntervalJitter || self == .deliveryError || self == .cpuPerFrame || self == .cpuPerFrameP99
            || self == .replayThroughput || self == .pageRunWall
    }

    /// The unit, from the name's suffix (so unknown names get one too).
    public var unit: String {
        if rawValue.hasSuffix("_ms_per_s") { return "ms/s" }
        if rawValue.hasSuffix("_pt_per_s") { return "pt/s" }
        if rawValue.hasSuffix("_pct") { return "%" }
        if self == .oscillations { return "crossings" }
        if self == .intentAccuracy { return "share" }
        if rawValue.hasSuffix("_samples_per_s") { return "samples/s" }
        if rawValue.hasSuffix("_ms") { return "ms" }
        if rawValue.hasSuffix("_us") { return "µs" }
        if rawValue.hasSuffix("_pt") { return "pt" }
        if self == .droppedFrames || self == .frameCount { return "frames" }
        if self == .sampleCount { return "samples" }
        if self == .eventCount { return "events" }
        if self == .unansweredEvents { return "events" }
        if self == .unansweredInputs || self == .swallowedInputs { return "inputs" }
        if self == .stuckAnimations { return "animations" }
        if self == .pointerFlickers || self == .pressFlickers { return "flickers" }
        if self == .fingerInkStrokes { return "strokes" }
        if self == .pencilCanvasMoves { return "samples" }
        return ""
    }

    /// Which way is better; unknown names default to smaller-is-better. A throw's distance
    /// has no better side (``Direction/either``).
    public var direction: Direction {
        if self == .replayThroughput || self == .intentAccuracy { return .higher }
        // A count has no better side either: more frames may be a longer animation, fewer a
        // lost one, and both are a change of behaviour.
        if self == .throwDistance || self == .frameCount || self == .sampleCount || self == .eventCount { return .either }
        return .lower
    }

    /// A sort key putting known metrics in report order.
    public var reportRank: Int { Self.reportRanks[self] ?? Self.reportOrder.count }

    /// Each known metric's place in ``reportOrder``: a sort by rank of every run's metrics
    /// searched the list twice per comparison (a fifth of `compare` on a large result).
    private static let reportRanks: [MetricName: Int] = Dictionary(
        reportOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })

    /// The statistic that stands for the metric in tables: a total or ratio is a single value
    /// (its mean); a distribution is shown by its 95th percentile; a timing by its median.
    public func headline(kind: MetricKind) -> Statistic {
        if kind == .timing { return .p50 }
        switch self {
        case .latencyJitter, .hitchTimeRatio, .droppedFrames, .unansweredEvents, .unansweredInputs, .intentAccuracy, .stuckAnimations,
             .pointerFlickers, .swallowedInputs, .paritySpread, .parityResponseSpread, .fingerInkStrokes, .pencilCanvasMoves, .pressFlickers, .frameCount, .sampleCount,
             .eventCount: return .mean
        default: return .p95
        }
    }
}
