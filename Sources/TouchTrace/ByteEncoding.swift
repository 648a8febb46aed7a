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

    package init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    package var remaining: Int { bytes.count - position }
    package var isAtEnd: Bool { position >= bytes.count }

    @inline(__always)
    package mutating func readByte() throws(Overrun) -> UInt8 {
        guard position < bytes.count else { throw Overrun() }
        let byte = bytes[position]
        position += 1
        return byte
    }

    @inline(__always)
    package mutating func readVarint() throws(Overrun) -> UInt64 {
        // Fast path: with ten bytes left a varint cannot run past the end, so the loop needs
        // no bounds checks.
        if bytes.count - position >= 10 {
            var cursor = position
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[cursor]
                cursor += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 {
                    position = cursor
                    return result
                }
                shift += 7
                if shift >= 70 { throw Overrun() }
            }
        }
        return try readVarintNearEnd()
    }

    @inline(never)
    private mutating func readVarintNearEnd() throws(Overrun) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Overrun() }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    @inline(__always)
    package mutating func readSignedVarint() throws(Overrun) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
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
