import BenchReports
import PageReplay
import TouchCapture
import TouchReplay
import TouchTrace
import TraceFormats

/// The sysexits codes of DESIGN.md, "Command line".
enum ExitCode {
    static let success: Int32 = 0
    /// A regression or a failed check.
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let cannotOpen: Int32 = 66
    /// A service the command needs is unavailable (headless Chromium for --page).
    static let unavailable: Int32 = 69
    static let ioError: Int32 = 74

    static func forError(_ error: TraceFileError) -> Int32 {
        switch error.kind {
        case .cannotOpen: cannotOpen
        case .malformed, .invalidSample: dataError
        case .io: ioError
        }
    }

    static func forError(_ error: TraceFormatError) -> Int32 {
        switch error.kind {
        case .malformed, .unknownForm: dataError
        case .unreadable: cannotOpen
        case .unwritable: ioError
        case .unsupported: usage
        }
    }

    static func forError(_ error: EvdevCaptureError) -> Int32 {
        switch error.kind {
        case .cannotOpen, .permissionDenied: cannotOpen
        case .malformed: dataError
        case .readFailed: ioError
        case .unsupported: usage
        }
    }

    static func forError(_ error: PageReplayError) -> Int32 {
        switch error.kind {
        case .browserMissing, .browserFailed, .timeout, .protocolError: unavailable
        case .pageNotLocal, .invalidSetting: usage
        case .pageUnavailable: cannotOpen
        case .pageMalformed: dataError
        }
    }

    static func forError(_ error: FrameCostFileError) -> Int32 {
        switch error.kind {
        case .cannotOpen: cannotOpen
        case .malformed: dataError
        case .readFailed: ioError
        }
    }

    static func forError(_ error: BenchReportError) -> Int32 {
        switch error.kind {
        case .noSuite, .badRequest: usage
        case .cannotOpen: cannotOpen
        case .malformed: dataError
        case .unwritable, .readFailed: ioError
        }
    }
}
