import TouchTrace

/// Reading result and thresholds files, writing a rendered report (Markdown, JUnit, HTML,
/// JSON), with errors of this layer that name the file.
public enum ReportFile {
    /// The bytes of `path`.
    public static func read(_ path: String) throws(BenchReportError) -> [UInt8] {
        do {
            return try SystemFile.readWhole(path)
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
            throw BenchReportError(error.kind == .cannotOpen ? .cannotOpen : .unwritable, path: error.path,
                                   offset: error.offset, reason: error.reason)
        }
    }
}
