import TouchBenchSupport

/// One trace replayed through one scene: the `touchbench.run/1` record (DESIGN.md, "Result
/// files") that `touchbench replay --json` writes, the replayer produces, and bench results
/// collect, compare and merge.
///
/// Under the virtual clock every field but the timing metrics is a deterministic function
/// of the trace and the settings, and ``jsonText`` is byte-for-byte reproducible. Read from
/// a file of another version, members this model does not know are kept and written back.
public struct RunRecord: Sendable, Hashable {
    /// The schema tag of the JSON form.
    public static let schema = "touchbench.run/1"

    /// The refresh rates a display may have, in hertz: an LTPO panel's slowest refresh to well
    /// beyond any gaming panel. A rate outside is no display (0.001 Hz gave one frame per 17
    /// minutes), so a record's ``refreshHz`` outside is damage. The one home of the range:
    /// TouchReplay's `RefreshRate.hertzRange` is this one.
    public static let refreshHzRange: ClosedRange<Double> = 1...1000

    /// The trace: its path for a replay, its name in the suite for a bench entry.
    public var trace: String
    /// The scene (`scroll`, `pip`, …).
    public var scene: String
    /// `virtual` or `wall`.
    public var mode: String
    /// `max` under the virtual clock, else the wall-clock factor (`1`, `4`).
    public var rate: String
    /// The refresh rate (the fastest, for an adaptive display), in hertz.
    public var refreshHz: Double
    /// Frames from the app's vsync to the glass; `nil` when the file does not say.
    public var presentationDelayFrames: Int?
    /// Frames rendered.
    public var frames: Int
    /// Input samples delivered to the scene (markers excluded).
    public var samples: Int
    /// Every metric by name.
    public var metrics: [MetricName: MetricSummary]
    /// The redirections and pauses, in time order.
    public var events: [RunEvent]
    /// The parameters set for the run (`--set name=value`), by name; empty for a default run,
    /// whose file then has no `parameters` member.
    public var parameters: [String: String] = [:]
    /// The `--frame-cost` profile charged on the virtual clock, as a condition of the run
    /// (TouchReplay's `FrameCost.setting`: no `busy:` term, which is not charged, and a
    /// recording named by its content, `recorded@` and 16 hex digits); `nil` (and no member
    /// in the file) when none was.
    public var frameCost: String?
    /// Where the vsync grid starts on the trace's timeline (`--vsync-phase`), in nanoseconds;
    /// `nil` (and no member in the file) at 0. It moves every frame, so it decides the
    /// numbers as the presentation delay does.
    public var vsyncPhaseNs: Int64?
    /// Per-frame series, present only for the run a report charts.
    public var series: RunSeries?
    /// Top-level members this model does not know, kept.
    package var extras: [String: JSONValue] = [:]

    public init(trace: String, scene: String, mode: String = "virtual", rate: String = "max", refreshHz: Double = 120,
                presentationDelayFrames: Int? = nil, frames: Int = 0, samples: Int = 0,
                metrics: [MetricName: MetricSummary] = [:], events: [RunEvent] = [], series: RunSeries? = nil) {
        self.trace = trace
        self.scene = scene
        self.mode = mode
        self.rate = rate
        self.refreshHz = refreshHz
        self.presentationDelayFrames = presentationDelayFrames
        self.frames = frames
        self.samples = samples
        self.metrics = metrics
        self.events = events
        self.series = series
    }

    /// The summary of `name`; an empty one (of the kind the run would give it) when absent.
    public subscript(_ name: MetricName) -> MetricSummary {
        metrics[name] ?? MetricSummary(kind: mode == "virtual" && !name.isAlwaysTiming ? .deterministic : .timing)
    }

    /// The settings that decide its deterministic metrics; records compare fully only when
    /// these agree.
    public var settings: String {
        var parts = ["mode=\(mode)", "rate=\(rate)", "refreshHz=\(JSONWriter.format(refreshHz))"]
        if let presentationDelayFrames { parts.append("presentationDelay=\(presentationDelayFrames)") }
        if let vsyncPhaseNs { parts.append("vsyncPhase=\(vsyncPhaseNs)ns") }
        // Already the profile as a condition (TouchReplay's `FrameCost.setting`).
        if let frameCost, !frameCost.isEmpty { parts.append("frameCost=" + frameCost) }
        // The `--set` parameters decide the numbers as much: a shard run with them, merged
        // with shards run without, was compared with no word of them.
        if !parameters.isEmpty { parts.append(Self.setting(of: parameters)) }
        return parts.joined(separator: " ")
    }

    /// Parameters as settings write them, `name=value` sorted by name and joined by spaces:
    /// a record's, and a bench's environment (one form, so that the two read alike).
    package static func setting(of parameters: [String: String]) -> String {
        parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// Redirections and pauses the scene never answered: a deterministic failure that the
    /// response-time summary alone would hide (an unanswered event has no response time).
    public var unansweredEvents: Int { events.filter { $0.responseMs == nil }.count }

    /// The same record without its timing metrics: what stays byte-for-byte identical
    /// between virtual-clock runs.
    public var withoutTiming: RunRecord {
        var copy = self
        copy.metrics = metrics.filter { $0.value.kind == .deterministic }
        return copy
    }
}
