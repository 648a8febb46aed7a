import Foundation
import TouchInput
import TouchTrace
import TraceFormats

/// A file form the command line reads or writes: the container and its JSON Lines text, or
/// a foreign format of TraceFormats (evemu, libinput, getevent, CSV, pointer events, Chrome
/// trace events).
enum TraceForm: Hashable {
    case touchtrace
    case jsonl
    case foreign(TraceFormat)

    static var names: [String] { ["touchtrace", "jsonl"] + TraceFormat.allCases.map(\.rawValue) }

    var name: String {
        switch self {
        case .touchtrace: "touchtrace"
        case .jsonl: "jsonl"
        case .foreign(let format): format.rawValue
        }
    }

    static func named(_ name: String, option: String) throws(UsageError) -> TraceForm {
        switch name.lowercased() {
        case "touchtrace": return .touchtrace
        case "jsonl", "json-lines", "ndjson": return .jsonl
        default:
            guard let format = TraceFormat(rawValue: name.lowercased()) else {
                throw UsageError(message: "--\(option) must be one of \(names.joined(separator: ", ")), not '\(name)'")
            }
            return .foreign(format)
        }
    }

    /// The form an extension names, if any.
    static func byExtension(of path: String, forOutput: Bool) -> TraceForm? {
        let lower = path.lowercased()
        if lower.hasSuffix(".touchtrace") || lower.hasSuffix(".ttrace") { return .touchtrace }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        return TraceFormat.guess(fromPath: path, forExport: forOutput).map(TraceForm.foreign)
    }
}

/// Options for reading foreign captures.
struct InputOptions {
    var form: TraceForm?
    var importOptions = ImportOptions()
}

enum TraceFiles {
    /// The form of an input: its extension's, else its first bytes'.
    static func form(of path: String) throws -> TraceForm {
        try TraceForm.byExtension(of: path, forOutput: false) ?? sniff(path)
    }

    /// Opens any readable input as a sample source: streaming for the container and JSON
    /// Lines, imported whole for foreign captures.
    static func openSource(_ path: String, options: InputOptions = InputOptions()) throws -> any SampleSource {
        let form = try options.form ?? Self.form(of: path)
        switch form {
        case .touchtrace:
            let reader = try TraceReader(path: path)
            warnIfDamaged(reader)
            return TraceSampleSource(reader: reader)
        case .jsonl:
            return try JSONLinesReader(path: path)
        case .foreign(let format):
            guard format.canImport else { throw UsageError(message: "\(format.rawValue) can be written but not read") }
            let trace = try TraceFormat.importTrace(from: path, format: format, options: options.importOptions)
            return SampleArraySource(metadata: trace.metadata, samples: trace.samples)
        }
    }

    /// Creates a sink writing `form` to `path` (`-` is standard output for text forms).
    static func makeSink(_ path: String, form: TraceForm, metadata: TraceMetadata) throws -> any SampleSink {
        switch form {
        case .touchtrace:
            guard path != "-" else { throw UsageError(message: "a .touchtrace file cannot be written to standard output") }
            return try TraceWriter(path: path, metadata: metadata, options: .archival)
        case .jsonl: return try JSONLinesWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(.csv): return try CSVWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(let format):
            guard format.canExport else { throw UsageError(message: "\(format.rawValue) can be read but not written") }
            return ExportingSink(format: format, metadata: metadata, path: path)
        }
    }

    /// Guesses a form from the first bytes: the container's magic, JSON Lines samples, or a
    /// foreign format TraceFormats recognises.
    static func sniff(_ path: String) throws -> TraceForm {
        let file = try SystemFile.openForReading(path)
        var head: [UInt8] = []
        try file.read(min(64 * 1024, try file.size()), at: 0, into: &head)
        if head.starts(with: ContainerFormat.fileMagic) { return .touchtrace }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        let text = String(decoding: head, as: UTF8.self)
        let firstLine = text.split { $0 == "\n" || $0 == "\r\n" }.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        if firstLine.hasPrefix("{\"touchtrace\"") || (firstLine.hasPrefix("{") && firstLine.contains("\"kind\"")) { return .jsonl }
        if let format = TraceFormat.guess(fromContent: Substring(text)) { return .foreign(format) }
        throw TraceFileError(.malformed, path: path, offset: 0,
                             reason: "is not a trace in any form touchbench knows; name its form with --from")
    }

    static func warnIfDamaged(_ reader: TraceReader) {
        guard let damage = reader.damage else { return }
        Console.error("warning: \(damage.description) Reading the \(counted(reader.chunks.count, "complete chunk")); 'touchbench verify --repair OUT' rewrites the file.")
    }
}

/// Collects samples and writes them in a foreign format at the end (those writers need the
/// whole trace: an evemu description is derived from every contact).
final class ExportingSink: SampleSink {
    let format: TraceFormat
    let metadata: TraceMetadata
    let path: String
    private var samples: [InputSample] = []

    init(format: TraceFormat, metadata: TraceMetadata, path: String) {
        self.format = format
        self.metadata = metadata
        self.path = path
    }

    func append(_ sample: InputSample) throws(TraceFileError) { samples.append(sample) }

    func finishWriting() throws(TraceFileError) {
        do {
            if path == "-" {
                print(try TraceFormat.export(format, metadata: metadata, samples: samples), terminator: "")
            } else {
                try TraceFormat.export(format, metadata: metadata, samples: samples, to: path)
            }
        } catch let error as TraceFileError {
            throw error
        } catch let error as TraceFormatError {
            let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            throw TraceFileError(error.kind == .unwritable ? .io : .malformed, path: path, reason: reason)
        } catch {
            throw TraceFileError(.io, path: path, reason: "cannot be written (\(error))")
        }
    }
}
