import Foundation
import TouchInput

/// Writes samples as CSV with a header row whose column names are the JSON Lines keys, so
/// spreadsheets and scripts read it and the CSV importer reads it back. Absent fields are
/// empty; modifiers and flags are `|`-separated names.
public final class CSVWriter: SampleSink {
    /// The columns, in order.
    public static let columns = [
        "t", "kind", "phase", "id", "x", "y", "force", "majorRadius", "majorRadiusTolerance",
        "altitude", "azimuth", "roll", "buttons", "modifiers", "flags", "dx", "dy", "key", "label",
    ]

    private let output: TextOutput

    public init(output: TextOutput) throws(TraceFileError) {
        self.output = output
        try output.write(Self.columns.joined(separator: ",") + "\n")
    }

    public func append(_ sample: InputSample) throws(TraceFileError) {
        try output.write(Self.row(for: sample) + "\n")
    }

    public func finishWriting() throws(TraceFileError) { try output.close() }

    /// One sample as a CSV row (without the newline).
    public static func row(for sample: InputSample) -> String {
        func text(_ value: Double?) -> String { value.map(JSONLines.number) ?? "" }
        let location = sample.location
        let delta = sample.scrollDelta
        let cells: [String] = [
            String(sample.time), sample.kind.name, sample.phase.name, String(sample.id),
            text(location?.x), text(location?.y), text(sample.force), text(sample.majorRadius),
            text(sample.majorRadiusTolerance), text(sample.altitude), text(sample.azimuth), text(sample.roll),
            sample.buttons.map(String.init) ?? "", sample.modifiers.names.joined(separator: "|"),
            sample.flags.names.joined(separator: "|"), text(delta?.dx), text(delta?.dy),
            sample.key.map(String.init) ?? "", sample.label.map(quoted) ?? "",
        ]
        return cells.joined(separator: ",")
    }

    /// RFC 4180 quoting where a cell needs it.
    static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
