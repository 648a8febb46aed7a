import TouchBenchSupport

/// Standard output and error, and progress shown only on a terminal.
enum Console {
    static func error(_ text: String) {
        var line = text
        if !line.hasSuffix("\n") { line += "\n" }
        writeError(line)
    }

    /// Progress goes to standard error, and only when it is a terminal.
    static let showsProgress = isatty(2) == 1

    static func progress(_ text: String) {
        guard showsProgress else { return }
        writeError("\r\u{1B}[2K" + text)
    }

    private static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + done, $0.count - done) }
            if result <= 0 { return }
            done += result
        }
    }

    static func endProgress() {
        guard showsProgress else { return }
        writeError("\r\u{1B}[2K")
    }
}
