import TouchTrace

/// One redirection or pause of a run and how fast the scene answered it:
/// `{"kind", "t", "source", "responseMs"}` (plus what the replayer adds, kept as is).
public struct RunEvent: Sendable, Hashable {
    /// `redirect` or `pause`.
    public var kind: String
    /// The instant, nanoseconds on the trace's timeline.
    public var time: Int64
    /// `marker` (ground truth in the trace) or `detected` (from the finger's velocity).
    public var source: String
    /// Presentation of the first answering frame − ``time``, ms; `nil` when never answered.
    public var responseMs: Double?
    package var extras: [String: JSONValue] = [:]

    public init(kind: String, time: Int64, source: String, responseMs: Double?) {
        self.kind = kind
        self.time = time
        self.source = source
        self.responseMs = responseMs
    }
}
