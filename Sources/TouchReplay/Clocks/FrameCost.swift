/// The work a frame stands for on the virtual clock, so that hitches, dropped frames and late
/// presentation happen reproducibly where CI looks (`--frame-cost`). Terms add up:
///
/// - `constant:10ms` — every frame costs 10 ms;
/// - `spikes:30ms/10` — every 10th frame (the 10th, 20th, …) costs 30 ms more;
/// - `first:50ms` — the first frame costs 50 ms more (a cold start);
/// - `per-sample:200us` — each input sample the frame consumes costs 200 µs more;
/// - `measured:2` — the frame's measured CPU time × 2. Not deterministic: the numbers then
///   depend on the machine and its load, like a wall-clock run's;
/// - `busy:4ms` — the replaying thread really spends 4 ms of CPU time in every frame, inside
///   the measured region and never charged to the virtual clock: a stand-in for slower
///   interaction code, so that a CI job can check that its timing gate catches that much
///   (`cpu_per_frame_us`, replay throughput). Deterministic metrics do not move;
/// - `recorded:FILE` — frame *i* costs the *i*-th cost of a ``FrameCostRecording`` (what
///   `replay --record-frame-cost FILE` measured on a real run); frames past its end cost
///   nothing. Deterministic: the same file gives the same run.
///
/// Written as terms joined by `+`: `constant:2ms+spikes:30ms/10`; `recorded:FILE` comes last
/// (the rest of the text is the file's name, `+` included). Durations take `ns`, `us`, `ms`
/// or `s`. A scene's own ``Scene/virtualCost`` is charged on top.
public struct FrameCost: Sendable, Hashable, CustomStringConvertible {
    /// Nanoseconds every frame costs.
    public var constant: Int64 = 0
    /// Extra nanoseconds every `spikeEvery`-th frame costs (0: no spikes).
    public var spike: Int64 = 0
    public var spikeEvery: Int = 0
    /// Extra nanoseconds of the first frame.
    public var first: Int64 = 0
    /// Nanoseconds per consumed input sample.
    public var perSample: Int64 = 0
    /// The factor on the measured CPU time (0: not charged).
    public var measuredFactor: Double = 0
    /// Nanoseconds of real CPU time the replaying thread spends in every frame (measured,
    /// not charged).
    public var busy: Int64 = 0
    /// The file of a `recorded:FILE` term, as written.
    public var recordedFile: String?
    /// Its costs, once read (``loadingRecording()``; the replayer reads it when nobody has).
    public var recording: FrameCostRecording?

    /// No cost: the default, which leaves every run as it was.
    public init() {}

    /// Whether nothing is charged.
    public var isZero: Bool { self == FrameCost() }

    /// Whether the cost depends on measured time, so that the run is not deterministic.
    public var isMeasured: Bool { measuredFactor > 0 }

    /// The profile as a condition of a measurement: what the record's `frameCost` and a
    /// bench's settings hold, so it decides whether two runs' numbers compare (empty for none).
    ///
    /// This is the one place that says so: ``busy`` is left out — busy work stands for slower
    /// code, the thing measured, so results that differ only in it still compare, timing
    /// included (that is what it is for) — and a `recorded:` term is named by its content
    /// (``FrameCostRecording/digest``), not its path, once read: the same costs at two paths
    /// are one setting, a file changed in place is another.
    public var setting: String {
        let recorded = recording.map { "recorded@" + $0.digest } ?? recordedFile.map { "recorded:" + $0 }
        return terms(busy: false, recorded: recorded)
    }

    /// The cost of frame number `frame` (0 for the first rendered) consuming `samples` input
    /// samples, whose work measured `cpu` nanoseconds (when measured).
    @inline(__always)
    public func cost(frame: Int, samples: Int, cpu: Int64) -> Int64 {
        var total = constant &+ perSample &* Int64(samples)
        if frame == 0 { total &+= first }
        if spikeEvery > 0, (frame + 1) % spikeEvery == 0 { total &+= spike }
        if measuredFactor > 0 { total &+= Int64((Double(cpu) * measuredFactor).rounded()) }
        if let recording { total &+= recording.cost(frame: frame) }
        return total
    }

    /// Whether a `recorded:FILE` term still has to be read.
    public var needsRecording: Bool { recordedFile != nil && recording == nil }

    /// The profile with its `recorded:FILE` read (itself when it has none or has read it):
    /// a missing file is ``FrameCostFileErrorKind/cannotOpen``, a bad one
    /// ``FrameCostFileErrorKind/malformed`` naming the line.
    public func loadingRecording() throws(FrameCostFileError) -> FrameCost {
        guard let recordedFile, recording == nil else { return self }
        var loaded = self
        loaded.recording = try FrameCostRecording.load(recordedFile)
        return loaded
    }

    /// The profile as `--frame-cost` takes it, terms in a fixed order (empty for none).
    public var description: String {
        terms(busy: true, recorded: recordedFile.map { "recorded:" + $0 })
    }

    private func terms(busy withBusy: Bool, recorded: String?) -> String {
        var terms: [String] = []
        if constant > 0 { terms.append("constant:" + Self.duration(constant)) }
        if spike > 0 && spikeEvery > 0 { terms.append("spikes:" + Self.duration(spike) + "/\(spikeEvery)") }
        if first > 0 { terms.append("first:" + Self.duration(first)) }
        if perSample > 0 { terms.append("per-sample:" + Self.duration(perSample)) }
        if measuredFactor > 0 { terms.append("measured:" + ParameterValues.format(measuredFactor)) }
        if withBusy && busy > 0 { terms.append("busy:" + Self.duration(busy)) }
        if let recorded { terms.append(recorded) }
        return terms.joined(separator: "+")
    }

    private static func duration(_ nanoseconds: Int64) -> String {
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(nanoseconds)ns"
    }
}
