/// One redirection or pause found in a run, with how fast the scene answered it.
public struct ReplayEvent: Sendable, Hashable {
    /// `redirect` (the hand's intent changed) or `pause`.
    public enum Kind: String, Sendable, Hashable, Codable {
        case redirect, pause
    }

    /// Where the instant comes from: a ground-truth marker in the trace, or detected from
    /// the finger's velocity (only when the trace has no `redirect`/`pause` markers).
    public enum Source: String, Sendable, Hashable, Codable {
        case marker, detected
    }

    /// What the redirection was, which decides what counts as an answer.
    public enum Cause: String, Sendable, Hashable, Codable {
        /// The finger turned back: answered when the element moves the new way.
        case reversal
        /// A new touch landed on moving content: answered when the element stops under it.
        case `catch`
        /// The finger came to rest: answered when the committed destination changes.
        case pause
    }

    public var kind: Kind
    /// The instant of the redirection, nanoseconds on the trace's timeline.
    public var time: Int64
    public var source: Source
    public var cause: Cause
    /// Presentation time of the first answering frame − ``time``, in milliseconds; `nil`
    /// when the scene never answered.
    public var responseMs: Double?
    /// For a pause: the scene's deceleration detector's report − ``time`` (may be negative).
    public var detectionMs: Double?
    /// For a pause: the timer-based detector's report − ``time``.
    public var timerDetectionMs: Double?

    public init(kind: Kind, time: Int64, source: Source, cause: Cause, responseMs: Double? = nil,
                detectionMs: Double? = nil, timerDetectionMs: Double? = nil) {
        self.kind = kind
        self.time = time
        self.source = source
        self.cause = cause
        self.responseMs = responseMs
        self.detectionMs = detectionMs
        self.timerDetectionMs = timerDetectionMs
    }
}
