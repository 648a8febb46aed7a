import TouchBenchSupport
import TouchInput

/// A frame rendered somewhere else (a web page in a browser), as an ``ObservedRun`` takes it:
/// when it started, when it reached the glass, and what it showed.
public struct ObservedFrame: Sendable, Hashable {
    /// The frame's begin time (its vsync) on the trace's timeline, nanoseconds.
    public var vsync: Int64
    /// When its result was presented, nanoseconds on the trace's timeline.
    public var presentation: Int64
    /// Vsyncs it missed (0 when shown on time).
    public var lateFrames: Int64
    /// How late it was shown against an on-time presentation, nanoseconds.
    public var hitch: Int64
    /// The display time it accounts for: its refresh interval plus the ones it was late.
    public var displayTime: Int64
    /// When the frame's work ended (measured), nanoseconds on the trace's timeline.
    public var workEnd: Int64
    /// What it showed.
    public var state: SceneState

    public init(vsync: Int64, presentation: Int64, lateFrames: Int64, hitch: Int64, displayTime: Int64,
                workEnd: Int64, state: SceneState) {
        self.vsync = vsync
        self.presentation = presentation
        self.lateFrames = lateFrames
        self.hitch = hitch
        self.displayTime = displayTime
        self.workEnd = workEnd
        self.state = state
    }
}

/// The probes of a replay fed by hand: what a renderer outside TouchReplay (a page in
/// headless Chromium) uses to measure its frames with exactly the probes the reference
/// scenes feed, so its record has the same metrics, events and meaning.
///
/// Call ``observe(_:)`` for every sample of the trace (markers included) in time order as it
/// reaches the renderer, ``frame(_:consumed:)`` for every frame once the samples it consumed
/// have been observed, then ``record(trace:scene:settings:)``. Every metric is a timing
/// metric: a real renderer's frames are measured, not modelled.
public struct ObservedRun: Sendable {
    private var probes: ProbeSet
    private var contacts = ContactPositions()
    private var shown: SceneState
    private var batch: [InputSample] = []
    private var signals: [SceneSignal] = []
    private var index: Int64 = 0
    /// Timings the renderer measured that no probe takes (a page's event timing).
    private var measured: [MetricName: MetricAccumulator] = [:]
    /// Frames observed.
    public private(set) var frames = 0
    /// Samples observed (markers excluded).
    public private(set) var samples = 0

    /// A run whose renderer shows `initial` before its first frame and promises to answer
    /// `responsive` beyond interaction starts (none for a page: what it reacts to is unknown).
    public init(initial: SceneState, responsive: ResponsiveInputs = []) {
        probes = ProbeSet(virtual: false, initial: initial, responsive: responsive)
        shown = initial
        batch.reserveCapacity(64)
    }

    /// A sample as it reaches the renderer (before the frame that consumes it).
    public mutating func observe(_ sample: InputSample) {
        let before = contacts.down
        contacts.update(sample)
        probes.observe(sample, previousIsAnimating: shown.isAnimating, downBefore: before, downAfter: contacts.down)
        if sample.kind != .marker { samples += 1 }
    }

    /// A sample was sent `lateness` real nanoseconds after its deadline.
    public mutating func delivered(lateness: Int64) {
        probes.delivered(lateness: lateness)
    }

    /// A rendered frame and the samples it consumed (observed before, in time order).
    public mutating func frame(_ frame: ObservedFrame, consumed: some Sequence<InputSample>) {
        batch.empty()
        for sample in consumed where sample.kind != .marker { batch.append(sample) }
        let record = FrameRecord(
            index: index, vsync: frame.vsync, presentation: frame.presentation, lateFrames: frame.lateFrames,
            hitch: frame.hitch, displayTime: frame.displayTime, cpu: 0, cpuMeasured: false,
            workStart: frame.vsync, workEnd: frame.workEnd, startError: nil)
        probes.frame(FrameContext(record: record, batch: batch, state: frame.state, contacts: contacts, signals: signals))
        shown = frame.state
        index += 1
        frames += 1
    }

    /// A duration the renderer measured for metric `name` (a timing metric in ms), in
    /// nanoseconds; summarised as the probes' own metrics are.
    public mutating func add(_ name: MetricName, nanoseconds: Double) {
        measured[name, default: .milliseconds()].add(nanoseconds)
    }

    /// The record of the run: the probes' metrics and events (every metric a timing one).
    public mutating func record(trace: String, scene: String, settings: ReplaySettings) -> RunRecord {
        probes.finish()
        let (results, events) = probes.results()
        var metrics = results
        for (name, values) in measured { metrics[name] = values.summary(kind: .timing) }
        return RunRecord(trace: trace, scene: scene, settings: settings, frames: frames, samples: samples,
                         metrics: metrics, events: events)
    }
}
