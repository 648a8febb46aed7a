// What a page run (`touchbench replay --page`) adds to the catalogue (docs/METRICS.md,
// "Page runs"). Events delivered and send errors are exact (two runs of the same page and
// trace agree on them); frames and timings are measured.
extension MetricName {
    /// Input samples the page received, coalesced ones included (exact).
    public static let pageEventsDelivered: MetricName = "page_events_delivered"
    /// Frames that showed something different from the frame before (timing: a busy machine drops frames).
    public static let pageFramesChanged: MetricName = "page_frames_changed"
    /// Dispatch commands the browser refused (exact; 0 in a sound run).
    public static let pageSendErrors: MetricName = "page_send_errors"
    /// Event timing: an input event's timestamp → the start of its handling on the main thread.
    public static let pageInputDelay: MetricName = "page_input_delay_ms"
    /// Event timing: how long the page's handlers took for one event.
    public static let pageEventProcessing: MetricName = "page_event_processing_ms"
    /// Frames whose main-thread work took longer than 50 ms (long animation frames).
    public static let pageLongFrames: MetricName = "page_long_frames"

    /// What bench adds for a page run instead of replay throughput: the run's wall-clock
    /// duration, from starting the browser to the page's last frame, in ms (timing). A page
    /// run waits on the trace's timeline, so samples per second would only restate its rate.
    public static let pageRunWall: MetricName = "page_run_wall_ms"

    /// The metrics only a page run has, in report order.
    public static let pageCases: [MetricName] = [
        .pageEventsDelivered, .pageFramesChanged, .pageSendErrors, .pageInputDelay, .pageEventProcessing, .pageLongFrames,
    ]
}
