import TouchBenchSupport

/// Why a capture could not start or could not go on, with the device or file and (for a
/// malformed record) the byte offset, as one sentence (`/dev/input/event3: cannot be opened.`).
public typealias EvdevCaptureError = LocatedError<EvdevCaptureErrorKind>

/// What went wrong with a capture, grouped by what the user can do about it.
public enum EvdevCaptureErrorKind: LocatedErrorKind {
    /// The path does not exist or is not something records can be read from.
    case cannotOpen
    /// The device exists but this user may not read it.
    case permissionDenied
    /// A file or stream of records is not a whole number of valid `input_event` records,
    /// or its device description is missing.
    case malformed
    /// Reading failed after the capture started, e.g. the device was unplugged.
    case readFailed
    /// The request needs something the platform or the input cannot give.
    case unsupported

    public static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: "input")
}
