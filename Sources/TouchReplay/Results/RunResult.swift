/// The result of replaying one trace through one scene: the `touchbench.run/1` record that
/// `touchbench replay --json` writes and `bench` collects.
///
/// Under the virtual clock every field but the timing metrics (``MetricKind/timing``) is a
/// deterministic function of the trace and the settings, and ``json(includingTiming:)`` is
/// byte-for-byte reproducible.
public struct RunResult: Sendable, Hashable {
    /// The schema tag of the JSON form.
    public static let schema = "touchbench.run/1"

    /// The trace, as named by the caller (usually its path).
    public var trace: String
    /// The scene's name (`scroll`, `pip`, …).
    public var scene: String
    public var mode: ReplayMode
    /// The refresh rate (the fastest, for an adaptive display), in hertz.
    public var refreshHz: Double
    /// The presentation delay, in frames.
    public var presentationDelay: Int
    /// Frames rendered.
    public var frames: Int
    /// Input samples delivered to the scene (markers excluded).
    public var samples: Int
    /// Every metric of docs/METRICS.md, by name.
    public var metrics: [MetricName: MetricSummary]
    /// The redirections and pauses, in time order.
    public var events: [ReplayEvent]

    public init(trace: String, scene: String, mode: ReplayMode, refreshHz: Double, presentationDelay: Int,
                frames: Int, samples: Int, metrics: [MetricName: MetricSummary], events: [ReplayEvent]) {
        self.trace = trace
        self.scene = scene
        self.mode = mode
        self.refreshHz = refreshHz
        self.presentationDelay = presentationDelay
        self.frames = frames
        self.samples = samples
        self.metrics = metrics
        self.events = events
    }

    /// The summary of `name` (an empty one if the run has none).
    public subscript(_ name: MetricName) -> MetricSummary {
        metrics[name] ?? MetricSummary(kind: mode == .virtual && !name.isAlwaysTiming ? .deterministic : .timing)
    }

    // MARK: The headline figures of a run (what `touchbench demo` tabulates)

    /// Median and 99th-percentile event latency, ms.
    public var latencyP50Ms: Double { self[.eventLatency].p50 }
    public var latencyP99Ms: Double { self[.eventLatency].p99 }
    /// Latency jitter (standard deviation of frame latency), ms.
    public var jitterMs: Double { self[.latencyJitter].mean }
    /// Median and worst redirection response, ms; `nil` when the run had no answered
    /// redirection.
    public var redirectionP50Ms: Double? { self[.redirectionResponse].isEmpty ? nil : self[.redirectionResponse].p50 }
    public var redirectionMaxMs: Double? { self[.redirectionResponse].isEmpty ? nil : self[.redirectionResponse].max }
    /// Hitch time ratio, ms per s.
    public var hitchRatio: Double { self[.hitchTimeRatio].mean }
    /// Redirections and pauses the scene never answered.
    public var unansweredEvents: Int { events.filter { $0.responseMs == nil }.count }
}
