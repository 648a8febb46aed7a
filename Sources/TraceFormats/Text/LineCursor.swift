import TouchBenchSupport
import TouchTrace

/// Where the next byte of a line goes in a ``TextBuffer``'s memory, for the evdev exporters'
/// event lines: the buffer reserves room for the whole line once
/// (``TextBuffer/write(reserving:_:)``) and the line's fields are written through this
/// pointer, which stays in a register, with no capacity check and no update of the buffer per
/// field (a reservation and a count stored per field were most of the cost of an event line).
///
/// ``TextBuffer``'s own numbers are written through it too (one reservation per number). It
/// differs from TouchTrace's ``TextCursor`` (JSON Lines and CSV) by the room it keeps, a word of
/// slack for padding written a word at a time, and the fields the evdev forms want: padded
/// numbers, hexadecimal, microsecond times and a field repeated from an earlier line.
struct LineCursor {
    /// The next byte to write.
    fileprivate(set) var pointer: UnsafeMutablePointer<UInt8>
    /// The buffer's first byte (a ``Repeated`` field is kept as an offset from it).
    fileprivate let base: UnsafeMutablePointer<UInt8>

    fileprivate init(base: UnsafeMutablePointer<UInt8>, at pointer: UnsafeMutablePointer<UInt8>) {
        self.base = base
        self.pointer = pointer
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        pointer.pointee = byte
        pointer += 1
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        TextBuffer.copy(to: UnsafeMutableRawPointer(pointer), from: UnsafeRawPointer(text.utf8Start), count: length)
        pointer += length
    }

    @inline(__always)
    mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        TextBuffer.copy(to: UnsafeMutableRawPointer(pointer), from: source, count: bytes.count)
        pointer += bytes.count
    }

    /// `width` copies of `byte` (none when `width` is not positive), a word at a time: the last
    /// word may run up to 7 bytes past them, within the reservation's slack.
    @inline(__always)
    mutating func append(padding width: Int, _ byte: UInt8) {
        guard width > 0 else { return }
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let target = UnsafeMutableRawPointer(pointer)
        var index = 0
        while index < width {
            target.storeBytes(of: pattern, toByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        pointer += width
    }

    /// `value` in decimal, left-padded with `pad` to at least `width` characters (the sign,
    /// for zero padding, comes first: `%05d` prints -0042). At most 20 + `width` bytes.
    @inline(__always)
    mutating func append(decimal value: Int64, width: Int = 0, pad: UInt8 = 0x20) {
        let magnitude = value.magnitude
        let digits = DecimalDigits.count(magnitude)
        let negative = value < 0
        let used = digits + (negative ? 1 : 0)
        if pad == 0x30 {
            if negative { append(byte: 0x2d) }
            append(padding: width - used, pad)
        } else {
            append(padding: width - used, pad)
            if negative { append(byte: 0x2d) }
        }
        DecimalDigits.store(magnitude, count: digits, at: pointer)
        pointer += digits
    }

    /// `value` in lower-case hexadecimal, zero-padded to `width` digits (at most
    /// max(8, `width`) bytes).
    @inline(__always)
    mutating func append(hex value: UInt32, width: Int) {
        var digits = 1
        while digits < 8, value >> (4 * UInt32(digits)) != 0 { digits &+= 1 }
        let total = Swift.max(width, digits)
        var index = total
        var rest = value
        for _ in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
            index &-= 1
            pointer[index] = nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble
            rest >>= 4
        }
        var pad = 0
        while pad < total &- digits {
            pointer[pad] = 0x30
            pad &+= 1
        }
        pointer += total
    }

    /// Nanoseconds as `seconds.microseconds` (rounded to the microsecond, six digits).
    @inline(__always)
    mutating func append(microsecondTime nanoseconds: Int64, secondsWidth: Int = 0) {
        let micros = nanoseconds >= 0 ? (nanoseconds + 500) / 1000 : (nanoseconds - 500) / 1000
        append(decimal: micros / 1_000_000, width: secondsWidth)
        append(byte: 0x2e)
        append(decimal: Int64(truncatingIfNeeded: (micros % 1_000_000).magnitude), width: 6, pad: 0x30)
    }

    /// A field repeated on consecutive lines of one buffer (the time of every event of a
    /// frame), written once under its key and then copied while the key stays the same. The
    /// buffer must not be emptied between the lines that share one (a frame is written whole
    /// before the exporter flushes).
    struct Repeated {
        fileprivate var key: Int64 = 0
        fileprivate var offset = -1
        fileprivate var length = 0
    }

    /// Appends the field `write` writes for `key`, or copies the bytes it wrote last time
    /// under the same key. The field is at most 64 bytes.
    @inline(__always)
    mutating func append(_ field: inout Repeated, key: Int64, write: (inout LineCursor) -> Void) {
        if field.offset >= 0, field.key == key {
            TextBuffer.copy(to: UnsafeMutableRawPointer(pointer), from: UnsafeRawPointer(base + field.offset), count: field.length)
            pointer += field.length
            return
        }
        let start = pointer
        write(&self)
        field = Repeated(key: key, offset: start - base, length: pointer - start)
    }
}

extension TextBuffer {
    /// Writes up to `maximum` bytes through a ``LineCursor`` (8 more are reserved, for the
    /// word stores of padding), then counts what was written.
    @inline(__always)
    func write(reserving maximum: Int, _ body: (inout LineCursor) -> Void) {
        let start = reserved(maximum &+ 8)
        var cursor = LineCursor(base: start.base, at: start.next)
        body(&cursor)
        didWrite(upTo: cursor.pointer)
    }
}
