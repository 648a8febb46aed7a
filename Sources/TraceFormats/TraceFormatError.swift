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

    public init(_ message: String, path: String? = nil, line: Int? = nil) {
        self.message = message
        self.path = path
        self.line = line
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
