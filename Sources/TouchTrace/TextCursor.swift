/// A write position in memory its caller sized beforehand for the worst case of what is
/// written (``SampleText/lineBound`` and the label's text for a sample's line).
///
/// The text writers store through it with no capacity or uniqueness check per byte: an
/// array's `append` checked both for every field written, which cost more than formatting
/// the numbers (a third of `cat --format jsonl`).
package struct TextCursor {
    package private(set) var position: UnsafeMutablePointer<UInt8>

    package init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        position.initialize(to: value)
        position += 1
    }

    /// The bytes of a literal (a key, a separator): a copy whose length the optimizer knows.
    @inline(__always)
    package mutating func bytes(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        UnsafeMutableRawPointer(position).copyMemory(from: text.utf8Start, byteCount: count)
        position += count
    }

    @inline(__always)
    package mutating func bytes(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress else { return }
        UnsafeMutableRawPointer(position).copyMemory(from: source, byteCount: raw.count)
        position += raw.count
    }

    /// A `String`'s bytes (labelled: a literal would otherwise bind here, not to the
    /// `StaticString` overload).
    package mutating func bytes(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
    }

    /// `value` in decimal.
    @inline(__always)
    package mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// `value` in decimal (the digit count found first: no scratch digits copied after).
    @inline(__always)
    package mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        digits(of: value, count: Self.decimalDigits(value))
    }

    /// `value` as `count` decimal digits (``storeDigits(of:count:at:)``): its digit count
    /// already known, or more for leading zeros.
    @inline(__always)
    package mutating func digits(of value: UInt64, count: Int) {
        Self.storeDigits(of: value, count: count, at: position)
        position += count
    }

    /// Stores `value` as `count` decimal digits at `start`, from the last back, two at a time.
    /// `value` must be below 10^count; a `count` beyond ``decimalDigits(_:)`` of `value` gives
    /// leading zeros (a fraction's decimals). The one home of decimal writing: the evdev forms'
    /// line cursor stores its numbers through it too.
    @inline(__always)
    package static func storeDigits(of value: UInt64, count: Int, at start: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var end = start + count
        var left = count
        let pairs = digitPairs.utf8Start
        while left >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            end -= 2
            end.initialize(to: pairs[pair])
            (end + 1).initialize(to: pairs[pair &+ 1])
            left &-= 2
        }
        if left == 1 { (end - 1).initialize(to: UInt8(truncatingIfNeeded: rest) &+ 0x30) }
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// How many decimal digits `value` has (1 for zero): from its bit length, then one
    /// comparison with the power of ten it may reach.
    @inline(__always)
    package static func decimalDigits(_ value: UInt64) -> Int {
        // `value | 1` has the same digit count (no power of ten is odd) and gives 1 for zero.
        let odd = value | 1
        let bits = 64 &- odd.leadingZeroBitCount
        let guess = (bits &* 1233) >> 12  // ⌊log₁₀ 2^bits⌋
        return guess &+ (odd >= powerOfTen(guess) ? 1 : 0)
    }

    /// 10^exponent, 0 ≤ exponent ≤ 19. A switch of constants, which the optimizer makes a
    /// table in read-only data: a tuple read through `withUnsafeBytes(of:)` was stored to the
    /// stack whole (20 stores) at every use, three uses per number written.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }
}
