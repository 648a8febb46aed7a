import TouchBenchSupport

/// Lines of text as bytes: the one line reader of every text form TouchBench reads (the
/// importers of `TraceFormats` through their `ByteLines`, frame-cost recordings). A file is read
/// in blocks into one reusable buffer and each line is handed over in place, with no `String`,
/// `Substring` or array per line, so memory stays bounded by a block and the longest line
/// allowed.
///
/// The rules: LF or CR LF ends a line, a UTF-8 byte-order mark at the start is skipped (here
/// and nowhere else), a CR anywhere else or a NUL byte is an error naming the line, the text
/// must be UTF-8, a line longer than ``maximumLineLength`` is refused as soon as it is seen,
/// and the last line is handed over with or without its line feed (an empty one after a
/// final LF too: a reader that requires the final LF checks that the last line is empty).
///
/// Errors are ``TraceFileError``s: ``TraceFileErrorKind/cannotOpen`` or
/// ``TraceFileErrorKind/io`` for the file, ``TraceFileErrorKind/malformed`` naming the line.
package final class LineReader {
    /// The longest line read (1 MiB); a longer one is refused as soon as it is seen.
    package static let maximumLineLength = 1 << 20
    private static let blockSize = 1 << 18

    package let path: String
    // The per-line state is `@exclusivity(unchecked)`: every access is a plain load or store
    // with no call inside it, and the dynamic check of a class property cost about 100
    // instructions per access, several per line (more than finding the line). Other modules
    // read it through computed properties: a stored one read from another module is checked
    // whatever its attribute.
    @exclusivity(unchecked) private var lineNumber = 0
    @exclusivity(unchecked) private var lastLineEnded = false
    /// The 1-based number of the line last returned.
    package var number: Int { lineNumber }
    /// The file's size in bytes, known once it is open.
    package let size: Int
    /// Whether the line last returned ended with a line feed (false only for a last line
    /// without one: a file cut mid-line, for the forms that require the final LF).
    package var lineEnded: Bool { lastLineEnded }
    private let file: SystemFile
    private let storage: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var offset = 0
    @exclusivity(unchecked) private var filled = 0
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var finished = false
    /// Where the bytes from ``start`` known to hold no NUL, CR or byte of 0x80 or more end
    /// (when at least ``start``): a line that lies within them needs none of `checked`'s
    /// scans. The block is scanned once, a word at a time, up to the first such byte, rather
    /// than each line apart (the per-line scan, with its tail a byte at a time, cost more than
    /// finding the line).
    @exclusivity(unchecked) private var clean = 0

    package init(path: String) throws(TraceFileError) {
        self.path = path
        file = try SystemFile.openForReading(path)
        size = try file.size()
        // Room for a whole block after the longest partial line that can be pending.
        storage = .allocate(byteCount: Self.blockSize + Self.maximumLineLength + 2, alignment: 8)
    }

    deinit { storage.deallocate() }

    /// Calls `body` with the 1-based number and the bytes of each line of the file at `path`
    /// (the pointer is valid only during the call).
    package static func forEach(inFile path: String, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        let reader = try LineReader(path: path)
        while let line = try reader.next() { try body(reader.number, line) }
    }

    /// The same over bytes already in memory (no length limit: they are already in memory);
    /// `body` also learns whether the line ended with a line feed (``lineEnded``).
    package static func forEach(inBytes whole: UnsafeRawBufferPointer, path: String?,
                                _ body: (Int, UnsafeRawBufferPointer, Bool) throws -> Void) throws {
        var start = 0, number = 0
        while true {
            let newline = index(of: 0x0A, in: whole, from: start)
            number += 1
            try body(number, try checked(UnsafeRawBufferPointer(rebasing: whole[start..<(newline ?? whole.count)]),
                                         number: number, path: path, checkLength: false), newline != nil)
            guard let newline else { break }
            start = newline + 1
        }
    }

    /// The next line's bytes (valid until the next call), or `nil` after the last.
    package func next() throws(TraceFileError) -> UnsafeRawBufferPointer? {
        while true {
            let whole = UnsafeRawBufferPointer(rebasing: storage[0..<filled])
            if let newline = Self.index(of: 0x0A, in: whole, from: start) {
                lineNumber += 1
                let raw = UnsafeRawBufferPointer(rebasing: whole[start..<newline])
                if newline > clean { clean = Self.cleanEnd(whole, from: Swift.max(clean, start)) }
                let line: UnsafeRawBufferPointer
                if newline <= clean, raw.count <= Self.maximumLineLength {
                    // ASCII without CR or NUL (so no byte-order mark either): what `checked` returns.
                    line = raw
                } else if newline - 1 == clean, whole[clean] == 0x0D, raw.count <= Self.maximumLineLength {
                    // The same, ended by CR LF: `checked` drops the CR.
                    line = UnsafeRawBufferPointer(rebasing: raw.dropLast())
                } else {
                    line = try Self.checked(raw, number: lineNumber, path: path)
                }
                start = newline + 1
                lastLineEnded = true
                return line
            }
            // The partial line moves to the front; the next block follows it.
            let pending = filled - start
            if pending > Self.maximumLineLength {
                throw TraceFileError(.malformed, path: path, line: number + 1,
                                     reason: Self.overLimitReason(UnsafeRawBufferPointer(rebasing: whole[start...])))
            }
            guard offset < size else {
                // The last line, with or without its line feed (an empty one after a final LF too).
                guard !finished else { return nil }
                finished = true
                lineNumber += 1
                let line = try Self.checked(UnsafeRawBufferPointer(rebasing: storage[start..<filled]), number: lineNumber, path: path)
                start = filled
                lastLineEnded = false
                return line
            }
            if start > 0, pending > 0, let base = storage.baseAddress {
                base.copyMemory(from: base + start, byteCount: pending)
            }
            clean = clean >= start ? clean - start : 0
            filled = pending
            start = 0
            let count = min(Self.blockSize, size - offset)
            let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[filled..<(filled + count)]), at: offset)
            guard read == count else {
                throw TraceFileError(.malformed, path: path, reason: "the file ends early: \(count) bytes were needed from byte \(offset)")
            }
            offset += count
            filled += count
        }
    }

    /// Why a line over the limit is refused: said of the NUL bytes when it starts with a run
    /// of them (a zero-filled tail left by a writer that died is no long line of text:
    /// hostile report 16 L3), else of its length.
    package static func overLimitReason(_ line: UnsafeRawBufferPointer) -> String {
        let head = line.prefix(4096)
        guard !head.isEmpty, head.allSatisfy({ $0 == 0 }) else { return "the line is longer than \(maximumLineLength) bytes" }
        return "the line starts a run of more than \(maximumLineLength) NUL bytes, not text"
    }

    /// The line without a byte-order mark (line 1) and a final CR, once it is known to be
    /// UTF-8 without CR or NUL inside and (when `checkLength`) no longer than the limit.
    @inline(__always)
    package static func checked(_ raw: UnsafeRawBufferPointer, number: Int, path: String?,
                                checkLength: Bool = true) throws(TraceFileError) -> UnsafeRawBufferPointer {
        if checkLength, raw.count > maximumLineLength {
            throw TraceFileError(.malformed, path: path, line: number, reason: overLimitReason(raw))
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
                throw TraceFileError(.malformed, path: path, line: number, reason: encodingReason(raw, number: number) ?? "the line is not UTF-8 text")
            }
            if number > 1, line.starts(with: byteOrderMark) {
                throw TraceFileError(.malformed, path: path, line: number, reason: innerByteOrderMarkReason)
            }
        case .control(let byte):
            let what = byte == 0 ? "a NUL byte" : "a carriage return that does not end the line"
            throw TraceFileError(.malformed, path: path, line: number, reason: encodingReason(raw, number: number) ?? "the line holds \(what)")
        }
        return line
    }

    /// UTF-8's byte-order mark, U+FEFF.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// What an encoding mistake looks like, said for what it is (hostile report 17: a UTF-16
    /// file read "holds a NUL byte" and a byte-order mark inside a file was quoted invisibly):
    /// line 1 of UTF-16 text, or a later line that starts with a byte-order mark. `nil` otherwise.
    package static func encodingReason(_ raw: some Collection<UInt8>, number: Int) -> String? {
        if number == 1, raw.starts(with: [0xFF, 0xFE]) || raw.starts(with: [0xFE, 0xFF]) {
            return "the file is UTF-16 text (it starts with the byte-order mark \(raw.first == 0xFF ? "FF FE" : "FE FF")); "
                + "touchbench reads UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)"
        }
        if number > 1, raw.starts(with: byteOrderMark) { return innerByteOrderMarkReason }
        return nil
    }

    private static let innerByteOrderMarkReason =
        "the line starts with a byte-order mark (U+FEFF), which belongs only at the start of a file (two files joined?)"

    private enum Content { case ascii, nonASCII, control(UInt8) }

    /// The index of the first NUL, CR or byte of 0x80 or more in `buffer` at or after `from`,
    /// or its count: two words at a time, then one, then bytes.
    @inline(__always)
    private static func cleanEnd(_ buffer: UnsafeRawBufferPointer, from: Int) -> Int {
        guard let base = buffer.baseAddress else { return from }
        let end = buffer.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
        // The high bit of a byte that is NUL, CR or high (exact for the lowest such byte,
        // which is all that is used: the word is then looked at byte by byte).
        @inline(__always) func marks(_ word: UInt64) -> UInt64 {
            let other = word ^ carriageReturns
            return (((word &- ones) & ~word) | ((other &- ones) & ~other) | word) & highs
        }
        var index = from
        while end &- index >= 16 {
            if marks(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                | marks(base.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)) != 0 { break }
            index &+= 16
        }
        while end &- index >= 8, marks(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0 { index &+= 8 }
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == 0 || byte == 0x0D || byte >= 0x80 { return index }
            index &+= 1
        }
        return end
    }

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
    package static func index(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
