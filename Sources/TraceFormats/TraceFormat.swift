import Foundation
import TouchInput
import TouchTrace

/// The foreign formats TouchBench converts, with detection, reading and writing in one place
/// so that `touchbench convert` stays thin.
public enum TraceFormat: String, Sendable, Hashable, CaseIterable {
    /// `evemu-record` output (`.events` with a `.desc`, or `.evemu`).
    case evemu
    /// `libinput record` YAML.
    case libinput
    /// Android `getevent -lt` / `-t` logs.
    case getevent
    /// CSV with a header row.
    case csv
    /// W3C Pointer Events JSON from a capture page.
    case pointerEvents = "pointer-events"
    /// Chrome trace-event JSON (export only).
    case chromeTrace = "chrome-trace"

    /// Whether TouchBench reads this format.
    public var canImport: Bool { self != .chromeTrace }
    /// Whether TouchBench writes this format.
    public var canExport: Bool { self != .pointerEvents }

    /// The format a file's name suggests, if any (`.events`, `.evemu`, `.desc`, `.yml`,
    /// `.yaml`, `.getevent`, `.csv`, `.json`: pointer events on import, a Chrome trace on export).
    public static func guess(fromPath path: String, forExport: Bool = false) -> TraceFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "events", "evemu", "desc": .evemu
        case "yml", "yaml": .libinput
        case "getevent": .getevent
        case "csv": .csv
        case "json": forExport ? .chromeTrace : .pointerEvents
        default: nil
        }
    }

    /// The format `text` looks like (its first meaningful lines), if any.
    public static func guess(fromContent text: Substring) -> TraceFormat? {
        // A byte-order mark is not content; CR LF is one Character to a String, so split on both.
        let head = text.prefix(64 * 1024).drop { $0 == "\u{FEFF}" }
        let lines = head.split { $0 == "\n" || $0 == "\r\n" }.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty }
        guard let first = lines.first else { return nil }
        if first.hasPrefix("{") {
            return head.contains("\"traceEvents\"") ? .chromeTrace : .pointerEvents
        }
        if lines.prefix(20).contains(where: { $0.hasPrefix("# EVEMU") || $0.hasPrefix("N:") || $0.hasPrefix("E:") }) {
            return .evemu
        }
        // The rest is told by data lines: comments come first in any number (an export of a
        // marker-dense trace opens with one per marker, and its metadata comment has commas,
        // so a getevent log named .txt was read as CSV).
        let data = lines.lazy.filter { !$0.hasPrefix("#") }
        guard let firstData = data.first else { return nil }
        if data.prefix(20).contains(where: { $0.hasPrefix("add device ") }) || firstData.hasPrefix("[") { return .getevent }
        if data.prefix(5).contains(where: { $0.hasPrefix("version:") || $0.hasPrefix("devices:") }) { return .libinput }
        if firstData.contains(",") { return .csv }
        return nil
    }

    /// Reads the file at `path` as `format` (or the format its name or content suggests).
    public static func importTrace(from path: String, format: TraceFormat? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        var chosen = format ?? guess(fromPath: path)
        if chosen == nil {
            chosen = guess(fromContent: Substring(try TextInput.head(path)))
        }
        let trace: ImportedTrace
        switch chosen {
        case .evemu: trace = try EvemuImporter.read(contentsOf: path, options: options)
        case .libinput: trace = try LibinputRecordImporter.read(contentsOf: path, options: options)
        case .getevent: trace = try GeteventImporter.read(contentsOf: path, options: options)
        case .csv: trace = try CSVImporter.read(contentsOf: path, options: options)
        case .pointerEvents: trace = try PointerEventsImporter.read(contentsOf: path, options: options)
        case .chromeTrace: throw TraceFormatError("Chrome trace events can be written but not read.", path: path, kind: .unsupported)
        case nil: throw TraceFormatError("the format cannot be told from the name or the content; name it.", path: path, kind: .unsupported)
        }
        // Silence would be data loss: a capture that yields nothing (a wrong device, a
        // dialect read as another) must not convert to an empty trace with exit 0.
        guard !trace.samples.isEmpty else {
            throw TraceFormatError(EvdevTraceDecoder.noSamplesProblem(form: chosen?.rawValue ?? "this form", cutLine: trace.cutLine) + ".",
                                   path: path, line: trace.cutLine)
        }
        if let problem = trace.metadata.problem { throw TraceFormatError("the capture \(problem).", path: path) }
        if let outside = trace.samples.first(where: { !SampleTime.isValid($0.time) }) {
            throw TraceFormatError("the capture \(SampleTime.outOfRangeReason(outside.time)).", path: path)
        }
        // What the importers' own checks name by line; here every sample of every form, in the
        // words the streamed imports use (``EvdevTraceDecoder/problem(_:quanta:)``).
        for sample in trace.samples {
            if let problem = EvdevTraceDecoder.problem(sample, quanta: trace.metadata.quanta) {
                throw TraceFormatError("\(problem).", path: path)
            }
        }
        return trace
    }

    /// The text of `samples` in `format`.
    public static func export(_ format: TraceFormat, metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        switch format {
        case .evemu: try EvemuExporter.export(metadata: metadata, samples: samples)
        case .libinput: try LibinputRecordExporter.export(metadata: metadata, samples: samples)
        case .getevent: try GeteventExporter.export(metadata: metadata, samples: samples)
        case .csv: try CSVExporter.export(samples: samples)
        case .chromeTrace: ChromeTraceExporter.export(metadata: metadata, samples: samples)
        case .pointerEvents:
            throw TraceFormatError("\(format.rawValue) can be read but not written.", kind: .unsupported)
        }
    }

    /// Writes `samples` in `format` to `path`.
    public static func export(_ format: TraceFormat, metadata: TraceMetadata, samples: [InputSample], to path: String) throws {
        if format == .csv {
            // Streamed row by row, as `cat --format csv` writes (the sidecar beside a file).
            let writer = try CSVWriter(output: try TextOutput(path: path), metadata: metadata)
            for sample in samples { try writer.append(sample) }
            try writer.finishWriting()
            return
        }
        if let writer = EvdevTextWriter(format) {
            let survey: EvdevExportSurvey
            do { survey = try EvdevExportSurvey(metadata: metadata, format: format, samples: samples) } catch let error as TraceFormatError {
                throw error.inFile(path)
            }
            var iterator = samples.makeIterator()
            try writer.write(metadata: metadata, survey: survey, next: { iterator.next() }, to: path)
            return
        }
        let text: String
        do {
            text = try export(format, metadata: metadata, samples: samples)
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
        // Beside the target and renamed when complete; a device is written, never replaced.
        try SystemFile.writeWhole(text, to: path)
    }
}

/// The writer of an evdev text form (evemu, libinput record, getevent): the description from
/// a survey of the whole trace, then the events chunk by chunk from a second pass over the
/// samples (their text is ten times the samples' size).
struct EvdevTextWriter {
    private let write: (TraceMetadata, EvdevExportSurvey, () throws -> InputSample?, (inout TextBuffer) throws -> Void) throws -> EvdevEncoder.Losses

    /// The writer of `format`, or `nil` when it is not an evdev form.
    init?(_ format: TraceFormat) {
        switch format {
        case .evemu: write = EvemuExporter.write
        case .libinput: write = LibinputRecordExporter.write
        case .getevent: write = GeteventExporter.write
        default: return nil
        }
    }

    /// Writes the samples `next` yields (those `survey` was made from) to `path` (`-`: standard
    /// output); what the events could not carry.
    @discardableResult
    func write(metadata: TraceMetadata, survey: EvdevExportSurvey, next: () throws -> InputSample?, to path: String) throws -> EvdevEncoder.Losses {
        let output: TextOutput
        do { output = try TextOutput(path: path) } catch { throw TraceFormatError("the file cannot be written.", path: path, kind: .unwritable) }
        do {
            let losses = try write(metadata, survey, next) { buffer in
                do { try buffer.withBytes { try output.write(contentsOf: $0) } } catch {
                    throw TraceFormatError("the file cannot be written.", path: path, kind: .unwritable)
                }
                buffer.removeAll()
            }
            try output.close()
            return losses
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        } catch let error as TraceFileError {
            throw error
        } catch {
            throw TraceFormatError("the file cannot be written.", path: path, kind: .unwritable)
        }
    }
}
