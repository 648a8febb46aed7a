import TouchInput
import TouchTrace

/// Writes samples as CSV in the columns ``CSVImporter`` reads (`t_ns` in integer nanoseconds;
/// see ``CSVWriter`` for units, integer columns and the metadata sidecar).
/// The row format is ``CSVWriter``'s (the streaming writer `cat --format csv` uses),
/// so there is one definition of the CSV form.
public enum CSVExporter {
    /// The CSV text of `samples`, header first. A row the importer could not read back (a
    /// marker label whose line would pass the line limit) is refused as ``CSVWriter`` refuses
    /// it (``ExportLimits``), so the whole export and the streamed one agree.
    public static func export(samples: [InputSample]) throws -> String {
        var out = CSVWriter.columns.joined(separator: ",") + "\n"
        for (index, sample) in samples.enumerated() {
            if let problem = ExportLimits.sampleProblem(sample, number: index + 1, form: .foreign(.csv)) {
                throw TraceFormatError(problem + ".")
            }
            out += CSVWriter.row(for: sample) + "\n"
        }
        return out
    }
}
