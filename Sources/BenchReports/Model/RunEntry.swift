import TouchTrace

/// One trace replayed through one scene: a `touchbench.run/1` record (DESIGN.md, "Result
/// files"), the unit that bench results collect, compare and merge.
///
/// The model is the JSON contract, not the replayer's types, so reports can be written,
/// compared and tested with nothing but result files.
public struct RunEntry: Sendable, Hashable {
    /// The schema tag of the JSON form.
    public static let schema = "touchbench.run/1"

    /// The trace, as the suite names it (relative to the manifest).
    public var trace: String
    /// The scene (`scroll`, `pip`, …).
    public var scene: String
    /// `virtual` or `wall`.
    public var mode: String
    /// `max` under the virtual clock, else the wall-clock factor ("1", "4").
    public var rate: String
    public var refreshHz: Double
    /// Frames rendered and input samples delivered.
    public var frames: Int
    public var samples: Int
    /// Every metric by name (event_latency_ms, …, cpu_per_frame_us).
    public var metrics: [String: MetricStatistics]
    /// The redirections and pauses, in time order.
    public var events: [RunEvent]
    /// Per-frame series, present only for the run a report charts.
    public var series: RunSeries?
    /// Top-level members this model does not know (e.g. `presentationDelayFrames`), kept.
    package var extras: [String: JSONValue] = [:]

    public init(trace: String, scene: String, mode: String = "virtual", rate: String = "max", refreshHz: Double = 120,
                frames: Int = 0, samples: Int = 0, metrics: [String: MetricStatistics] = [:], events: [RunEvent] = [],
                series: RunSeries? = nil) {
        self.trace = trace
        self.scene = scene
        self.mode = mode
        self.rate = rate
        self.refreshHz = refreshHz
        self.frames = frames
        self.samples = samples
        self.metrics = metrics
        self.events = events
        self.series = series
    }

    /// What identifies an entry within a result: the trace and the scene.
    public var key: EntryKey { EntryKey(trace: trace, scene: scene) }

    /// The settings that decide its deterministic metrics; entries compare fully only when
    /// these agree.
    public var settings: String {
        var parts = ["mode=\(mode)", "rate=\(rate)", "refreshHz=\(JSONText.format(refreshHz))"]
        if let delay = extras["presentationDelayFrames"]?.integerValue { parts.append("presentationDelay=\(delay)") }
        return parts.joined(separator: " ")
    }

    /// Redirections and pauses the scene never answered: a deterministic failure that the
    /// response-time summary alone would hide (an unanswered event has no response time).
    public var unansweredEvents: Int { events.filter { $0.responseMs == nil }.count }
}

/// The identity of an entry in a bench result, ordered by trace then scene.
public struct EntryKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var trace: String
    public var scene: String

    public init(trace: String, scene: String) {
        self.trace = trace
        self.scene = scene
    }

    public static func < (lhs: EntryKey, rhs: EntryKey) -> Bool {
        (lhs.trace, lhs.scene) < (rhs.trace, rhs.scene)
    }

    /// The trace's name without its extension, for tables.
    public var traceName: String {
        trace.hasSuffix(".touchtrace") ? String(trace.dropLast(".touchtrace".count)) : trace
    }

    public var description: String { "\(trace) · \(scene)" }
}
