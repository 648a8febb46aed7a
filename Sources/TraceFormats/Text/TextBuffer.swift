/// Bytes of an exported text form, appended without building a `String` per field: the
/// text exporters write millions of integers, and interpolation would cost more than the
/// conversion itself.
final class TextBuffer {
    // Raw memory it owns, not an array: an array checks uniqueness and capacity at every
    // byte appended, which cost more than the formatting.
    // Unchecked exclusivity: plain loads and stores with no call inside an access (the
    // dynamic check of a class property cost more than the byte it guarded).
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

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

    /// Room for `more` bytes after the last: the buffer's first byte and where the next goes
    /// (for ``write(reserving:_:)``, which then calls ``didWrite(upTo:)``).
    @inline(__always)
    func reserved(_ more: Int) -> (base: UnsafeMutablePointer<UInt8>, next: UnsafeMutablePointer<UInt8>) {
        reserve(more)
        return (base, base + count)
    }

    /// Counts the bytes written up to `end` in the room ``reserved(_:)`` made.
    @inline(__always)
    func didWrite(upTo end: UnsafeMutablePointer<UInt8>) {
        count = end - base
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
        write(reserving: Swift.max(0, count)) { $0.append(padding: count, 0x20) }
    }

    /// `value` in decimal, left-padded with `pad` to at least `width` characters (the sign,
    /// for zero padding, comes first: `%05d` prints -0042).
    @inline(__always)
    func append(decimal value: Int64, width: Int = 0, pad: UInt8 = 0x20) {
        write(reserving: 20 + Swift.max(0, width)) { $0.append(decimal: value, width: width, pad: pad) }
    }

    func append(decimal value: Int32, width: Int = 0, pad: UInt8 = 0x20) {
        append(decimal: Int64(value), width: width, pad: pad)
    }

    /// `value` in lower-case hexadecimal, zero-padded to `width` digits.
    @inline(__always)
    func append(hex value: UInt32, width: Int) {
        write(reserving: Swift.max(8, width)) { $0.append(hex: value, width: width) }
    }
}

