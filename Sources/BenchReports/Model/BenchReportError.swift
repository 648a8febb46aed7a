/// A suite, thresholds or report file that could not be found, read or written: the shape of
/// every TouchBench library error (kind, file, place, reason). Trace files keep their own
/// `TraceFileError`; the exit code a kind deserves is the command line's business.
public struct BenchReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, grouped by what the user can do about it.
    public enum Kind: Sendable, Hashable {
        /// No suite where one was looked for: name one.
        case noSuite
        /// A file or folder that cannot be opened or listed.
        case cannotOpen
        /// Reading a file failed after it was opened.
        case readFailed
        /// A file whose content is not what it should be.
        case malformed
        /// A report that cannot be written.
        case unwritable
    }

    public var kind: Kind
    /// The file or folder concerned, when there is one.
    public var path: String?
    /// The byte offset of the problem, when known.
    public var offset: Int?
    /// The 1-based line of the problem, when known.
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

    /// One sentence naming the file, the place and the problem.
    public var description: String {
        guard var place = path else { return reason + "." }
        if let line { place += ", line \(line)" }
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)."
    }
}
