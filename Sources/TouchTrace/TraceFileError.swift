import TouchBenchSupport

/// A `.touchtrace` (or JSON Lines) file that could not be read or written, with the place
/// and the reason, so that one sentence tells the user what is wrong
/// (`f.touchtrace at byte 96: the chunk checksum does not match.`).
public typealias TraceFileError = LocatedError<TraceFileErrorKind>

/// What went wrong with a trace file, grouped by what the caller can do about it.
public enum TraceFileErrorKind: LocatedErrorKind {
    /// The file could not be opened (missing, unreadable).
    case cannotOpen
    /// The bytes are not a valid trace: corrupt, truncated, foreign or hostile.
    case malformed
    /// Reading or writing failed at the operating-system level.
    case io
    /// The caller asked for something the format cannot hold (an out-of-order sample,
    /// a value too large for its quantum).
    case invalidSample

    public static let style = LocatedErrorStyle(lineSeparator: ", line ", endsSentence: true, unnamedFile: "input")
}
