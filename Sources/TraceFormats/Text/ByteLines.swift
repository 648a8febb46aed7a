import TouchTrace

/// The importers' face of the one line reader, TouchTrace's ``LineReader`` (its rules and
/// limits: LF or CR LF, a byte-order mark skipped, CR or NUL inside and non-UTF-8 refused, lines
/// of at most a MiB), with its errors as ``TraceFormatError``s (``TextLines`` hands the general
/// parsers a `Substring` made from these bytes).
enum ByteLines {
    /// Calls `body` with the 1-based number and the bytes of each line of the file at `path`
    /// (valid UTF-8 without CR or NUL; the pointer is valid only during the call).
    /// With `cutting`, a last line without its line feed that is one of those event lines is
    /// not handed over: its number is returned (``EventLines``).
    @discardableResult
    static func forEach(inFile path: String, cutting events: EventLines? = nil,
                        _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws -> Int? {
        let reader = try Reader(path: path, cutting: events)
        while let line = try reader.next() { try body(reader.number, line) }
        return reader.cutLine
    }

    /// The lines of a file one at a time, for importers that stream their samples out as they
    /// read (a ``SampleSource`` answers one sample per call, so it cannot be driven by a
    /// callback): the same block buffer, rules and errors as ``forEach(inFile:_:)``.
    final class Reader {
        private let lines: LineReader
        private let events: EventLines?
        var path: String { lines.path }
        /// The 1-based number of the line last returned.
        var number: Int { lines.number }
        /// The number of the cut event line that ended the file unread (``EventLines``), once
        /// ``next()`` has returned `nil`.
        @exclusivity(unchecked) private(set) var cutLine: Int?

        /// `cutting`: the event lines of the form read, whose cut last line is not handed over.
        init(path: String, cutting events: EventLines? = nil) throws {
            do { lines = try LineReader(path: path) } catch { throw ByteLines.formatError(error) }
            self.events = events
        }

        /// The next line's bytes (valid until the next call), or `nil` after the last (and
        /// instead of a cut event line).
        @inline(__always)
        func next() throws -> UnsafeRawBufferPointer? {
            let line: UnsafeRawBufferPointer?
            do { line = try lines.next() } catch { throw ByteLines.formatError(error) }
            // One comparison per line: only the last line of a file can lack its line feed.
            if !lines.lineEnded, let line, let events, events.contains(line) {
                cutLine = lines.number
                return nil
            }
            return line
        }
    }

    /// The same over text already in memory (no length limit: the text is already in memory).
    static func forEach(inText text: String, path: String?, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        var copy = text
        try copy.withUTF8 { utf8 in
            do {
                try LineReader.forEach(inBytes: UnsafeRawBufferPointer(utf8), path: path) { number, line, _ in try body(number, line) }
            } catch let error as TraceFileError {
                throw formatError(error)
            }
        }
    }

    /// The event lines of the evdev text forms, and TouchBench's comments in them. Their writers
    /// (`evemu-record`, `adb shell getevent`, `libinput record`, TouchBench's exporters and
    /// anything that writes its comments) end every line with a line feed, so such a line
    /// without one ends a file whose writer died, perhaps inside a number (`E: 0.100000 0003
    /// 0035 12` of `… 1234`, `# TouchBench-marker: 991562 inten` of a marker's nanoseconds and
    /// label): it is not read, every complete line before it is, and the import reports it
    /// (``cutLineDamage(path:line:)``). Any other last line without its line feed (another
    /// comment, a header line, blanks) is read as before.
    /// (docs/FORMATS.md, "Cut files and equal times")
    enum EventLines {
        /// `E:` lines.
        case evemu
        /// `[ time ] …` lines.
        case getevent
        /// Event items, `- [sec, usec, type, code, value]`.
        case libinput

        /// Whether `line` opens as one of these event lines or as one of TouchBench's comments
        /// (after spaces), however it ends.
        func contains(_ line: UnsafeRawBufferPointer) -> Bool {
            var cursor = ByteCursor(line)
            cursor.skipSpaces()
            // A marker comment is written among evemu's events, and a capture script may
            // append one to any of these forms: cut, it names a wrong time or label.
            if TouchBenchComments.opens(cursor) { return true }
            switch self {
            case .evemu: return cursor.take("E:")
            case .getevent: return cursor.take(UInt8(ascii: "["))
            case .libinput:
                guard cursor.take(UInt8(ascii: "-")), cursor.take(0x20) else { return false }
                cursor.skipSpaces()
                return cursor.take(UInt8(ascii: "["))
            }
        }
    }

    /// A cut event line (``EventLines``) that was not read, in the words of every cut text
    /// file (``TraceFileError/cutLine(_:path:line:)``).
    static func cutLineDamage(path: String?, line: Int) -> TraceFileError {
        .cutLine("event line", path: path, line: line)
    }

    /// A reader's error in the importers' terms: the file that cannot be opened or read is
    /// ``TraceFormatErrorKind/unreadable``, a bad line malformed, each reason a whole clause.
    static func formatError(_ error: TraceFileError) -> TraceFormatError {
        switch error.kind {
        case .cannotOpen, .io:
            TraceFormatError("the file \(error.reason).", path: error.path, kind: .unreadable)
        case .malformed, .invalidSample:
            TraceFormatError(error.reason + ".", path: error.path, line: error.line)
        }
    }

    /// The first index of `byte` at or after `start`, by `memchr`.
    @inline(__always)
    static func index(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        LineReader.index(of: byte, in: buffer, from: start)
    }

    /// The line as a `Substring`, for the general (slow) parsers.
    static func substring(_ line: UnsafeRawBufferPointer) -> Substring {
        Substring(String(decoding: line, as: UTF8.self))
    }
}
