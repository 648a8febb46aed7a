import TouchInput
import TouchTrace

/// Writes samples as CSV in the columns ``CSVImporter`` reads (`t_ns` in integer nanoseconds;
/// see ``CSVWriter`` for units, integer columns and the metadata sidecar).
/// The row format is ``CSVWriter``'s (the streaming writer `cat --format csv` uses),
/// so there is one definition of the CSV form.
public enum CSVExporter {
    /// The CSV text of `samples`, header first.
    public static func export(samples: [InputSample]) -> String {
        var out = CSVWriter.columns.joined(separator: ",") + "\n"
        for sample in samples { out += CSVWriter.row(for: sample) + "\n" }
        return out
    }
}
