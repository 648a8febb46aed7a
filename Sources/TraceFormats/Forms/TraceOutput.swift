import TouchInput
import TouchTrace

/// Sinks for every writable form: what `convert` and `cat` write through.
public enum TraceOutput {
    /// A sink writing `form` to `path` (`-` is standard output for the text forms). The
    /// container is written with the archival settings; foreign formats that need the whole
    /// trace are written when the sink finishes.
    public static func sink(writing form: TraceForm, to path: String, metadata: TraceMetadata) throws -> any SampleSink {
        try formSink(writing: form, to: path, metadata: metadata)
    }

    /// The same sink, which also says what it could not carry once finished.
    static func formSink(writing form: TraceForm, to path: String, metadata: TraceMetadata) throws -> any FormSink {
        switch form {
        case .touchtrace:
            guard path != "-" else { throw TraceFormatError("a .touchtrace file cannot be written to standard output", kind: .unsupported) }
            return try TraceWriter(path: path, metadata: metadata, options: .archival)
        case .jsonl: return try JSONLinesWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(.csv): return try CSVWriter(output: try TextOutput(path: path), metadata: metadata)
        case .foreign(let format):
            guard format.canExport else { throw TraceFormatError("\(format.rawValue) can be read but not written", kind: .unsupported) }
            return try ExportingSink(format: format, metadata: metadata, path: path)
        }
    }
}

/// A sink of one form that may learn, as it writes, what the form cannot carry.
protocol FormSink: SampleSink {
    /// What the writer itself could not carry, known once it has finished.
    var writerLosses: EvdevEncoder.Losses { get }
}

extension FormSink {
    /// None: the container, JSON Lines and CSV writers write every sample as given (what CSV
    /// changes is known from each sample, ``ExportLosses``).
    var writerLosses: EvdevEncoder.Losses { EvdevEncoder.Losses() }
}

extension TraceWriter: FormSink {}
extension JSONLinesWriter: FormSink {}
extension CSVWriter: FormSink {}

/// Writes a foreign format other than CSV. The evdev forms need the whole trace before their
/// first byte (an evemu description is derived from every contact): they survey the samples
/// as they arrive and park them in a ``SampleSpool``, then write the text in a second pass
/// over the spool. The Chrome trace streams its events as the samples come, its contacts'
/// spans at the end. Memory stays bounded by a block of samples and a chunk of text (and one
/// entry per contact life for the Chrome trace).
final class ExportingSink: FormSink {
    let format: TraceFormat
    let metadata: TraceMetadata
    let path: String
    private var chrome: ChromeTraceExporter.Encoder?
    private let evdev: (writer: EvdevTextWriter, spool: SampleSpool)?
    // Unchecked exclusivity: the survey calls nothing that reaches back into this sink, and
    // the dynamic check of the access per sample cost more than most of what it guards.
    @exclusivity(unchecked) private var survey: EvdevExportSurvey?
    @exclusivity(unchecked) private var surveyError: TraceFormatError?
    /// What the evdev events could not carry, known once the text is written.
    private(set) var writerLosses = EvdevEncoder.Losses()

    init(format: TraceFormat, metadata: TraceMetadata, path: String) throws {
        self.format = format
        self.metadata = metadata
        self.path = path
        if let writer = EvdevTextWriter(format) {
            evdev = (writer, try SampleSpool())
            do { survey = try EvdevExportSurvey(metadata: metadata, format: format) } catch let error as TraceFormatError { surveyError = error }
        } else {
            evdev = nil
            chrome = ChromeTraceExporter.Encoder(metadata: metadata, output: try TextOutput(path: path))
        }
    }

    func append(_ sample: InputSample) throws(TraceFileError) {
        guard let evdev else {
            chrome?.add(sample)
            return
        }
        // What the survey refuses is reported when the output would be written, as the whole export does.
        guard surveyError == nil, survey != nil else { return }
        do { try survey?.add(sample) } catch let error as TraceFormatError { surveyError = error } catch {}
        try evdev.spool.append(sample)
    }

    func finishWriting() throws(TraceFileError) {
        do {
            if let evdev {
                if let surveyError { throw surveyError.inFile(path) }
                guard var survey else { return }
                survey.finish()
                let reader = try evdev.spool.reader()
                writerLosses = try evdev.writer.write(metadata: metadata, survey: survey, next: { try reader.next() }, to: path)
            } else if var encoder = chrome {
                chrome = nil
                encoder.finishEvents()
                try encoder.writer.close()
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
