import TouchBenchSupport
import TouchInput

/// The JSON Lines text form of a trace (DESIGN.md, "The JSON Lines text form"): an optional
/// `{"touchtrace":1,"metadata":{…}}` first line, then one sample object per line.
public enum JSONLines {
    /// The first line of the form, for `metadata`.
    public static func metadataLine(_ metadata: TraceMetadata) -> String {
        var line = "{\"touchtrace\":1,\"metadata\":{"
        var members: [String] = []
        if let device = metadata.device { members.append("\"device\":\(quoted(device))") }
        if let screen = metadata.screen {
            members.append("\"screen\":{\"width\":\(number(screen.width)),\"height\":\(number(screen.height)),\"scale\":\(number(screen.scale))}")
        }
        if let hz = metadata.digitizerHz { members.append("\"digitizerHz\":\(number(hz))") }
        if let hz = metadata.displayHz { members.append("\"displayHz\":\(number(hz))") }
        if let source = metadata.source { members.append("\"source\":\(quoted(source))") }
        if let epoch = metadata.epochNanoseconds { members.append("\"epochNanoseconds\":\(epoch)") }
        if let maximum = metadata.forceMaximum { members.append("\"forceMaximum\":\(number(maximum))") }
        let q = metadata.quanta
        if q != .standard {
            members.append("\"quanta\":{\"position\":\(number(q.position)),\"radius\":\(number(q.radius)),\"force\":\(number(q.force)),\"angle\":\(number(q.angle)),\"scroll\":\(number(q.scroll))}")
        }
        for key in metadata.extra.keys.sorted() where !reservedMetadataKeys.contains(key) {
            members.append("\(quoted(key)):\(quoted(metadata.extra[key] ?? ""))")
        }
        line += members.joined(separator: ",")
        line += "}}"
        return line
    }

    static let reservedMetadataKeys: Set<String> = [
        "device", "screen", "digitizerHz", "displayHz", "source", "epochNanoseconds", "forceMaximum", "quanta", "extra",
    ]

    /// One sample as a line (without the newline), keys in a fixed order.
    public static func line(for sample: InputSample) -> String {
        var bytes: [UInt8] = []
        SampleText.appendJSONLine(sample, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A Double as JSON: the shortest text that reads back as the same value.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A string as a JSON string literal.
    static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }
}
