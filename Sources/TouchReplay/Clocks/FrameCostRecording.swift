import TouchBenchSupport
import TouchTrace

/// The measured CPU time of every frame of a replay, frame by frame: what
/// `touchbench replay --record-frame-cost FILE` writes and `--frame-cost recorded:FILE`
/// charges on the virtual clock, so the work a scene really did on some machine makes the
/// same hitches in CI on every run.
///
/// The file (`touchbench frame-cost 1`, docs/CI.md, "Frame-cost recordings"), UTF-8 text:
///
/// ```
/// touchbench frame-cost 1
/// # scroll × Traces/drag.touchtrace, recorded by touchbench replay --rate 1
/// 1523400
/// 802113
/// end 2
/// ```
///
/// - the first line is the header `touchbench frame-cost 1`;
/// - then one line per rendered frame, in order: its cost in whole nanoseconds, 0 to 60 s;
/// - `#` starts a comment line; blank lines are ignored; lines end in LF or CRLF, and a
///   byte-order mark before the header is ignored (the one line reader's rules, which also
///   refuse a CR inside a line, a NUL byte, text that is not UTF-8 and lines over a MiB);
/// - a required last line `end N` gives the number of frames (the recorder writes it, so a
///   file cut at a line boundary is refused); `end 0` alone is an empty recording;
/// - the file ends with a newline: a last line without one is a file cut mid-line.
public struct FrameCostRecording: Sendable, Hashable {
    /// The first line of every recording.
    public static let header = "touchbench frame-cost 1"
    /// The most a frame may cost, as for every `--frame-cost` term: a minute (one home, ``FrameCost``'s).
    public static let limit: Int64 = FrameCost.limit
    /// The largest file read, 64 MiB: over five million frames even at the longest cost line
    /// (12 digits), about seven million of millisecond costs (8 digits, 16 hours at 120 Hz).
    public static let sizeLimit = 64 << 20

    /// Nanoseconds per frame, the first rendered frame first.
    public var costs: [Int64]

    public init(costs: [Int64]) {
        self.costs = costs
    }

    /// The recording's content in 16 hex digits: 64-bit FNV-1a of the frame count and every
    /// cost (little-endian), so comments, line ends and the file's path do not change it and
    /// any cost does. What names the recording in a run's settings (``FrameCost/setting``).
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (value >> UInt64(shift)) & 0xFF
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        mix(UInt64(costs.count))
        for cost in costs { mix(UInt64(bitPattern: cost)) }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The cost of frame number `frame` (0 for the first rendered); frames past the end of
    /// the recording cost nothing.
    @inline(__always)
    public func cost(frame: Int) -> Int64 {
        frame >= 0 && frame < costs.count ? costs[frame] : 0
    }

    /// The file's text: the header, `comments` (one `#` line each), the costs, `end N`.
    public func text(comments: [String] = []) -> String {
        var text = Self.header + "\n"
        for comment in comments {
            for line in comment.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) { text += "# \(line)\n" }
        }
        text.reserveCapacity(text.utf8.count + costs.count * 9 + 16)
        for cost in costs { text += String(Swift.max(0, cost)) + "\n" }
        return text + "end \(costs.count)\n"
    }

    /// Reads the recording at `path`, line by line through the one line reader
    /// (`LineReader`: its byte-order mark, line-end, UTF-8 and line-length rules).
    public static func load(_ path: String) throws(FrameCostFileError) -> FrameCostRecording {
        var parser = Parser(path: path)
        try reading(path: path, otherwise: .readFailed) {
            let reader = try LineReader(path: path)
            guard reader.size <= sizeLimit else {
                throw FrameCostFileError(.malformed, path: path, reason: "is \(reader.size) bytes, more than the \(sizeLimit) bytes a frame-cost recording may hold")
            }
            while let line = try reader.next() { try parser.take(line, number: reader.number, ended: reader.lineEnded) }
        }
        return try parser.finish()
    }

    /// Parses a recording's bytes (a leading byte-order mark allowed); errors name `path`
    /// and the 1-based line.
    public init(bytes: [UInt8], path: String? = nil) throws(FrameCostFileError) {
        var parser = Parser(path: path)
        try Self.reading(path: path, otherwise: .malformed) {
            try bytes.withUnsafeBytes { whole in
                try LineReader.forEach(inBytes: whole, path: path) { number, line, ended in
                    try parser.take(line, number: number, ended: ended)
                }
            }
        }
        self = try parser.finish()
    }

    /// Runs `body` with every error it throws as a ``FrameCostFileError``: the line reader's
    /// mapped by ``fileError(_:)``, the parser's as they are, anything else of `kind`.
    private static func reading(path: String?, otherwise kind: FrameCostFileErrorKind, _ body: () throws -> Void) throws(FrameCostFileError) {
        do {
            try body()
        } catch let error as TraceFileError {
            throw fileError(error)
        } catch let error as FrameCostFileError {
            throw error
        } catch {
            throw FrameCostFileError(kind, path: path, reason: "\(error)")
        }
    }

    /// The line reader's error as a frame-cost file's (its reasons name the line already).
    private static func fileError(_ error: TraceFileError) -> FrameCostFileError {
        let kind: FrameCostFileErrorKind = switch error.kind {
        case .cannotOpen: .cannotOpen
        case .io: .readFailed
        case .malformed, .invalidSample: .malformed
        }
        return FrameCostFileError(kind, path: error.path, line: error.line, reason: error.reason)
    }

    /// The file's lines, one at a time, as the reader hands them over.
    private struct Parser {
        let path: String?
        var costs: [Int64] = []
        var declared: (count: Int, line: Int)?
        /// The last line that ended with a line feed (the lines of the file proper).
        var number = 0

        init(path: String?) { self.path = path }

        func failure(_ line: Int, _ reason: String) -> FrameCostFileError {
            FrameCostFileError(.malformed, path: path, line: line, reason: reason)
        }

        mutating func take(_ line: UnsafeRawBufferPointer, number lineNumber: Int, ended: Bool) throws(FrameCostFileError) {
            guard ended else {
                // What follows the final line feed: nothing, or a line the file was cut in.
                guard line.isEmpty else { throw failure(lineNumber, "ends mid-line, without a newline: the file was cut") }
                return
            }
            number = lineNumber
            if lineNumber == 1 {
                let text = String(decoding: line, as: UTF8.self)
                guard text == FrameCostRecording.header else {
                    let found = text.count > 40 ? String(text.prefix(40)) + "…" : text
                    throw failure(1, text.hasPrefix("touchbench frame-cost ")
                        ? "is '\(found)'; this touchbench reads '\(FrameCostRecording.header)'"
                        : "starts '\(found)', not '\(FrameCostRecording.header)': not a frame-cost recording")
                }
                return
            }
            // Blank lines skipped before any string is made.
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            let text = String(decoding: line, as: UTF8.self)
            let trimmed = text[...].trimmingSpaces()
            if trimmed.hasPrefix("#") { return }
            if let declared { throw failure(lineNumber, "has '\(trimmed.prefix(40))' after 'end' on line \(declared.line)") }
            if trimmed.hasPrefix("end") {
                let value = trimmed.dropFirst(3).trimmingSpaces()
                guard trimmed.dropFirst(3).first == " ", let count = Int(value), count >= 0 else {
                    throw failure(lineNumber, "'\(trimmed.prefix(40))' is not 'end N' with N the number of frames")
                }
                guard count == costs.count else {
                    throw failure(lineNumber, "says \(count) frames but \(costs.count) were given: the file is incomplete or was edited")
                }
                declared = (count, lineNumber)
                return
            }
            costs.append(try FrameCostRecording.cost(trimmed, line: lineNumber, path: path))
        }

        /// The recording, once every line was taken: 'end N' is required, so a file cut at a
        /// line boundary is refused; 'end 0' is an empty profile.
        func finish() throws(FrameCostFileError) -> FrameCostRecording {
            guard number > 0 else { throw failure(1, "is empty, not a frame-cost recording ('\(FrameCostRecording.header)')") }
            guard declared != nil else {
                throw failure(number, costs.isEmpty ? "has no frame costs"
                    : "has no 'end N' line after its \(costs.count) costs: the file was cut")
            }
            return FrameCostRecording(costs: costs)
        }
    }

    /// One cost line: whole nanoseconds, 0 to ``limit``.
    fileprivate static func cost(_ text: Substring, line: Int, path: String?) throws(FrameCostFileError) -> Int64 {
        let shown = text.count > 24 ? String(text.prefix(24)) + "…" : String(text)
        guard !text.hasPrefix("-") else {
            throw FrameCostFileError(.malformed, path: path, line: line, reason: "has the negative cost '\(shown)': a frame costs 0 ns or more")
        }
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw FrameCostFileError(.malformed, path: path, line: line, reason: "'\(shown)' is not a whole number of nanoseconds")
        }
        // Digits only: anything over 12 digits is beyond the limit, and Int64 cannot overflow below that.
        guard text.utf8.count <= 12, let value = Int64(text), value <= limit else {
            throw FrameCostFileError(.malformed, path: path, line: line, reason: "has the cost '\(shown)' ns, more than the 60 s a frame may cost")
        }
        return value
    }
}
