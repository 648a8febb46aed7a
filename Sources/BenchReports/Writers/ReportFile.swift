import TouchBenchSupport
import TouchTrace

/// Reading result and thresholds files, writing a rendered report (Markdown, JUnit, HTML,
/// JSON), with errors of this layer that name the file.
public enum ReportFile {
    /// The bytes of `path`.
    public static func read(_ path: String, limit: Int = 256 << 20) throws(BenchReportError) -> [UInt8] {
        do {
            return try SystemFile.readWhole(path, limit: limit)
        } catch {
            let kind: BenchReportError.Kind = switch error.kind {
            case .cannotOpen: .cannotOpen
            case .io: .readFailed
            case .malformed, .invalidSample: .malformed
            }
            throw BenchReportError(kind, path: error.path,
                                   offset: error.offset, reason: error.reason)
        }
    }

    /// Writes `text` to `path` (`-`: standard output), replacing it.
    public static func write(_ text: String, to path: String) throws(BenchReportError) {
        do {
            try SystemFile.writeWhole(text, to: path)
        } catch {
            throw reportError(error)
        }
    }

    /// Writes the text `produce` hands to its `emit` piece by piece to `path` (`-`: standard
    /// output), so a large report is never held whole; a file is replaced only once all of it
    /// is written, and a failure leaves the previous one as it was.
    public static func write(
        to path: String,
        _ produce: (_ emit: (String) throws(TraceFileError) -> Void) throws(TraceFileError) -> Void
    ) throws(BenchReportError) {
        do throws(TraceFileError) {
            if path == "-" { _ = StandardStreams.flushOutput() }  // what `print` buffered goes first
            let file = path == "-" ? SystemFile.standardOutput() : try SystemFile.create(path)
            do throws(TraceFileError) {
                try produce { (piece) throws(TraceFileError) in try file.write(Array(piece.utf8)) }
                try file.closeChecked()
            } catch {
                file.abandon()
                throw error
            }
        } catch {
            throw reportError(error)
        }
    }

    private static func reportError(_ error: TraceFileError) -> BenchReportError {
        BenchReportError(error.kind == .cannotOpen ? .cannotOpen : .unwritable, path: error.path,
                         offset: error.offset, reason: error.reason)
    }
}
