/// The one shape of every TouchBench library error: what went wrong (a kind of the layer's
/// own), the file, the place in it (byte offset, line) and the reason, written as the one
/// sentence the command line prints. Each layer names its own: `TraceFileError` (the
/// container and JSON Lines), `TraceFormatError` (foreign forms), `EvdevCaptureError` (live
/// capture), `BenchReportError` (suites, thresholds, result and report files),
/// `PageReplayError` (the browser and the page of a page replay).
///
/// Kinds say what went wrong, never an exit code: mapping them to exit codes is the command
/// line's business.
public struct LocatedError<K: LocatedErrorKind>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The layer's kinds (`TraceFileError.Kind.malformed`).
    public typealias Kind = K

    /// What went wrong, grouped by what the user can do about it.
    public var kind: Kind
    /// The file or device concerned, when known.
    public var path: String?
    /// The byte offset where the problem lies, when there is one.
    public var offset: Int?
    /// The 1-based line, for text forms.
    public var line: Int?
    /// What was wrong, as the second half of a sentence after the file's name.
    public var reason: String

    public init(_ kind: Kind, path: String? = nil, offset: Int? = nil, line: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.line = line
        self.reason = reason
    }

    /// One sentence naming the file, the place and the problem: `f.jsonl:3: reason`, the
    /// `file:line:` form compilers write and editors jump to, in every layer (two forms,
    /// `f.jsonl, line 3` beside `f.evemu:3`, were hostile report 16 L2); the layer's style
    /// (``LocatedErrorStyle``) decides only the full stop and an unnamed file.
    public var description: String {
        let style = Kind.style
        guard var place = path ?? style.unnamedFile else { return reason + (style.endsSentence ? "." : "") }
        if let line { place += ":" + String(line) }
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)" + (style.endsSentence ? "." : "")
    }

    /// The same error attributed to `path` (kept when one is already set).
    public func inFile(_ path: String?) -> Self {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }
}

/// The kinds of one layer's errors, and how that layer writes a place.
public protocol LocatedErrorKind: Sendable, Hashable {
    static var style: LocatedErrorStyle { get }
}

/// How a layer's error sentences end and name an unknown file: some layers' reasons carry
/// their own full stop.
public struct LocatedErrorStyle: Sendable, Hashable {
    /// Whether the sentence gets a full stop (reasons of some layers carry their own).
    public var endsSentence: Bool
    /// What names the file when none is known; `nil` writes the reason alone.
    public var unnamedFile: String?

    public init(endsSentence: Bool, unnamedFile: String?) {
        self.endsSentence = endsSentence
        self.unnamedFile = unnamedFile
    }
}
