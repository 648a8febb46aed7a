/// Every form a trace can take: the container, its JSON Lines text, or a foreign format
/// (evemu, libinput, getevent, CSV, pointer events, Chrome trace events).
///
/// The one place that knows the forms by name and by extension, so the command line and
/// library users choose them alike.
public enum TraceForm: Hashable, Sendable {
    /// The `.touchtrace` container.
    case touchtrace
    /// The JSON Lines text form.
    case jsonl
    /// A foreign format of ``TraceFormat``.
    case foreign(TraceFormat)

    /// Every form's name, the container and JSON Lines first.
    public static var names: [String] { ["touchtrace", "jsonl"] + TraceFormat.allCases.map(\.rawValue) }

    /// The form's name (`touchtrace`, `jsonl`, `evemu`, …).
    public var name: String {
        switch self {
        case .touchtrace: "touchtrace"
        case .jsonl: "jsonl"
        case .foreign(let format): format.rawValue
        }
    }

    /// The form called `name` (any case; `json-lines` and `ndjson` also name JSON Lines).
    public init?(name: String) {
        switch name.lowercased() {
        case "touchtrace": self = .touchtrace
        case "jsonl", "json-lines", "ndjson": self = .jsonl
        default:
            guard let format = TraceFormat(rawValue: name.lowercased()) else { return nil }
            self = .foreign(format)
        }
    }

    /// Whether TouchBench reads this form.
    public var canRead: Bool {
        if case .foreign(let format) = self { return format.canImport }
        return true
    }

    /// Whether TouchBench writes this form.
    public var canWrite: Bool {
        if case .foreign(let format) = self { return format.canExport }
        return true
    }

    /// The form an extension names, if any; `.json` is pointer events to read and a Chrome
    /// trace to write.
    public static func byExtension(of path: String, forOutput: Bool) -> TraceForm? {
        let lower = path.lowercased()
        if lower.hasSuffix(".touchtrace") || lower.hasSuffix(".ttrace") { return .touchtrace }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        return TraceFormat.guess(fromPath: path, forExport: forOutput).map(TraceForm.foreign)
    }
}
