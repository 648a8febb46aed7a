/// Word-at-a-time scans over a line's bytes, for the hottest fast paths (getevent event lines,
/// whose fields are padded with runs of spaces): 8 bytes per step where 8 are left in the
/// line, one at a time for the rest. Nothing here reads outside the bytes it is given.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let spaces: UInt64 = 0x2020_2020_2020_2020
    private static let tabs: UInt64 = 0x0909_0909_0909_0909

    /// The 8 bytes at `offset` as a little-endian word (byte 0 in the low bits).
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of every byte of `word` that is zero; exact for the lowest such byte (a
    /// borrow can only mark bytes above a zero one), which is all the scans use.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// The index of the lowest byte the marks of `zeroBytes` flag.
    @inline(__always)
    private static func firstMarked(_ marks: UInt64) -> Int {
        marks.trailingZeroBitCount >> 3
    }

    /// A word's mask of its first `bytes` bytes (none below 1, all from 8).
    @inline(__always)
    static func mask(_ bytes: Int) -> UInt64 {
        bytes >= 8 ? ~0 : bytes <= 0 ? 0 : (1 << (UInt64(truncatingIfNeeded: bytes) &* 8)) &- 1
    }

    /// The decimal at `index` (before `end`): an optional `-`, then 1 to 18 digits, with
    /// `index` moved past it; `nil` when there is no digit or more than 18 (the evemu and
    /// libinput event lines' values and times).
    @inline(__always)
    static func signedDecimal(_ base: UnsafeRawPointer, at index: inout Int, end: Int) -> Int64? {
        let negative = index < end && base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard let (magnitude, _) = digits(base, index: &index, end: end, limit: 18) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// The decimal digits at `index` (before `end`), 1 to `limit` of them, with `index` moved
    /// past them: their value and count; `nil` when there is none or more than `limit`.
    @inline(__always)
    static func digits(_ base: UnsafeRawPointer, index: inout Int, end: Int, limit: Int) -> (Int64, Int)? {
        let start = index
        var value: Int64 = 0
        while index < end, case let digit = base.load(fromByteOffset: index, as: UInt8.self) &- 0x30, digit < 10 {
            guard index &- start < limit else { return nil }
            value = value &* 10 &+ Int64(digit)
            index &+= 1
        }
        return index > start ? (value, index &- start) : nil
    }

    /// The index of the first byte at or after `index` (before `end`) that is neither a space
    /// nor a tab, or `end`.
    @inline(__always)
    static func skipBlanks(_ base: UnsafeRawPointer, from index: Int, end: Int) -> Int {
        var index = index
        while true {
            if end &- index >= 8 {
                let other = load(base, at: index) ^ spaces
                if other == 0 {
                    index &+= 8
                    continue
                }
                index &+= other.trailingZeroBitCount >> 3
            } else {
                while index < end, base.load(fromByteOffset: index, as: UInt8.self) == 0x20 { index &+= 1 }
            }
            guard index < end, base.load(fromByteOffset: index, as: UInt8.self) == 0x09 else { return index }
            index &+= 1
        }
    }

    /// The index of the first space or tab at or after `index` (before `end`), or `end`.
    @inline(__always)
    static func blank(_ base: UnsafeRawPointer, from index: Int, end: Int) -> Int {
        var index = index
        while end &- index >= 8 {
            let word = load(base, at: index)
            let marks = zeroBytes(word ^ spaces) | zeroBytes(word ^ tabs)
            if marks != 0 { return index &+ firstMarked(marks) }
            index &+= 8
        }
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == 0x20 || byte == 0x09 { return index }
            index &+= 1
        }
        return end
    }

    /// Word `offset / 8` of the `count` bytes at `base` (`offset` a multiple of 8 below
    /// `count`): little-endian, zero past `count`. Loaded whole when `readable` (at least
    /// `count`) leaves 8 bytes there, else byte by byte.
    @inline(__always)
    static func word(_ base: UnsafeRawPointer, at offset: Int, count: Int, readable: Int) -> UInt64 {
        let left = count - offset
        if readable - offset >= 8 {
            let word = load(base, at: offset)
            return left >= 8 ? word : word & ((1 << (UInt64(left) << 3)) &- 1)
        }
        var word: UInt64 = 0
        for index in 0..<Swift.min(left, 8) {
            word |= UInt64(base.load(fromByteOffset: offset &+ index, as: UInt8.self)) << (UInt64(index) << 3)
        }
        return word
    }

    /// Whether the `count` bytes at `base + offset` equal the `count` bytes of `other`.
    @inline(__always)
    static func equal(_ base: UnsafeRawPointer, at offset: Int, _ other: UnsafeRawPointer, count: Int) -> Bool {
        var index = 0
        while count &- index >= 8 {
            if base.loadUnaligned(fromByteOffset: offset &+ index, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index &+= 8
        }
        while index < count {
            if base.load(fromByteOffset: offset &+ index, as: UInt8.self) != other.load(fromByteOffset: index, as: UInt8.self) { return false }
            index &+= 1
        }
        return true
    }
}

/// The first bytes of an event line up to the end of its time stamp (at most 24), as three
/// little-endian words padded with zeros, and that time: the lines of a frame share their time
/// stamp, so the next line's is compared with it rather than read again (getevent and evemu
/// event lines).
struct LineStamp {
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Its length in bytes (0: none).
    private(set) var length = 0
    private(set) var time: Int64 = 0

    /// Whether the line at `base` (`end` bytes) starts with these bytes.
    @inline(__always)
    func starts(_ base: UnsafeRawPointer, end: Int) -> Bool {
        length > 0 && end >= 24
            && ByteScan.load(base, at: 0) & ByteScan.mask(length) == words.0
            && ByteScan.load(base, at: 8) & ByteScan.mask(length &- 8) == words.1
            && ByteScan.load(base, at: 16) & ByteScan.mask(length &- 16) == words.2
    }

    /// Keeps the first `length` bytes of the line at `base` (`end` bytes) and their `time`, or
    /// nothing when the line is shorter than 24 bytes or `length` longer.
    @inline(__always)
    mutating func keep(_ base: UnsafeRawPointer, end: Int, length: Int, time: Int64) {
        guard end >= 24, length <= 24 else {
            self.length = 0
            return
        }
        words = (ByteScan.load(base, at: 0) & ByteScan.mask(length), ByteScan.load(base, at: 8) & ByteScan.mask(length &- 8),
                 ByteScan.load(base, at: 16) & ByteScan.mask(length &- 16))
        self.length = length
        self.time = time
    }
}

extension ByteScan {
    /// The value of the 8 hexadecimal digits (either case) of `word` (little-endian: its first
    /// byte the most significant digit), or `nil` when any byte is not one: what
    /// ``GeteventEventLine/hex(_:from:to:)`` reads of them, without a step per digit.
    @inline(__always)
    static func hex8(_ word: UInt64) -> UInt32? {
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return nil }
        // Every byte is below 0x80, so adding 0x50 or less carries into no other byte.
        // Digits 0x30…0x39; letters, case folded, 0x61…0x66.
        let digits = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646) & highs
        let folded = word | 0x2020_2020_2020_2020
        let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x1919_1919_1919_1919) & highs
        guard digits | letters == highs else { return nil }
        // A digit's value is its low nibble; a letter's, its low nibble plus 9.
        var nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (letters >> 7) &* 9
        // The first digit to the top: then pairs, quads and halves are packed.
        nibbles = nibbles.byteSwapped
        nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: nibbles | nibbles >> 16)
    }
}
