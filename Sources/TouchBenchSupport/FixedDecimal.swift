/// The text C's `printf` writes for `%.Nf` (and `%W.Nf`), without going through it.
///
/// `String(format:)` parses its format and boxes its arguments on every call: written once per
/// event, it was most of `touchbench gestures --verbose` over an hour of input (up to eight
/// calls and fourteen numbers a line, 97 MB of lines). This computes the same digits exactly:
/// a double is an integer times a power of two, so its value times 10ᴺ is a quotient and a
/// remainder of integers, rounded to nearest with ties to even as `printf` rounds them, its
/// digits written straight into the string (``DecimalDigits``). Values it cannot hold that way (not finite, or whose digits
/// pass 2⁶⁴) go to the C library's `vsnprintf` itself.
package enum FixedDecimal {
    /// The most decimals ``format(_:decimals:width:)`` computes itself.
    package static let maximumDecimals = 6

    /// `value` with `decimals` digits after the point (none, and no point, for 0), its sign
    /// kept (`-0.0`), left-padded with spaces to `width` characters: `%width.decimalsf`.
    /// `decimals` and `width` are the caller's constants, from 0 to 64.
    package static func format(_ value: Double, decimals: Int, width: Int = 0) -> String {
        precondition((0...64).contains(decimals) && (0...64).contains(width), "a fixed decimal has 0 to 64 decimals and width")
        guard let units = units(of: value, decimals: decimals) else { return printed(value, decimals: decimals, width: width) }
        let scale = DecimalDigits.powerOfTen(decimals)
        return DecimalDigits.fixedPointText(negative: value.sign == .minus, whole: units / scale, fraction: units % scale,
                                            places: decimals, width: width)
    }

    /// `printf`'s own text: at most a sign, 309 digits, a point and the decimals, or the width.
    private static func printed(_ value: Double, decimals: Int, width: Int) -> String {
        let capacity = 330 + width + decimals
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return "" }
            let count = withVaList([Int32(width), Int32(decimals), value]) {
                vsnprintf(base, capacity, "%*.*f", $0)
            }
            guard count >= 0 else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: base, count: min(Int(count), capacity - 1)), as: UTF8.self)
        }
    }

    /// `value`'s magnitude times 10^`decimals`, rounded as `printf` rounds it; `nil` where that
    /// is not finite or does not fit 64 bits (`printf` then writes it).
    private static func units(of value: Double, decimals: Int) -> UInt64? {
        guard value.isFinite, (0...maximumDecimals).contains(decimals) else { return nil }
        let magnitude = value.magnitude
        // magnitude = significand · 2^exponent, the significand an integer.
        let significand = UInt128(magnitude.isNormal ? magnitude.significandBitPattern | 1 << 52 : magnitude.significandBitPattern)
        let exponent = magnitude.isNormal ? Int(magnitude.exponent) - 52 : -1074
        // Below 2⁵³·10⁶ < 2⁷³: the product never overflows.
        let scaled = significand * UInt128(DecimalDigits.powerOfTen(decimals))
        let units: UInt128
        if exponent >= 0 {
            guard exponent <= 54 else { return nil }
            units = scaled << UInt128(exponent)
        } else if -exponent >= 100 {
            // Under 2⁻²⁷ after scaling: rounds to zero (no tie is possible so far down).
            units = 0
        } else {
            let shift = UInt128(-exponent)
            let quotient = scaled >> shift, remainder = scaled & ((1 << shift) - 1), half = UInt128(1) << (shift - 1)
            units = remainder > half || (remainder == half && quotient & 1 == 1) ? quotient + 1 : quotient
        }
        return UInt64(exactly: units)
    }
}
