import TouchBenchSupport

/// A frame-cost file that cannot be read (`costs.txt:7: …`): exit 66 when it cannot be
/// opened, 65 when its content is not a frame-cost recording.
public typealias FrameCostFileError = LocatedError<FrameCostFileErrorKind>

/// What went wrong with a frame-cost file, grouped by what the user can do about it.
public enum FrameCostFileErrorKind: LocatedErrorKind {
    /// The file does not exist or cannot be opened.
    case cannotOpen
    /// Reading it failed after it was opened.
    case readFailed
    /// Its content is not a frame-cost recording (the line says where).
    case malformed

    public static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: nil)
}
