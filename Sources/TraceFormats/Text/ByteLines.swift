import TouchTrace

/// The importers' face of the one line reader, TouchTrace's ``LineReader`` (its rules and
/// limits: LF or CR LF, a byte-order mark skipped, CR or NUL inside and non-UTF-8 refused, lines
/// of at most a MiB), with its errors as ``TraceFormatError``s (``TextLines`` hands the general
/// parsers a `Substring` made from these bytes).
enum ByteLines {
    /// Calls `body` with the 1-based number and the bytes of each line of the file at `path`
    /// (valid UTF-8 without CR or NUL; the pointer is valid only during the call).
    static func forEach(inFile path: String, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        let reader = try Reader(path: path)
        while let line = try reader.next() { try body(reader.number, line) }
    }

    /// The lines of a file one at a time, for importers that stream their samples out as they
    /// read (a ``SampleSource`` answers one sample per call, so it cannot be driven by a
    /// callback): the same block buffer, rules and errors as ``forEach(inFile:_:)``.
    final class Reader {
        private let lines: LineReader
        var path: String { lines.path }
        /// The 1-based number of the line last returned.
        var number: Int { lines.number }

        init(path: String) throws {
            do { lines = try LineReader(path: path) } catch { throw ByteLines.formatError(error) }
        }

        /// The next line's bytes (valid until the next call), or `nil` after the last.
        @inline(__always)
        func next() throws -> UnsafeRawBufferPointer? {
            do { return try lines.next() } catch { throw ByteLines.formatError(error) }
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
