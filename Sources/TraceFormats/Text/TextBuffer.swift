/// Bytes of an exported text form, appended without building a `String` per field: the
/// text exporters write millions of integers, and interpolation would cost more than the
/// conversion itself.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(spaces count: Int) {
        for _ in 0..<Swift.max(0, count) { bytes.append(0x20) }
    }

    /// `value` in decimal, left-padded with `pad` to at least `width` characters (the sign,
    /// for zero padding, comes first: `%05d` prints -0042).
    mutating func append(decimal value: Int64, width: Int = 0, pad: UInt8 = 0x20) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var magnitude = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
        }
        let negative = value < 0
        let used = count + (negative ? 1 : 0)
        if pad == 0x30 {
            if negative { bytes.append(0x2d) }
            append(padding: width - used, pad)
        } else {
            append(padding: width - used, pad)
            if negative { bytes.append(0x2d) }
        }
        withUnsafeBytes(of: &digits) { raw in
            var index = count - 1
            while index >= 0 { bytes.append(raw[index]); index -= 1 }
        }
    }

    mutating func append(decimal value: Int32, width: Int = 0, pad: UInt8 = 0x20) {
        append(decimal: Int64(value), width: width, pad: pad)
    }

    /// `value` in lower-case hexadecimal, zero-padded to `width` digits.
    mutating func append(hex value: UInt32, width: Int) {
        var digitsNeeded = 1
        while digitsNeeded < 8, value >> (4 * UInt32(digitsNeeded)) != 0 { digitsNeeded += 1 }
        append(padding: width - digitsNeeded, 0x30)
        var shift = 4 * (digitsNeeded - 1)
        while shift >= 0 {
            let nibble = UInt8((value >> UInt32(shift)) & 0xf)
            bytes.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
            shift -= 4
        }
    }

    /// Nanoseconds as `seconds.microseconds` (rounded to the microsecond, six digits).
    mutating func append(microsecondTime nanoseconds: Int64, secondsWidth: Int = 0) {
        let micros = nanoseconds >= 0 ? (nanoseconds + 500) / 1000 : (nanoseconds - 500) / 1000
        append(decimal: micros / 1_000_000, width: secondsWidth)
        bytes.append(0x2e)
        append(decimal: (micros % 1_000_000).magnitude.asInt64, width: 6, pad: 0x30)
    }

    private mutating func append(padding count: Int, _ byte: UInt8) {
        var remaining = count
        while remaining > 0 { bytes.append(byte); remaining -= 1 }
    }
}

extension UInt64 {
    fileprivate var asInt64: Int64 { Int64(truncatingIfNeeded: self) }
}
