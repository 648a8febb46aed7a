import TouchTrace

/// The sysexits codes of DESIGN.md, "Command line".
enum ExitCode {
    static let success: Int32 = 0
    /// A regression or a failed check.
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let cannotOpen: Int32 = 66
    static let ioError: Int32 = 74

    static func forError(_ error: TraceFileError) -> Int32 {
        switch error.kind {
        case .cannotOpen: cannotOpen
        case .malformed, .invalidSample: dataError
        case .io: ioError
        }
    }
}
