/// Why a capture could not start or could not go on, with the file and (for a malformed
/// record) the byte offset, as one sentence.
public struct EvdevCaptureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, grouped by what the user can do about it.
    public enum Kind: Sendable, Hashable {
        /// The path does not exist or is not something records can be read from (exit 66).
        case cannotOpen
        /// The device exists but this user may not read it (exit 66).
        case permissionDenied
        /// A file or stream of records is not a whole number of valid `input_event` records,
        /// or its device description is missing (exit 65).
        case malformed
        /// Reading failed after the capture started, e.g. the device was unplugged (exit 74).
        case readFailed
        /// The request needs something the platform or the input cannot give (exit 64).
        case unsupported

        /// The sysexits code a command exits with.
        public var exitCode: Int32 {
            switch self {
            case .cannotOpen, .permissionDenied: 66
            case .malformed: 65
            case .readFailed: 74
            case .unsupported: 64
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The device or file being read.
    public var path: String
    /// The byte offset of a malformed record.
    public var offset: Int?
    /// The second half of the sentence ("cannot be opened (No such file or directory)").
    public var reason: String

    public init(_ kind: Kind, path: String, offset: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.reason = reason
    }

    /// One sentence naming the input, the place and the problem.
    public var description: String {
        var place = path
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)."
    }
}
