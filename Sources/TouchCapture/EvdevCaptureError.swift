/// Why a capture could not start or could not go on, with the file and (for a malformed
/// record) the byte offset, as one sentence.
///
/// It has the shape of every TouchBench library error (kind, file, place, reason); the
/// exit code a kind deserves is the command line's business.
public struct EvdevCaptureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, grouped by what the user can do about it.
    public enum Kind: Sendable, Hashable {
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
    }

    /// What went wrong.
    public var kind: Kind
    /// The device or file being read.
    public var path: String
    /// The byte offset of a malformed record.
    public var offset: Int?
    /// The 1-based line of a malformed device description, when the problem is on one line.
    public var line: Int?
    /// The second half of the sentence ("cannot be opened (No such file or directory)").
    public var reason: String

    public init(_ kind: Kind, path: String, offset: Int? = nil, line: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.line = line
        self.reason = reason
    }

    /// One sentence naming the input, the place and the problem.
    public var description: String {
        var place = path
        if let line { place += ":\(line)" }
        if let offset { place += " at byte \(offset)" }
        return "\(place): \(reason)."
    }
}
