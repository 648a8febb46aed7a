/// A `.touchtrace` (or JSON Lines) file that could not be read or written, with the place
/// and the reason, so that one sentence tells the user what is wrong.
public struct TraceFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, grouped by what the caller can do about it.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened (missing, unreadable).
        case cannotOpen
        /// The bytes are not a valid trace: corrupt, truncated, foreign or hostile.
        case malformed
        /// Reading or writing failed at the operating-system level.
        case io
        /// The caller asked for something the format cannot hold (an out-of-order sample,
        /// a value too large for its quantum).
        case invalidSample
    }

    public var kind: Kind
    /// The file concerned.
    public var path: String
    /// The byte offset where the problem lies, when there is one.
    public var offset: Int?
    /// The 1-based line number, for text forms.
    public var line: Int?
    /// What was wrong, as the second half of a sentence ("the chunk checksum does not match").
    public var reason: String

    public init(_ kind: Kind, path: String, offset: Int? = nil, line: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.line = line
        self.reason = reason
    }

    /// One sentence naming the file, the place and the problem.
    public var description: String {
        var place = path
        if let line { place += ", line \(line)" }
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)."
    }
}
