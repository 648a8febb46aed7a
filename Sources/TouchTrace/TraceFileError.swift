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

    public static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: "input")
}

extension LocatedError where Kind == TraceFileErrorKind {
    /// The one sentence for a text file whose last line has no line feed because its writer
    /// died: that line is not read, every line before it is. `what` names the line ("line",
    /// "event line", "line followed by 12 NUL bytes"). Shared by the JSON Lines reader and
    /// the evdev text importers so that every cut file is reported in the same words.
    package static func cutLine(_ what: String = "line", path: String?, line: Int) -> TraceFileError {
        TraceFileError(.malformed, path: path, line: line,
                       reason: "ends with a cut \(what) (no line feed; the writer may have died): every complete line before it was read")
    }
}
