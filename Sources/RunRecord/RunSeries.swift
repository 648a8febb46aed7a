/// Per-frame series of one run, for the HTML report's "finger and visible value over time"
/// chart: at each presented frame, where the finger was and what the scene showed, along
/// the gesture's main axis.
public struct RunSeries: Sendable, Hashable {
    /// Presentation time of each frame, ms from the trace start.
    public var timeMs: [Double]
    /// The driving finger's position at the frame, points; `nil` while no finger is down.
    public var finger: [Double?]
    /// The scene's visible value (content offset, window position, …), points.
    public var visible: [Double]
    /// Frame latency of each frame that consumed input, ms (`nil` for the others).
    public var latencyMs: [Double?]
    /// What ``visible`` is, e.g. "content offset y (pt)".
    public var label: String

    public init(timeMs: [Double], finger: [Double?], visible: [Double], latencyMs: [Double?] = [], label: String) {
        self.timeMs = timeMs
        self.finger = finger
        self.visible = visible
        self.latencyMs = latencyMs
        self.label = label
    }

    /// The number of frames.
    public var count: Int { timeMs.count }
}
