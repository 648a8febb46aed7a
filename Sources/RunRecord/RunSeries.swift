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
    /// Frames the run rendered after the last one kept: a series holds at most
    /// ``maximumFrames``, so that the memory and the result of a long run stay bounded.
    public var framesLeftOut: Int

    /// The most frames a series keeps: five minutes at 120 Hz. A chart thins its lines to
    /// about two points per pixel, so an hour of frames (432 000, 35 MB in memory and 7 MB
    /// of result at 45 minutes) drew no more than the first minutes do.
    public static let maximumFrames = 36_000

    public init(timeMs: [Double], finger: [Double?], visible: [Double], latencyMs: [Double?] = [], label: String,
                framesLeftOut: Int = 0) {
        self.timeMs = timeMs
        self.finger = finger
        self.visible = visible
        self.latencyMs = latencyMs
        self.label = label
        self.framesLeftOut = framesLeftOut
    }

    /// The number of frames.
    public var count: Int { timeMs.count }
}
