import Foundation
import TouchTrace
import TouchInput

/// Writes samples as CSV that Python's `csv` module, pandas (`read_csv` without options),
/// spreadsheets and the CSV importer read: a header row whose names are the JSON Lines keys
/// with their unit (`t_ns` integer nanoseconds, `_pt` points, `_rad` radians; `force` is
/// 0…1), then one row per sample. Absent decimal fields are empty; the integer columns
/// (`t_ns`, `id`, `buttons`, `key`) are always integers, with 0 for no buttons and no key,
/// so that readers type them as integers; modifiers and flags are `|`-separated names.
///
/// The trace's metadata goes to a sidecar beside the file, `NAME.csv.metadata.json` (the
/// JSON Lines metadata line), which the importer reads back: a comment line in the CSV would
/// make pandas take it for the header.
public final class CSVWriter: SampleSink {
    /// The columns, in order.
    public static let columns = [
        "t_ns", "kind", "phase", "id", "x_pt", "y_pt", "force", "majorRadius_pt", "majorRadiusTolerance_pt",
        "altitude_rad", "azimuth_rad", "roll_rad", "buttons", "modifiers", "flags", "dx_pt", "dy_pt", "key", "label",
    ]

    /// The sidecar holding the metadata of the CSV file at `path`.
    public static func metadataPath(forCSVAt path: String) -> String { path + ".metadata.json" }

    private let output: TextOutput
    /// The metadata sidecar, written beside the CSV and put in place only after it: a writer
    /// that fails or is killed leaves the previous CSV and its sidecar as they were.
    private let sidecar: TextOutput?
    private var count = 0

    /// Starts the CSV on `output`, and its metadata sidecar when the output is a regular file
    /// (standard output, a device or a FIFO gets none: nothing is created beside a device).
    public init(output: TextOutput, metadata: TraceMetadata? = nil) throws(TraceFileError) {
        self.output = output
        // A sidecar line the importer could not read back is refused, as in every other form.
        if let metadata, let problem = ExportLimits.metadataProblem(metadata, form: .foreign(.csv)) {
            throw TraceFileError(.malformed, path: output.path, reason: problem)
        }
        if let metadata, output.isRegularFile {
            let sidecar = try TextOutput(path: Self.metadataPath(forCSVAt: output.path))
            try sidecar.write(JSONLines.metadataLine(metadata) + "\n")
            // On disk now, so that finishing only closes and renames it just after the CSV.
            try sidecar.flush()
            self.sidecar = sidecar
        } else {
            sidecar = nil
        }
        try output.write(Self.columns.joined(separator: ",") + "\n")
    }

    public func append(_ sample: InputSample) throws(TraceFileError) {
        count += 1
        // A row the importer could not read back (a label whose quotes double) is refused.
        if let problem = ExportLimits.sampleProblem(sample, number: count, form: .foreign(.csv)) {
            throw TraceFileError(.malformed, path: output.path, reason: problem)
        }
        try output.writeCSVRow(sample)
    }

    public func finishWriting() throws(TraceFileError) {
        try output.close()
        try sidecar?.close()
    }

    /// One sample as a CSV row (without the newline).
    public static func row(for sample: InputSample) -> String {
        var bytes: [UInt8] = []
        SampleText.appendCSVRow(sample, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
