import TouchBenchSupport

/// One redirection or pause of a run and how fast the scene answered it:
/// `{"kind", "cause", "t", "source", "responseMs"}`, for a pause also both detectors'
/// reports. Kinds, sources and causes are typed but open, like ``MetricName``.
public struct RunEvent: Sendable, Hashable {
    /// `redirect` (the hand's intent changed) or `pause`.
    public struct Kind: OpenStringEnum {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let redirect: Kind = "redirect"
        public static let pause: Kind = "pause"
    }

    /// Where the instant comes from: a ground-truth marker in the trace, or detected from
    /// the finger's velocity (only when the trace has no `redirect`/`pause` markers).
    public struct Source: OpenStringEnum {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let marker: Source = "marker"
        public static let detected: Source = "detected"
    }

    /// What the redirection was, which decides what counts as an answer.
    public struct Cause: OpenStringEnum {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The finger turned back: answered when the element moves the new way.
        public static let reversal: Cause = "reversal"
        /// A new touch landed on moving content: answered when the element then follows the
        /// catching finger (one that freezes and ignores it stays unanswered).
        public static let `catch`: Cause = "catch"
        /// The finger came to rest: answered when the committed destination changes.
        public static let pause: Cause = "pause"
    }

    public var kind: Kind
    /// The instant, nanoseconds on the trace's timeline.
    public var time: Int64
    public var source: Source
    /// `nil` only in files that do not say.
    public var cause: Cause?
    /// Presentation time of the first answering frame − ``time``, ms; `nil` when never answered.
    public var responseMs: Double?
    /// For a pause: the deceleration detector's report − ``time`` (may be negative), ms.
    public var detectionMs: Double?
    /// For a pause: the timer-based detector's report − ``time``, ms.
    public var timerDetectionMs: Double?
    /// Members this model does not know, kept as read.
    package var extras: [String: JSONValue] = [:]

    public init(kind: Kind, time: Int64, source: Source, cause: Cause? = nil, responseMs: Double? = nil,
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
