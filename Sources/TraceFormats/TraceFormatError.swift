/// A file that a converter could not read or write, with where and why.
///
/// Every malformed line of a text format produces one of these naming its line, so that a
/// person can open the file at the right place. The message is one sentence.
public struct TraceFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file being read or written, when known.
    public var path: String?
    /// The 1-based line the problem was found on, when the problem belongs to one line.
    public var line: Int?
    /// One sentence saying what was wrong.
    public var message: String
    /// What kind of failure it was, which decides the exit code of a command.
    public var kind: Kind

    /// Kinds of failure, with the sysexits code a command should exit with.
    public enum Kind: Sendable, Hashable {
        /// The content is malformed, truncated or hostile (exit 65).
        case malformed
        /// The input cannot be opened or read (exit 66).
        case unreadable
        /// The output cannot be written (exit 74).
        case unwritable
        /// The conversion asked for is not supported (exit 64, a usage error).
        case unsupported

        public var exitCode: Int32 {
            switch self {
            case .malformed: 65
            case .unreadable: 66
            case .unwritable: 74
            case .unsupported: 64
            }
        }
    }

    public init(_ message: String, path: String? = nil, line: Int? = nil, kind: Kind = .malformed) {
        self.message = message
        self.path = path
        self.line = line
        self.kind = kind
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
        return "\(place): \(message)"
    }
}
