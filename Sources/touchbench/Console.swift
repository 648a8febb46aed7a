import BenchReports
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// The bench progress line (BenchProgress): drawn on a terminal at most ten times a second,
/// nothing at all when standard error is not a terminal.
final class ProgressBar: Sendable {
    private let state: Mutex<(progress: BenchProgress?, drawn: Double)> = Mutex((nil, -1))
    private let start = ContinuousClock.now

    func show(done: Int, total: Int, _ what: String) {
        guard Console.showsProgress else { return }
        let elapsed = start.duration(to: .now)
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let line: String? = state.withLock { state in
            var progress = state.progress ?? BenchProgress(total: total)
            progress.update(done: done, now: now)
            state.progress = progress
            guard now - state.drawn >= 0.1 || done >= total else { return nil }
            state.drawn = now
            return progress.line(what)
        }
        if let line { Console.progress(line) }
    }
}
