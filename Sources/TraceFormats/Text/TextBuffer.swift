/// Bytes of an exported text form, appended without building a `String` per field: the
/// text exporters write millions of integers, and interpolation would cost more than the
/// conversion itself.
final class TextBuffer {
    // Raw memory it owns, not an array: an array checks uniqueness and capacity at every
    // byte appended, which cost more than the formatting.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = Swift.max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far (a copy).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func removeAll() { count = 0 }

    /// The bytes written so far, in place (valid during the call).
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Room for `more` bytes after the last.
    @inline(__always)
    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { append(raw: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    func append(bytes more: [UInt8]) {
        more.withUnsafeBytes { append(raw: $0) }
    }

    @inline(__always)
    func append(bytes more: UnsafeRawBufferPointer) {
        append(raw: more)
    }

    @inline(__always)
    private func append(raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress else { return }
        reserve(raw.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: raw.count)
        count += raw.count
    }

    @inline(__always)
    func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    func append(spaces count: Int) {
        append(padding: count, 0x20)
    }

    /// `value` in decimal, left-padded with `pad` to at least `width` characters (the sign,
    /// for zero padding, comes first: `%05d` prints -0042).
    @inline(__always)
    func append(decimal value: Int64, width: Int = 0, pad: UInt8 = 0x20) {
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt64 = 10
        while digits < 20, magnitude >= scale {
            digits += 1
            if digits < 20 { scale = scale &* 10 }
        }
        let negative = value < 0
        let used = digits + (negative ? 1 : 0)
        if pad == 0x30 {
            if negative { append(byte: 0x2d) }
            append(padding: width - used, pad)
        } else {
            append(padding: width - used, pad)
            if negative { append(byte: 0x2d) }
        }
        reserve(digits)
        var index = count + digits - 1
        repeat {
            base[index] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        count += digits
    }

    func append(decimal value: Int32, width: Int = 0, pad: UInt8 = 0x20) {
        append(decimal: Int64(value), width: width, pad: pad)
    }

    /// `value` in lower-case hexadecimal, zero-padded to `width` digits.
    @inline(__always)
    func append(hex value: UInt32, width: Int) {
        var digitsNeeded = 1
        while digitsNeeded < 8, value >> (4 * UInt32(digitsNeeded)) != 0 { digitsNeeded += 1 }
        append(padding: width - digitsNeeded, 0x30)
        var shift = 4 * (digitsNeeded - 1)
        while shift >= 0 {
            let nibble = UInt8((value >> UInt32(shift)) & 0xf)
            append(byte: nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
            shift -= 4
        }
    }

    /// Nanoseconds as `seconds.microseconds` (rounded to the microsecond, six digits).
    func append(microsecondTime nanoseconds: Int64, secondsWidth: Int = 0) {
        let micros = nanoseconds >= 0 ? (nanoseconds + 500) / 1000 : (nanoseconds - 500) / 1000
        append(decimal: micros / 1_000_000, width: secondsWidth)
        append(byte: 0x2e)
        append(decimal: (micros % 1_000_000).magnitude.asInt64, width: 6, pad: 0x30)
    }

    @inline(__always)
    private func append(padding width: Int, _ byte: UInt8) {
        guard width > 0 else { return }
        reserve(width)
        (base + count).update(repeating: byte, count: width)
        count += width
    }
}

extension UInt64 {
    fileprivate var asInt64: Int64 { Int64(truncatingIfNeeded: self) }
}
