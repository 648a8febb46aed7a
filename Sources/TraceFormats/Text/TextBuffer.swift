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
        Self.copy(to: UnsafeMutableRawPointer(base + count), from: UnsafeRawPointer(text.utf8Start), count: length)
        count += length
    }

    /// A `String` (not a literal: a literal binds to the `StaticString` overload, which copies
    /// its bytes without the string's bridging checks — a third of the per-event cost of an
    /// evemu line when every `"E: "` went through `String.withUTF8`).
    func append(text: String) {
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
        Self.copy(to: UnsafeMutableRawPointer(base + count), from: source, count: raw.count)
        count += raw.count
    }

    /// Copies `count` bytes (the regions apart): a short run — a name, a node, a repeated time,
    /// most of what the exporters append — by word loads and stores that stay within both
    /// regions (the last word overlapping the one before it), a longer one by `memcpy`. A
    /// `memcpy` call per field cost more than the field.
    @inline(__always)
    static func copy(to target: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int) {
        if count >= 8, count <= 64 {
            var index = 0
            while count &- index >= 8 {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: index, as: UInt64.self), toByteOffset: index, as: UInt64.self)
                index &+= 8
            }
            if index < count {
                let last = count &- 8
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: last, as: UInt64.self), toByteOffset: last, as: UInt64.self)
            }
        } else if count < 8 {
            for index in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: count)
        }
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
        // Two digits per division: half the divisions of one digit at a time.
        Self.digitPairs.withUTF8Buffer { pairs in
            var index = count + digits
            while magnitude >= 100 {
                let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
                magnitude /= 100
                index -= 2
                base[index] = pairs[pair]
                base[index + 1] = pairs[pair + 1]
            }
            if magnitude >= 10 {
                let pair = Int(truncatingIfNeeded: magnitude) &* 2
                base[index - 2] = pairs[pair]
                base[index - 1] = pairs[pair + 1]
            } else {
                base[index - 1] = UInt8(truncatingIfNeeded: magnitude) &+ 0x30
            }
        }
        count += digits
    }

    /// "00", "01" … "99": a constant in the binary (a computed literal needs no lazy initialisation).
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    func append(decimal value: Int32, width: Int = 0, pad: UInt8 = 0x20) {
        append(decimal: Int64(value), width: width, pad: pad)
    }

    /// `value` in lower-case hexadecimal, zero-padded to `width` digits.
    @inline(__always)
    func append(hex value: UInt32, width: Int) {
        var digits = 1
        while digits < 8, value >> (4 * UInt32(digits)) != 0 { digits += 1 }
        let total = Swift.max(width, digits)
        // One reservation for the line's field, the digits written from the last.
        reserve(total)
        var index = count + total
        var rest = value
        for _ in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
            index -= 1
            base[index] = nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble
            rest >>= 4
        }
        if total > digits {
            for index in 0..<(total - digits) { base[count + index] = 0x30 }
        }
        count += total
    }

    /// Nanoseconds as `seconds.microseconds` (rounded to the microsecond, six digits).
    func append(microsecondTime nanoseconds: Int64, secondsWidth: Int = 0) {
        let micros = nanoseconds >= 0 ? (nanoseconds + 500) / 1000 : (nanoseconds - 500) / 1000
        append(decimal: micros / 1_000_000, width: secondsWidth)
        append(byte: 0x2e)
        append(decimal: (micros % 1_000_000).magnitude.asInt64, width: 6, pad: 0x30)
    }

    /// A field repeated on consecutive lines (the time of every event of a frame): written
    /// once by `write` under `key`, then copied while the key stays the same.
    struct RepeatedField {
        fileprivate var key: Int64
        fileprivate var offset: Int
        fileprivate var length: Int
    }

    /// Appends the field `write` writes for `key`, copying the bytes of `field` when it was
    /// written for the same key on this buffer since the last ``removeAll()``.
    @inline(__always)
    func append(_ field: inout RepeatedField?, key: Int64, write: (TextBuffer) -> Void) {
        if let repeated = field, repeated.key == key, repeated.offset + repeated.length <= count {
            reserve(repeated.length)
            Self.copy(to: UnsafeMutableRawPointer(base + count), from: UnsafeRawPointer(base + repeated.offset), count: repeated.length)
            count += repeated.length
            return
        }
        let start = count
        write(self)
        field = RepeatedField(key: key, offset: start, length: count - start)
    }

    /// `width` copies of `byte`, written a word at a time (the last word may run past them,
    /// into reserved room that the next append overwrites): the exporters pad every field, and
    /// a `memset` call per run cost more than the run.
    @inline(__always)
    private func append(padding width: Int, _ byte: UInt8) {
        guard width > 0 else { return }
        reserve(width &+ 8)
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let target = UnsafeMutableRawPointer(base + count)
        var index = 0
        while index < width {
            target.storeBytes(of: pattern, toByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        count += width
    }
}

extension UInt64 {
    fileprivate var asInt64: Int64 { Int64(truncatingIfNeeded: self) }
}
