import Foundation
import TouchInput

/// Writes a trace as Chrome trace-event JSON (`{"traceEvents": [...]}`), for
/// `chrome://tracing`, Perfetto and speedscope: one track (thread) per contact life, with a
/// complete event (`ph: "X"`) spanning the contact from its first to its last sample and an
/// instant event (`ph: "i"`) per sample carrying its phase, position and force. Keys, scrolls
/// and markers are instant events on an `input` track. Times (`ts`, `dur`) are microseconds.
public enum ChromeTraceExporter {
    /// The trace-event JSON of `samples` (in time order).
    public static func export(metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        var events: [[String: Any]] = []
        let process = "TouchBench trace" + (metadata.device.map { ": \($0)" } ?? "")
        events.append(["ph": "M", "pid": 1, "tid": 0, "name": "process_name", "args": ["name": process]])
        events.append(["ph": "M", "pid": 1, "tid": 0, "name": "thread_name", "args": ["name": "input"]])
        var track: [UInt64: (tid: Int, start: Int64, name: String)] = [:]
        var spans: [(tid: Int, start: Int64, end: Int64, name: String)] = []
        var nextTrack = 1
        func micros(_ ns: Int64) -> Double { Double(ns) / 1000 }

        for sample in samples {
            var args: [String: Any] = ["phase": sample.phase.name]
            if let location = sample.location { args["x"] = location.x; args["y"] = location.y }
            if let force = sample.force { args["force"] = force }
            if let delta = sample.scrollDelta { args["dx"] = delta.dx; args["dy"] = delta.dy }
            if let key = sample.key { args["key"] = Int(key) }
            if !sample.flags.isEmpty { args["flags"] = sample.flags.names }
            guard sample.kind.isContact else {
                let name = sample.kind == .marker ? (sample.label ?? "marker") : sample.kind.name
                events.append(["ph": "i", "s": "t", "pid": 1, "tid": 0, "ts": micros(sample.time), "name": name, "args": args])
                continue
            }
            let key = UInt64(sample.kind.rawValue) << 32 | UInt64(sample.id)
            let current: (tid: Int, start: Int64, name: String)
            if let live = track[key] {
                current = live
            } else {
                current = (nextTrack, sample.time, "\(sample.kind.name) #\(sample.id)")
                track[key] = current
                events.append(["ph": "M", "pid": 1, "tid": nextTrack, "name": "thread_name", "args": ["name": current.name]])
                events.append(["ph": "M", "pid": 1, "tid": nextTrack, "name": "thread_sort_index", "args": ["sort_index": nextTrack]])
                nextTrack += 1
            }
            events.append(["ph": "i", "s": "t", "pid": 1, "tid": current.tid, "ts": micros(sample.time), "name": sample.phase.name, "args": args])
            if sample.phase.isTerminal || sample.phase == .hoverExited {
                spans.append((current.tid, current.start, sample.time, current.name))
                track[key] = nil
            }
        }
        let end = samples.last?.time ?? 0
        for (_, live) in track.sorted(by: { $0.value.tid < $1.value.tid }) {
            spans.append((live.tid, live.start, end, live.name))
        }
        for span in spans {
            events.append(["ph": "X", "pid": 1, "tid": span.tid, "ts": micros(span.start), "dur": micros(span.end - span.start), "name": span.name])
        }
        let document: [String: Any] = ["traceEvents": events, "displayTimeUnit": "ms"]
        do {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw TraceFormatError("the trace holds a value JSON cannot represent (\(error)).")
        }
    }
}
