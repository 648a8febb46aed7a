import TouchBenchSupport

/// A file that a converter could not read or write, with where and why. Every malformed line
/// of a text format produces one naming its line (`f.evemu:12: …`), so that a person can open
/// the file at the right place. Its reasons are whole clauses that carry their own full stop
/// where they need one.
public typealias TraceFormatError = LocatedError<TraceFormatErrorKind>

/// Kinds of conversion failure, grouped by what the user can do about them.
public enum TraceFormatErrorKind: LocatedErrorKind {
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

    public static let style = LocatedErrorStyle(endsSentence: false, unnamedFile: "input")
}

extension LocatedError where Kind == TraceFormatErrorKind {
    /// A conversion error, malformed content unless `kind` says otherwise.
    public init(_ reason: String, path: String? = nil, line: Int? = nil, offset: Int? = nil, kind: Kind = .malformed) {
        self.init(kind, path: path, offset: offset, line: line, reason: reason)
    }
}
