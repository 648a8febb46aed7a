// Little-endian integers and LEB128 varints, the two encodings of every byte in the format.

extension Array where Element == UInt8 {
    @inline(__always)
    package mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }

    /// Zig-zag maps small negative numbers to small unsigned ones before the varint.
    @inline(__always)
    package mutating func appendSignedVarint(_ value: Int64) {
        appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    @inline(__always)
    package mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

/// Reads bounded values from a byte buffer; every read checks the bounds first, so no length
/// found in a file can move it past the end.
package struct ByteCursor {
    /// Reading ran past the end, or a varint was longer than 64 bits.
    package struct Overrun: Error {}

    package let bytes: UnsafeRawBufferPointer
    package private(set) var position: Int
    /// `bytes.count`, stored: the buffer's count tests its base address for nil each time.
    private let end: Int
    /// `bytes.baseAddress`, never nil (an empty buffer gets a valid address it never reads),
    /// so that the varint fast path tests no optional.
    private let base: UnsafeRawPointer
    /// Positions below this have ten bytes after them: `end − 9` (a varint's longest).
    private let fastEnd: Int

    /// A valid address for the cursor of an empty buffer; nothing is read through it.
    nonisolated(unsafe) private static let emptyBase = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8))

    package init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
        end = bytes.count
        base = bytes.baseAddress ?? Self.emptyBase
        fastEnd = bytes.count - 9
    }

    package var remaining: Int { end - position }
    package var isAtEnd: Bool { position >= end }

    // Positions stay within 0...end, so the index arithmetic below cannot overflow and uses
    // the wrapping operators (no overflow checks in the decoder's inner loops).

    @inline(__always)
    package mutating func readByte() throws(Overrun) -> UInt8 {
        guard position < end else { throw Overrun() }
        let byte = bytes[position]
        position &+= 1
        return byte
    }

    /// Whether ten bytes or more are left: room for any varint, read without bounds checks
    /// by ``readVarintWithRoom()``.
    @inline(__always)
    package var hasRoom: Bool { position < fastEnd }

    @inline(__always)
    package mutating func readVarint() throws(Overrun) -> UInt64 {
        // Fast path: with ten bytes left a varint cannot run past the end, so the loop needs
        // no bounds checks.
        if position < fastEnd { return try readVarintWithRoom() }
        let (value, end) = try Self.varintNearEnd(bytes, from: position)
        position = end
        return value
    }

    /// A varint, when ``hasRoom`` (the caller's check): nothing out of line, so that a loop
    /// of these keeps its values in registers (a call would take the caller-saved ones).
    @inline(__always)
    package mutating func readVarintWithRoom() throws(Overrun) -> UInt64 {
        assert(hasRoom, "a varint read without checking the room for it")
        do {
            // One or two bytes (values below 2^14, nearly every value a chunk holds) without
            // a data-dependent branch: the second byte counts only when the first says so.
            let word = UInt64(littleEndian: (base + position).loadUnaligned(as: UInt64.self))
            let first = word & 0xFF, second = word >> 8 & 0xFF
            if first & second & 0x80 == 0 {
                let more = first >> 7
                position &+= 1 &+ Int(truncatingIfNeeded: more)
                return first & 0x7F | second << 7 & (0 &- more)
            }
            var cursor = position &+ 2
            var result = first & 0x7F | (second & 0x7F) << 7
            var shift: UInt64 = 14
            while true {
                let byte = base.load(fromByteOffset: cursor, as: UInt8.self)
                cursor &+= 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    position = cursor
                    return result
                }
                shift &+= 7
                if shift >= 70 { throw Overrun() }
            }
        }
    }

    /// Two varints in a row, the value and the length of a run (``RunLength``): when the value
    /// takes one or two bytes and the length one (nearly every run: an id and a run of one
    /// sample when fingers interleave), both come from one load without a branch on the
    /// value's length.
    @inline(__always)
    package mutating func readVarintPair() throws(Overrun) -> (UInt64, UInt64) {
        if position < fastEnd {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let first = word & 0xFF, second = word >> 8 & 0xFF
            let more = first >> 7
            // The second varint's byte: the second of the word, or the third after a two-byte value.
            let next = word >> (8 &+ 8 &* more) & 0xFF
            if (first & second | next) & 0x80 == 0 {
                position &+= 2 &+ Int(truncatingIfNeeded: more)
                return (first & 0x7F | second << 7 & (0 &- more), next)
            }
        }
        return (try readVarint(), try readVarint())
    }

    /// The checked varint read near the end of the bytes: out of line, and taking the
    /// position by value, so that a caller's cursor can stay in registers.
    @inline(never)
    private static func varintNearEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(Overrun) -> (UInt64, Int) {
        var position = start
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Overrun() }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return (result, position) }
            shift += 7
        }
    }

    /// A zig-zag varint, refused (`Overrun`) unless it is below `limit`: one comparison
    /// before the zig-zag, cheaper than bounding the value's magnitude after it. `hasRoom`
    /// is the caller's ``hasRoom``, checked once for several columns read in step.
    @inline(__always)
    package mutating func readSignedVarint(below limit: UInt64, hasRoom: Bool) throws(Overrun) -> Int64 {
        let raw = hasRoom ? try readVarintWithRoom() : try readVarint()
        guard raw < limit else { throw Overrun() }
        return Self.unzigzag(raw)
    }

    @inline(__always)
    package mutating func readSignedVarint() throws(Overrun) -> Int64 {
        Self.unzigzag(try readVarint())
    }

    /// The signed value of a zig-zag encoding (0, −1, 1, −2, … as 0, 1, 2, 3, …).
    @inline(__always)
    private static func unzigzag(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    @inline(__always)
    package mutating func readLittleEndian<T: FixedWidthInteger>(_: T.Type) throws(Overrun) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw Overrun() }
        let value = bytes.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: value)
    }

    /// The next `count` bytes as a buffer, after checking they exist.
    package mutating func readBytes(_ count: Int) throws(Overrun) -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else { throw Overrun() }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
        position += count
        return slice
    }
}
