/// A file that a converter could not read or write, with where and why.
///
/// The shape every library error of TouchBench has (kind, file, place, reason), so a caller
/// handles them alike; which exit code a kind deserves is the command line's business.
/// Every malformed line of a text format produces one of these naming its line, so that a
/// person can open the file at the right place. The description is one sentence.
public struct TraceFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Kinds of failure, grouped by what the user can do about them.
    public enum Kind: Sendable, Hashable {
        /// The content is malformed, truncated or hostile.
        case malformed
        /// The input cannot be opened or read.
        case unreadable
        /// The output cannot be written.
        case unwritable
        /// The content is in no form TouchBench recognises (name the form to read it as).
        case unknownForm
        /// The conversion asked for is not supported (a form that cannot be read or written
        /// that way): the request is wrong, not the file.
        case unsupported
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// The file being read or written, when known.
    public var path: String?
    /// The byte offset the problem was found at, for binary content.
    public var offset: Int?
    /// The 1-based line the problem was found on, when the problem belongs to one line.
    public var line: Int?
    /// What was wrong: a sentence, or its second half after the file's name.
    public var reason: String

    public init(_ reason: String, path: String? = nil, line: Int? = nil, offset: Int? = nil, kind: Kind = .malformed) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.line = line
        self.reason = reason
    }

    /// The same error attributed to `path` (kept when one is already set).
    public func inFile(_ path: String?) -> TraceFormatError {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }

    public var description: String {
        var place = path ?? "input"
        if let line { place += ":\(line)" }
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)"
    }
}
