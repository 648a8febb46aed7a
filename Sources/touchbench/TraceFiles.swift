import Foundation
import TouchInput
import TouchTrace

/// The file forms the command line reads and writes, chosen by `--from/--to`, by extension,
/// or by the first bytes of an input.
enum TraceForm: String, CaseIterable {
    case touchtrace, jsonl, csv

    static func named(_ name: String, option: String) throws(UsageError) -> TraceForm {
        guard let form = TraceForm(rawValue: name.lowercased()) else {
            throw UsageError(message: "--\(option) must be one of \(allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        return form
    }

    /// The form an extension names, if any.
    static func byExtension(of path: String) -> TraceForm? {
        let lower = path.lowercased()
        if lower.hasSuffix(".touchtrace") || lower.hasSuffix(".ttrace") { return .touchtrace }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        if lower.hasSuffix(".csv") { return .csv }
        return nil
    }
}

enum TraceFiles {
    /// Opens a `.touchtrace` file.
    static func openTrace(_ path: String) throws(TraceFileError) -> TraceReader {
        try TraceReader(path: path)
    }

    /// Opens any readable input as a sample source.
    static func openSource(_ path: String, form explicit: TraceForm?) throws -> any SampleSource {
        let form = try explicit ?? TraceForm.byExtension(of: path) ?? sniff(path)
        switch form {
        case .touchtrace:
            let reader = try TraceReader(path: path)
            warnIfDamaged(reader)
            return TraceSampleSource(reader: reader)
        case .jsonl:
            return try JSONLinesReader(path: path)
        case .csv:
            throw UsageError(message: "reading CSV is not supported yet; convert reads .touchtrace and JSON Lines")
        }
    }

    /// Creates a sink writing `form` to `path` (`-` is standard output for text forms).
    static func makeSink(_ path: String, form: TraceForm, metadata: TraceMetadata) throws(TraceFileError) -> any SampleSink {
        switch form {
        case .touchtrace: try TraceWriter(path: path, metadata: metadata)
        case .jsonl: try JSONLinesWriter(output: try TextOutput(path: path), metadata: metadata)
        case .csv: try CSVWriter(output: try TextOutput(path: path))
        }
    }

    /// Guesses a form from the first bytes: the touchtrace magic, or a JSON object.
    static func sniff(_ path: String) throws -> TraceForm {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceFileError(.cannotOpen, path: path, reason: "cannot be opened")
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        if head.starts(with: [0x89, 0x54, 0x42, 0x54, 0x52]) { return .touchtrace }
        if let first = head.first(where: { !$0.isWhitespace }), first == UInt8(ascii: "{") { return .jsonl }
        throw TraceFileError(.malformed, path: path, offset: 0,
                             reason: "is neither a .touchtrace file nor JSON Lines; name its form with --from")
    }

    static func warnIfDamaged(_ reader: TraceReader) {
        guard let damage = reader.damage else { return }
        Console.error("warning: \(damage.description) Reading the \(reader.chunks.count) complete chunks; 'touchbench verify --repair OUT' rewrites the file.")
    }
}

extension UInt8 {
    fileprivate var isWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
