import RunRecord
import TouchInput
import TouchTrace

/// An error that stops a replay before it starts.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Replays traces through scenes: the library entry point behind `touchbench replay`,
/// `bench` and `demo`.
///
/// ```swift
/// let reader = try TraceReader(path: "flick.touchtrace")
/// let result = try Replayer.replay(reader: reader, sceneNamed: "scroll", settings: ReplaySettings())
/// print(result.latencyP50Ms, result.jsonText)
/// ```
///
/// The trace is streamed a chunk at a time, so an hour of input replays in flat memory.
public enum Replayer {
    /// Replays the trace `reader` reads through the reference scene `sceneNamed`.
    /// Throws ``ReplayError`` for an unknown scene and `TraceFileError` for a damaged trace.
    /// `frameCosts` takes every frame's measured time (`replay --record-frame-cost`).
    public static func replay(
        reader: TraceReader, sceneNamed name: String, settings: ReplaySettings = ReplaySettings(),
        traceName: String? = nil, timeline: TimelineRecorder? = nil, frameCosts: FrameCostRecorder? = nil
    ) throws -> RunRecord {
        struct Visitor: SceneVisitor {
            let reader: TraceReader, name: String, settings: ReplaySettings, traceName: String?, timeline: TimelineRecorder?
            let frameCosts: FrameCostRecorder?
            func visit<S: Scene>(_ scene: S) throws -> RunRecord {
                try Replayer.replay(reader: reader, scene: scene, sceneName: name, settings: settings,
                                    traceName: traceName, timeline: timeline, frameCosts: frameCosts)
            }
        }
        let visitor = Visitor(reader: reader, name: name, settings: settings, traceName: traceName, timeline: timeline,
                              frameCosts: frameCosts)
        return try SceneKind.named(name).visit(context: context(reader.metadata, settings), visitor)
    }

    /// Replays the trace `reader` reads through `scene`, your own or a reference one.
    public static func replay<S: Scene>(
        reader: TraceReader, scene: S, sceneName: String, settings: ReplaySettings = ReplaySettings(),
        traceName: String? = nil, timeline: TimelineRecorder? = nil, frameCosts: FrameCostRecorder? = nil
    ) throws -> RunRecord {
        var cursor = reader.makeCursor()
        return try run(scene: scene, sceneName: sceneName, traceName: traceName ?? reader.path,
                       settings: settings, timeline: timeline, frameCosts: frameCosts) { feed in
            try cursor.forEachBatch { batch in try batch.withUnsafeBufferPointer { try feed($0) } }
        }
    }

    /// Replays the samples of any source (a JSON Lines file, an imported capture, …) through
    /// the reference scene `sceneNamed`.
    public static func replay(
        source: some SampleSource, sceneNamed name: String, settings: ReplaySettings = ReplaySettings(),
        traceName: String, timeline: TimelineRecorder? = nil, frameCosts: FrameCostRecorder? = nil
    ) throws -> RunRecord {
        // A whole container replays a chunk at a time, faster than sample by sample.
        if let container = source as? TraceSampleSource, container.window == nil {
            return try replay(reader: container.reader, sceneNamed: name, settings: settings, traceName: traceName, timeline: timeline,
                              frameCosts: frameCosts)
        }
        let visitor = SourceVisitor(source: source, name: name, settings: settings, traceName: traceName, timeline: timeline,
                                    frameCosts: frameCosts)
        return try SceneKind.named(name).visit(context: context(source.metadata, settings), visitor)
    }

    /// Replays samples held in memory (time-ordered) through `scene`: the form tests use.
    public static func replay<S: Scene>(
        samples: some Sequence<InputSample>, scene: S, sceneName: String = "custom",
        settings: ReplaySettings = ReplaySettings(), traceName: String = "(memory)", timeline: TimelineRecorder? = nil
    ) throws -> RunRecord {
        try run(scene: scene, sceneName: sceneName, traceName: traceName, settings: settings, timeline: timeline) { feed in
            for sample in samples { try hand(sample, to: feed) }
        }
    }

    /// Replays samples held in memory through the reference scene `sceneNamed`, built for
    /// the screen of `metadata`.
    public static func replay(
        samples: some Sequence<InputSample>, metadata: TraceMetadata, sceneNamed name: String,
        settings: ReplaySettings = ReplaySettings(), traceName: String = "(memory)", timeline: TimelineRecorder? = nil
    ) throws -> RunRecord {
        let visitor = SamplesVisitor(samples: samples, name: name, settings: settings, traceName: traceName, timeline: timeline)
        return try SceneKind.named(name).visit(context: context(metadata, settings), visitor)
    }

    /// The reference scene `name` for a trace, or ``ReplayError`` naming the known scenes.
    public static func makeScene(_ name: String, metadata: TraceMetadata, settings: ReplaySettings) throws(ReplayError) -> any Scene {
        try SceneKind.named(name).make(context: context(metadata, settings))
    }

    private static func context(_ metadata: TraceMetadata, _ settings: ReplaySettings) -> SceneContext {
        SceneContext(metadata: metadata, refreshHz: settings.display.refresh.maximumHz, parameters: settings.parameters)
    }

    /// Hands the samples to the engine. `drive` passes them in runs of contiguous memory (a
    /// decoded chunk at a time, or one by one): the engine reads each sample where it lies, where
    /// a closure taking one sample had each sample copied out of the chunk and again into the
    /// call, which was about a twentieth of a replay.
    static func run<S: Scene>(
        scene: S, sceneName: String, traceName: String, settings: ReplaySettings, timeline: TimelineRecorder?,
        frameCosts: FrameCostRecorder? = nil, drive: (_ feed: (UnsafeBufferPointer<InputSample>) throws -> Void) throws -> Void
    ) throws -> RunRecord {
        var span = ReplaySpan(traceName: traceName)
        var settings = settings.resolvingParameters
        // A `recorded:FILE` profile nobody read yet (a library caller's) is read here.
        settings.frameCost = try settings.frameCost.loadingRecording()
        switch settings.mode {
        case .virtual:
            var engine = ReplayEngine(scene: scene, clock: VirtualClock(), display: settings.display, timeline: timeline,
                                      recordsSeries: settings.recordsSeries, frameCost: settings.frameCost, costRecorder: frameCosts)
            try drive { samples in
                for index in samples.indices {
                    let relanding = try span.admit(samples[index])
                    engine.feed(samples[index], relanding: relanding)
                }
            }
            engine.finish(tail: settings.tail)
            return result(of: engine, sceneName: sceneName, traceName: traceName, settings: settings)
        case .wallClock(let rate):
            guard let clock = WallClock(rate: rate) else { throw ReplayError("the rate must be a positive number, not \(rate)") }
            var engine = ReplayEngine(scene: scene, clock: clock, display: settings.display, timeline: timeline,
                                      recordsSeries: settings.recordsSeries, frameCost: settings.frameCost, costRecorder: frameCosts)
            var previous: Int64?
            try drive { samples in
                for sample in samples {
                    let relanding = try span.admit(sample)
                    if let previous { try Self.checkWait(from: previous, to: sample.time, rate: rate, traceName: traceName) }
                    previous = sample.time
                    engine.feed(sample, relanding: relanding)
                }
            }
            engine.finish(tail: settings.tail)
            return result(of: engine, sceneName: sceneName, traceName: traceName, settings: settings)
        }
    }

    /// The longest pause between two samples a wall-clock replay waits out, in seconds of
    /// the wall clock: a day. A trace with a longer gap (two captures a year apart in one
    /// file) would otherwise hold the command for that long without a word.
    public static let longestWallClockWait: Double = 86_400

    private static func checkWait(from previous: Int64, to time: Int64, rate: Double, traceName: String) throws(ReplayError) {
        let wait = Double(SampleTime.span(from: previous, to: time)) / 1e9 / rate
        guard wait > longestWallClockWait else { return }
        throw ReplayError("\(traceName): the pause from the sample at \(previous) ns to the next at \(time) ns would take "
                          + "\(Self.wallTime(wait)) at --rate \(rate) (a wall-clock replay waits out at most a day); replay it with --rate max or a higher rate")
    }

    private static func wallTime(_ seconds: Double) -> String {
        if seconds >= 86_400 * 365 { return "about \(Int(min(seconds / (86_400 * 365.25), 1e15).rounded())) years" }
        let tenths = Int((seconds / 8_640).rounded())
        return "\(tenths / 10).\(tenths % 10) days"
    }

    private static func result<S: Scene, C: ReplayClock>(
        of engine: ReplayEngine<S, C>, sceneName: String, traceName: String, settings: ReplaySettings
    ) -> RunRecord {
        let (metrics, events) = engine.probes.results()
        var record = RunRecord(trace: traceName, scene: sceneName, settings: settings, frames: engine.frames,
                               samples: engine.samples, metrics: metrics, events: events)
        record.series = engine.series?.series(start: engine.firstTime ?? 0)
        return record
    }
}

/// Replays a sample source through a concrete scene type.
private struct SourceVisitor<Source: SampleSource>: SceneVisitor {
    let source: Source, name: String, settings: ReplaySettings, traceName: String, timeline: TimelineRecorder?
    let frameCosts: FrameCostRecorder?
    func visit<S: Scene>(_ scene: S) throws -> RunRecord {
        try Replayer.run(scene: scene, sceneName: name, traceName: traceName, settings: settings, timeline: timeline,
                         frameCosts: frameCosts) { feed in
            while let sample = try source.nextSample() { try hand(sample, to: feed) }
        }
    }
}

/// Replays samples in memory through a concrete scene type.
private struct SamplesVisitor<Samples: Sequence<InputSample>>: SceneVisitor {
    let samples: Samples, name: String, settings: ReplaySettings, traceName: String, timeline: TimelineRecorder?
    func visit<S: Scene>(_ scene: S) throws -> RunRecord {
        try Replayer.replay(samples: samples, scene: scene, sceneName: name, settings: settings,
                            traceName: traceName, timeline: timeline)
    }
}

/// Keeps a replay's times within 2⁶² − 1 ns of its first sample. Sample times are valid within
/// ±(2⁶² − 1) ns, so two of them differ by less than 2⁶³; but frames, presentations and
/// deadlines lie a frame or a window after a sample, and the probes subtract a sample's time
/// from them (`presentation − touch-down`): on a trace spanning the whole range that overflowed
/// and trapped. Within 146 years of the first sample, every such difference fits an Int64.
///
/// It also bounds the contacts down at once: recognizers and probes look at every contact
/// down on each frame, so 64 000 fingers made a replay take 20 s (hostile report 17), and no
/// digitizer reports more than a few dozen.
struct ReplaySpan {
    let traceName: String
    private var first: Int64?
    /// Contacts begun and not yet lifted, by ``ContactKey/packed``.
    private var down: Set<UInt64> = []

    /// The most contacts a replay follows down at once: large touch tables report about a
    /// hundred.
    static let maximumContactsDown = 256

    init(traceName: String) { self.traceName = traceName }

    /// Takes the next sample (in time order), or refuses it when it lies too far after the
    /// first or lands one contact too many. Answers whether it is a contact landing again
    /// without having lifted.
    @inline(__always)
    mutating func admit(_ sample: InputSample) throws(TraceFileError) -> Bool {
        var relanding = false
        if sample.kind.isContact, sample.phase == .began || sample.phase.isTerminal { relanding = try count(sample) }
        guard let first else {
            first = sample.time
            return relanding
        }
        guard SampleTime.span(from: first, to: sample.time) <= SampleTime.limit else {
            throw TraceFileError(.malformed, path: traceName,
                                 reason: "spans more than 2^62 − 1 ns (about 146 years) from its first sample at \(first) ns to a sample at \(sample.time) ns, more than replay's frame times can hold")
        }
        return relanding
    }

    /// Follows the contacts down; answers whether a landing is of one already down.
    private mutating func count(_ sample: InputSample) throws(TraceFileError) -> Bool {
        guard sample.phase == .began else {
            down.remove(sample.contact.packed)
            return false
        }
        guard down.insert(sample.contact.packed).inserted else { return true }
        guard down.count <= Self.maximumContactsDown else {
            throw TraceFileError(.malformed, path: traceName,
                                 reason: "has more than \(Self.maximumContactsDown) contacts down at once (at \(sample.time) ns), more than replay follows or any digitizer reports")
        }
        return false
    }
}

/// Hands one sample to a replay's feed, for sources that yield them one at a time.
private func hand(_ sample: InputSample, to feed: (UnsafeBufferPointer<InputSample>) throws -> Void) rethrows {
    try withUnsafePointer(to: sample) { try feed(UnsafeBufferPointer(start: $0, count: 1)) }
}
