/// Decimal digits written into memory: the one home of decimal writing. The text forms'
/// cursors (`cat`'s JSON Lines and CSV, the evdev forms' lines) and the JSON writer's and
/// `printf`-style numbers store their digits through it.
///
/// Public and `@inlinable`, though only this package's modules use it: with this toolchain,
/// the bodies of `@inlinable package` declarations were still called out of line from
/// another module (measured twice: ``store(_:count:at:)`` a fifth of `cat`'s time, 4 % slower
/// over all); public, they are inlined and `cat` is as fast as when the digits lived in its
/// own module.
public enum DecimalDigits {
    /// Stores `value` as `count` decimal digits at `start`, from the last back, two at a time.
    /// `value` must be below 10^count; a `count` beyond ``count(_:)`` of `value` gives leading
    /// zeros (a fraction's decimals).
    @inlinable @inline(__always)
    public static func store(_ value: UInt64, count: Int, at start: UnsafeMutablePointer<UInt8>) {
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

    /// "00" to "99": a literal read in place (a stored `static let` would be reached, from
    /// another module, through its one-time initialiser on every number).
    @inlinable
    public static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// How many decimal digits `value` has (1 for zero): from its bit length, then one
    /// comparison with the power of ten it may reach.
    @inlinable @inline(__always)
    public static func count(_ value: UInt64) -> Int {
        // `value | 1` has the same digit count (no power of ten is odd) and gives 1 for zero.
        let odd = value | 1
        let bits = 64 &- odd.leadingZeroBitCount
        let guess = (bits &* 1233) >> 12  // ⌊log₁₀ 2^bits⌋
        return guess &+ (odd >= powerOfTen(guess) ? 1 : 0)
    }

    /// 10^exponent, 0 ≤ exponent ≤ 19. A switch of constants, which the optimizer makes a
    /// table in read-only data: a tuple read through `withUnsafeBytes(of:)` was stored to the
    /// stack whole (20 stores) at every use, three uses per number written.
    @inlinable @inline(__always)
    public static func powerOfTen(_ exponent: Int) -> UInt64 {
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

    /// A fixed-point number as text: `-` when `negative`, `whole`, then `.` and the `places`
    /// digits of `fraction` (leading zeros included; no point for none), left-padded with spaces
    /// to `width` characters. Written straight into the string's storage. `fraction` must have
    /// at most `places` digits (0…19 of them): more would be cut, so that traps.
    package static func fixedPointText(negative: Bool, whole: UInt64, fraction: UInt64, places: Int, width: Int = 0) -> String {
        precondition((0...19).contains(places) && (places == 19 || fraction < powerOfTen(places)),
                     "a fraction has at most its places' digits")
        let wholeDigits = count(whole)
        let length = (negative ? 1 : 0) + wholeDigits + (places > 0 ? 1 + places : 0)
        let padding = max(0, width - length)
        return String(unsafeUninitializedCapacity: padding + length) { buffer in
            guard var next = buffer.baseAddress else { return 0 }
            next.initialize(repeating: 0x20, count: padding)
            next += padding
            if negative {
                next.initialize(to: 0x2D)
                next += 1
            }
            store(whole, count: wholeDigits, at: next)
            if places > 0 {
                next += wholeDigits
                next.initialize(to: 0x2E)
                store(fraction, count: places, at: next + 1)
            }
            return padding + length
        }
    }
}
