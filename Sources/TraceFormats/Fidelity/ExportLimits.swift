import TouchInput
import TouchTrace

/// What a text form could be written with but touchbench could not read back, so that an
/// export never exits 0 leaving a file its own importers refuse (issue 15): a trace without
/// samples (every text import refuses one) and a line longer than the importers' line limit
/// (a metadata line grown by another form's prefix or escaping, a marker label whose quotes
/// double in CSV). `convert` checks the metadata and emptiness before the output is opened and
/// each sample before it is written, naming the input; the evdev survey refuses the same lines
/// in the same words, so the whole export and the streamed sink agree (docs/FORMATS.md, "Writing").
public enum ExportLimits {
    /// The longest line every text importer reads (docs/FORMAT.md, "Limits").
    public static let maximumLineLength = TextInput.maximumLineLength

    /// Labels shorter than this cannot make a line over the limit in any form (JSON escapes a
    /// character into at most three times its UTF-8 bytes; control characters are not allowed),
    /// so only longer ones are measured.
    private static let unmeasuredLabelBytes = maximumLineLength / 4

    /// Whether a trace written as `form` must hold a sample to be read back: every text form
    /// (their imports refuse an empty file); not the container (a `record` stopped before the
    /// first event is a valid file) nor the write-only Chrome trace.
    public static func needsSamples(_ form: TraceForm) -> Bool {
        switch form {
        case .touchtrace, .foreign(.chromeTrace): false
        case .jsonl, .foreign: true
        }
    }

    /// Why an input without samples cannot be written as `form`, or `nil` when it can.
    public static func emptyProblem(_ form: TraceForm) -> String? {
        guard needsSamples(form) else { return nil }
        return "holds no samples, and touchbench cannot read back an empty \(form.name) file, so none is written (a .touchtrace output can be empty)"
    }

    /// Why `metadata` cannot be written as `form` (its line would be longer than the limit), or `nil`.
    public static func metadataProblem(_ metadata: TraceMetadata, form: TraceForm) -> String? {
        let line: String?, what: String
        switch form {
        case .jsonl: (line, what) = (JSONLines.metadataLine(metadata), "metadata line")
        case .foreign(.csv): (line, what) = (JSONLines.metadataLine(metadata), "metadata sidecar line")
        case .foreign(.evemu), .foreign(.libinput), .foreign(.getevent):
            var comments = TouchBenchComments()
            comments.metadata = metadata
            (line, what) = (comments.metadataLine, "`# TouchBench:` metadata comment")
        case .touchtrace, .foreign: return nil
        }
        guard let line else { return nil }
        return tooLong(line.utf8.count, what: "its \(what)", form: form)
    }

    /// Why sample `number` (1-based) cannot be written as `form` (a marker label making its
    /// line longer than the limit), or `nil`.
    public static func sampleProblem(_ sample: InputSample, number: Int, form: TraceForm) -> String? {
        if sample.kind == .touch, let problem = trackingIDProblem(sample.id) {
            switch form {
            case .foreign(.evemu), .foreign(.libinput), .foreign(.getevent):
                return "the \(problem) in sample \(number) (a touch at \(sample.time) ns), so it cannot be written as \(form.name)"
            default: break
            }
        }
        guard sample.kind == .marker, let label = sample.label, label.utf8.count >= unmeasuredLabelBytes else { return nil }
        var bytes: [UInt8] = []
        switch form {
        case .jsonl: SampleText.appendJSONLine(sample, to: &bytes)
        case .foreign(.csv): SampleText.appendCSVRow(sample, to: &bytes)
        case .foreign(.evemu), .foreign(.libinput), .foreign(.getevent): bytes = Array(TouchBenchComments.markerLine(sample).utf8)
        case .touchtrace, .foreign: return nil
        }
        return tooLong(bytes.count, what: "the label of sample \(number) (a marker at \(sample.time) ns)", form: form)
    }

    /// Why a contact id cannot be an evdev tracking id (a signed 32-bit value whose −1 ends
    /// the contact), or `nil`.
    static func trackingIDProblem(_ id: UInt32) -> String? {
        guard id > UInt32(Int32.max) else { return nil }
        return "contact id \(id) is beyond \(ExportLosses.grouped(Int(Int32.max))), the largest evdev tracking id,"
    }

    private static func tooLong(_ count: Int, what: String, form: TraceForm) -> String? {
        guard count > maximumLineLength else { return nil }
        return "\(what) would make a line of \(ExportLosses.grouped(count)) bytes, over the "
            + "\(ExportLosses.grouped(maximumLineLength))-byte line limit of touchbench's importers, so it cannot be written as \(form.name)"
    }
}
