import Foundation
import TouchTrace

/// Lines of text as bytes: the one line reader of every text importer (``TextLines`` hands
/// the general parsers a `Substring` made from these bytes). A file is read in blocks into one
/// reusable buffer and each line is handed over in place, with no `String`, `Substring` or
/// array per line. Memory stays bounded by a block and the longest line allowed.
///
/// The rules: LF or CR LF ends a line, a
/// UTF-8 byte-order mark at the start is skipped, a CR anywhere else or a NUL byte is an error
/// naming the line, the text must be UTF-8, a line longer than
/// ``TextInput/maximumLineLength`` is refused as soon as it is seen, and the last line is
/// handed over with or without its line feed (an empty one after a final LF too).
enum ByteLines {
    private static let blockSize = 1 << 18

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
        let path: String
        /// The 1-based number of the line last returned.
        private(set) var number = 0
        private let file: SystemFile
        private let size: Int
        private let storage: UnsafeMutableRawBufferPointer
        private var offset = 0, filled = 0, start = 0
        private var finished = false

        init(path: String) throws {
            self.path = path
            do {
                file = try SystemFile.openForReading(path)
                size = try file.size()
            } catch {
                throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
            }
            // Room for a whole block after the longest partial line that can be pending.
            storage = .allocate(byteCount: blockSize + TextInput.maximumLineLength + 2, alignment: 8)
        }

        deinit { storage.deallocate() }

        /// The next line's bytes (valid until the next call), or `nil` after the last.
        func next() throws -> UnsafeRawBufferPointer? {
            while true {
                let whole = UnsafeRawBufferPointer(rebasing: storage[0..<filled])
                if let newline = ByteLines.index(of: 0x0A, in: whole, from: start) {
                    number += 1
                    let line = try ByteLines.checked(UnsafeRawBufferPointer(rebasing: whole[start..<newline]), number: number, path: path)
                    start = newline + 1
                    return line
                }
                // The partial line moves to the front; the next block follows it.
                let pending = filled - start
                if pending > TextInput.maximumLineLength {
                    throw TraceFormatError("the line is longer than \(TextInput.maximumLineLength) bytes.", path: path, line: number + 1)
                }
                guard offset < size else {
                    // The last line, with or without its line feed (an empty one after a final LF too).
                    guard !finished else { return nil }
                    finished = true
                    number += 1
                    let line = try ByteLines.checked(UnsafeRawBufferPointer(rebasing: storage[start..<filled]), number: number, path: path)
                    start = filled
                    return line
                }
                if start > 0, pending > 0, let base = storage.baseAddress {
                    base.copyMemory(from: base + start, byteCount: pending)
                }
                filled = pending
                start = 0
                let count = min(blockSize, size - offset)
                let read: Int
                do { read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[filled..<(filled + count)]), at: offset) } catch {
                    throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
                }
                guard read == count else {
                    throw TraceFormatError("the file ends early: \(count) bytes were needed from byte \(offset).", path: path)
                }
                offset += count
                filled += count
            }
        }
    }

    /// The same over text already in memory (no length limit: the text is already in memory).
    static func forEach(inText text: String, path: String?, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        var copy = text
        try copy.withUTF8 { utf8 in
            let whole = UnsafeRawBufferPointer(utf8)
            var start = 0, number = 0
            while true {
                let newline = Self.index(of: 0x0A, in: whole, from: start)
                number += 1
                try emit(UnsafeRawBufferPointer(rebasing: whole[start..<(newline ?? whole.count)]), number: number,
                         path: path, checkLength: false, body)
                guard let newline else { break }
                start = newline + 1
            }
        }
    }

    @inline(__always)
    private static func emit(
        _ raw: UnsafeRawBufferPointer, number: Int, path: String?, checkLength: Bool = true,
        _ body: (Int, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try body(number, try checked(raw, number: number, path: path, checkLength: checkLength))
    }

    /// The line without a byte-order mark (line 1) and a final CR, once it is known to be
    /// UTF-8 without CR or NUL inside and (when `checkLength`) no longer than the limit.
    @inline(__always)
    static func checked(_ raw: UnsafeRawBufferPointer, number: Int, path: String?, checkLength: Bool = true) throws -> UnsafeRawBufferPointer {
        if checkLength, raw.count > TextInput.maximumLineLength {
            throw TraceFormatError("the line is longer than \(TextInput.maximumLineLength) bytes.", path: path, line: number)
        }
        var line = raw
        if number == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeRawBufferPointer(rebasing: line[3...])
        }
        if let last = line.last, last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
        switch scan(line) {
        case .ascii: break
        case .nonASCII:
            guard String(validating: line, as: UTF8.self) != nil else {
                throw TraceFormatError("the line is not UTF-8 text.", path: path, line: number)
            }
        case .control(let byte):
            let what = byte == 0 ? "a NUL byte" : "a carriage return that does not end the line"
            throw TraceFormatError("the line holds \(what).", path: path, line: number)
        }
        return line
    }

    private enum Content { case ascii, nonASCII, control(UInt8) }

    /// Whether `line` is plain ASCII, holds other bytes, or holds a CR or NUL (the first such),
    /// eight bytes at a time.
    @inline(__always)
    private static func scan(_ line: UnsafeRawBufferPointer) -> Content {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        var index = 0
        var high = false
        while index + 8 <= line.count {
            let word = line.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let zero = (word &- ones) & ~word & highs
            let cr = ((word ^ carriageReturns) &- ones) & ~(word ^ carriageReturns) & highs
            if zero | cr != 0 { break }
            if word & highs != 0 { high = true }
            index += 8
        }
        while index < line.count {
            let byte = line[index]
            if byte == 0 || byte == 0x0D { return .control(byte) }
            if byte >= 0x80 { high = true }
            index += 1
        }
        return high ? .nonASCII : .ascii
    }

    /// The first index of `byte` at or after `start`, by `memchr`.
    @inline(__always)
    static func index(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// The line as a `Substring`, for the general (slow) parsers.
    static func substring(_ line: UnsafeRawBufferPointer) -> Substring {
        Substring(String(decoding: line, as: UTF8.self))
    }
}
