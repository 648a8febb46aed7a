import TouchInput

/// Evdev events as the samples of a trace: each event's time made relative to the first and
/// held where it steps back (``EvdevRecording/Clock``), then decoded (``EvdevDecoder``); each
/// sample is then checked by ``problem(_:quanta:)``. The one path from kernel events to trace
/// samples, shared by the evdev imports (evemu, libinput record, getevent; whole and streamed)
/// and by live capture (`record`), so that a capture and an import of the same events give
/// the same samples, or the same refusal (hostile report L5).
public struct EvdevTraceDecoder: Sendable {
    /// The decoder the events go through (its statistics: frames, drops, ignored contacts).
    public private(set) var decoder: EvdevDecoder
    private var clock = EvdevRecording.Clock()

    /// A decoder of `device`'s events mapped by `mapping` (the screen places a pointer).
    public init(device: EvdevDevice, mapping: EvdevMapping, screen: TraceMetadata.Screen? = nil) {
        decoder = EvdevDecoder(device: device, mapping: mapping, screen: screen)
    }

    /// The time of the first event fed, which every time is taken from; `nil` before it.
    public var origin: Int64? { clock.origin }
    /// Events whose time stepped back and was held at the time of the event before.
    public var heldBackEvents: Int { clock.regressions }

    /// Feeds one event with its recorded time; the samples it completes go to `emit`, with
    /// times relative to the first event.
    @inline(__always)
    public mutating func feed(_ event: EvdevEvent, emit: (InputSample) -> Void) {
        var event = event
        clock.shift(&event)
        decoder.feed(event, emit: emit)
    }

    /// Why `sample` cannot be in a trace whose quanta are `quanta`: a time outside ±(2^62 − 1) ns or
    /// a value outside the model's ranges, in the words every evdev import refuses it with;
    /// `nil` when it can.
    @inline(__always)
    public static func problem(_ sample: InputSample, quanta: FieldQuanta) -> String? {
        guard SampleTime.isValid(sample.time) else { return "the capture \(SampleTime.outOfRangeReason(sample.time))" }
        guard let problem = sample.problem(quanta: quanta) else { return nil }
        return "the sample at \(sample.time) ns \(problem)"
    }

    /// Why a non-empty input whose events decoded into no sample is refused (`form`: how it was
    /// read; `cutLine`: its last event line was cut and not read, ``ImportedTrace/cutLine``).
    public static func noSamplesProblem(form: String, cutLine: Int? = nil) -> String {
        "the file holds no input samples that touchbench can read as \(form)" + (cutLine == nil ? "" : " (its last event line is cut)")
    }
}
