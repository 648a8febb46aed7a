import TouchBenchSupport

/// A suite, thresholds or report file that could not be found, read or written
/// (`thresholds.json:4: …`). Trace files keep their own `TraceFileError`.
public typealias BenchReportError = LocatedError<BenchReportErrorKind>

/// What went wrong with a suite or report file, grouped by what the user can do about it.
public enum BenchReportErrorKind: LocatedErrorKind {
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
    /// A request the suite cannot honour as asked (a scene named twice in the scene list):
    /// the user changes the request, not a file.
    case badRequest

    /// Without a file, the reason alone is the sentence.
    public static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: nil)
}
