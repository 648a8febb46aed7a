import Foundation
import TouchInput

/// Reads Android `getevent` logs: `getevent -lt` (labelled: `[   12345.678901]
/// /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000123`) and `getevent -t` (raw hex:
/// `… 0003 0035 00000123`), with or without the device column, with the `add device N:` /
/// `name: "…"` headers it prints at start and, when present, the axis lines of `-p`.
///
/// A log may hold several devices. The touchscreen is chosen automatically — the device with
/// the most `ABS_MT_POSITION_X` events, else a pen, else the one with the most events — or
/// by ``ImportOptions/device`` (its name or node). Without `-p` axis information the axis
/// ranges are the observed ones (minimum 0 or below, maximum the largest value seen), and
/// positions map 1:1 or onto ``ImportOptions/screen``; metadata records which.
public enum GeteventImporter {
    /// Reads the file at `path`; errors name the file and, for malformed content, the line.
    public static func read(contentsOf path: String, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .file(path), path: path, options: options)
    }

    /// Parses the content of a file; `path` only names it in errors.
    public static func parse(_ text: String, path: String? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .text(text), path: path, options: options)
    }

    static func parse(lines: TextLines, path: String?, options: ImportOptions) throws -> ImportedTrace {
        var log = Log()
        var comments = TouchBenchComments()
        let cutLine = try lines.forEachBytes(path: path, cutting: .getevent) { number, line in
            try readLine(line, number: number, path: path, log: &log, comments: &comments)
        }
        let node: String
        do {
            node = try choose(in: log, wanted: options.device, cutLine: cutLine)
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
        var device = log.devices[node] ?? EvdevDevice(name: node)
        if device.name.isEmpty { device.name = node }
        let declared = !device.axes.isEmpty
        var recording = EvdevRecording(device: device, events: log.events[node] ?? [])
        recording.declareObservedCodes()
        recording.deviceIsObserved = !declared
        var extra = ["getevent.form": log.labelled ? "labelled (-lt)" : "raw (-t)"]
        if !node.isEmpty { extra["getevent.device"] = node }
        if !declared { extra["evdev.axisRanges"] = "observed (no -p axis information in the log)" }
        var restoredOptions = options
        if options.screen == nil, let restored = comments.metadata { restoredOptions.screen = restored.screen }
        var trace = recording.makeTrace(source: "getevent", options: restoredOptions, explicitMapping: comments.mapping, extra: extra)
        comments.restore(into: &trace)
        trace.cutLine = cutLine
        return trace
    }

    /// Reads one line of a log: an event, one of TouchBench's comments, or anything else
    /// getevent prints (errors name the line).
    @inline(__always)
    static func readLine(_ line: UnsafeRawBufferPointer, number: Int, path: String?,
                         log: inout Log, comments: inout TouchBenchComments) throws {
        if log.readEvent(line) { return }
        if try comments.readIfComment(line, number: number, path: path) { return }
        do {
            try log.read(ByteLines.substring(line))
        } catch let error as TraceFormatError {
            throw TraceFormatError(error.reason, path: path, line: number)
        }
    }

    /// The node of the device to import.
    static func choose(in log: Log, wanted: String?, cutLine: Int?) throws -> String {
        // The events by node, built once: `Log.events` builds its dictionary on each call, and
        // a call per node made a log of 16 000 nodes take 21 s (hostile report 17).
        let events = log.events
        let nodes = Array(Set(events.keys).union(log.devices.keys)).sorted()
        let candidates = nodes.map {
            EvdevDeviceChoice.Candidate(node: $0, name: log.devices[$0]?.name ?? "", events: events[$0] ?? [])
        }
        return nodes[try EvdevDeviceChoice.choose(candidates, wanted: wanted, cutLine: cutLine)]
    }
}
