import TouchInput
import TouchTrace

/// Writes a trace as Chrome trace-event JSON through ``TraceEventWriter``, for Perfetto UI,
/// chrome://tracing and speedscope: one named track (thread) per contact life, with a complete
/// event (`ph: "X"`) spanning the contact from its first to its last sample and an instant
/// event (`ph: "i"`) per sample carrying its phase and every field it has; keys, scrolls and
/// markers each on their own named track (`keys`, `scroll`, `markers`), made when first used.
/// Times (`ts`, `dur`) are microseconds.
public enum ChromeTraceExporter {
    /// The trace-event JSON of `samples` (in time order).
    public static func export(metadata: TraceMetadata, samples: [InputSample]) -> String {
        var encoder = Encoder(metadata: metadata, output: nil)
        for sample in samples { encoder.add(sample) }
        encoder.finishEvents()
        return encoder.writer.finish()
    }

    /// The events of one trace, sample by sample: the instants as the samples come (streamed
    /// to the writer's output when it has one), the contacts' complete events once the last
    /// sample is known. What `convert --to chrome-trace` streams, so that its memory holds a
    /// buffer and one entry per contact life, not the trace (a 60-minute session held 771 MB:
    /// hostile report 17); the whole export runs the same code, so both write the same bytes.
    struct Encoder {
        let writer: TraceEventWriter
        private var tracks: [SampleKind: Int] = [:]
        private var contacts: [UInt64: (tid: Int, start: Int64, name: String)] = [:]
        private var spans: [(tid: Int, start: Int64, end: Int64, name: String)] = []
        private var lastTime: Int64 = 0

        init(metadata: TraceMetadata, output: TextOutput?) {
            writer = TraceEventWriter(process: "TouchBench trace" + (metadata.device.map { ": \($0)" } ?? ""), output: output)
        }

        mutating func add(_ sample: InputSample) {
            lastTime = sample.time
            let args = Self.arguments(of: sample)
            guard sample.kind.isContact else {
                let tid = tracks[sample.kind] ?? {
                    let made = writer.thread(named: sample.kind == .marker ? "markers" : sample.kind == .key ? "keys" : sample.kind.name)
                    tracks[sample.kind] = made
                    return made
                }()
                let name = sample.kind == .marker ? (sample.label ?? "marker") : sample.kind.name
                writer.instant(name, thread: tid, time: sample.time, args: sample.kind == .marker ? [] : args)
                return
            }
            let key = sample.contact.packed
            let current: (tid: Int, start: Int64, name: String)
            if let live = contacts[key] {
                current = live
            } else {
                let name = "\(sample.kind.name) #\(sample.id)"
                current = (writer.thread(named: name), sample.time, name)
                contacts[key] = current
            }
            writer.instant(sample.phase.name, thread: current.tid, time: sample.time, args: args)
            if sample.phase.isTerminal || sample.phase == .hoverExited {
                spans.append((current.tid, current.start, sample.time, current.name))
                contacts[key] = nil
            }
        }

        /// Writes the contacts' complete events: those that ended, then those still down at
        /// the last sample, by track.
        mutating func finishEvents() {
            for (_, live) in contacts.sorted(by: { $0.value.tid < $1.value.tid }) {
                spans.append((live.tid, live.start, lastTime, live.name))
            }
            for span in spans {
                writer.complete(span.name, thread: span.tid, start: span.start, duration: Swift.max(0, span.end - span.start))
            }
            contacts.removeAll()
            spans.removeAll()
        }

        private static func arguments(of sample: InputSample) -> [(String, TraceEventWriter.Argument)] {
            var args: [(String, TraceEventWriter.Argument)] = [("phase", .string(sample.phase.name))]
            if let location = sample.location { args += [("x", .number(location.x)), ("y", .number(location.y))] }
            if let force = sample.force { args.append(("force", .number(force))) }
            if let radius = sample.majorRadius { args.append(("majorRadius", .number(radius))) }
            if let tolerance = sample.majorRadiusTolerance { args.append(("majorRadiusTolerance", .number(tolerance))) }
            if let altitude = sample.altitude { args.append(("altitude", .number(altitude))) }
            if let azimuth = sample.azimuth { args.append(("azimuth", .number(azimuth))) }
            if let roll = sample.roll { args.append(("roll", .number(roll))) }
            if let buttons = sample.buttons { args.append(("buttons", .integer(Int64(buttons)))) }
            if !sample.modifiers.isEmpty { args.append(("modifiers", .strings(sample.modifiers.names))) }
            if let delta = sample.scrollDelta { args += [("dx", .number(delta.dx)), ("dy", .number(delta.dy))] }
            if let key = sample.key { args.append(("key", .integer(Int64(key)))) }
            if !sample.flags.isEmpty { args.append(("flags", .strings(sample.flags.names))) }
            return args
        }
    }
}
