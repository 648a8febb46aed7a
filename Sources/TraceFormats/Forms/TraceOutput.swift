import TouchInput
import TouchTrace

/// Sinks for every writable form: what `convert` and `cat` write through.
public enum TraceOutput {
    /// A sink writing `form` to `path` (`-` is standard output for the text forms). The
    /// container is written with the archival settings; foreign formats that need the whole
    /// trace are written when the sink finishes.
    public static func sink(writing form: TraceForm, to path: String, metadata: TraceMetadata) throws -> any SampleSink {
        switch form {
        case .touchtrace:
            guard path != "-" else { throw TraceFormatError("a .touchtrace file cannot be written to standard output", kind: .unsupported) }
            return try TraceWriter(path: path, metadata: metadata, options: .archival)
        case .jsonl: return try JSONLinesWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(.csv): return try CSVWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(let format):
            guard format.canExport else { throw TraceFormatError("\(format.rawValue) can be read but not written", kind: .unsupported) }
            return ExportingSink(format: format, metadata: metadata, path: path)
        }
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
                let output = try TextOutput(path: path)
                try output.write(try TraceFormat.export(format, metadata: metadata, samples: samples))
                try output.close()
            } else {
                try TraceFormat.export(format, metadata: metadata, samples: samples, to: path)
            }
        } catch let error as TraceFileError {
            throw error
        } catch let error as TraceFormatError {
            let reason = error.reason.hasSuffix(".") ? String(error.reason.dropLast()) : error.reason
            throw TraceFileError(error.kind == .unwritable ? .io : .malformed, path: path, reason: reason)
        } catch {
            throw TraceFileError(.io, path: path, reason: "cannot be written (\(error))")
        }
    }
}
