/// Times on the command line: `1.5s`, `250ms`, `120us`, `40ns` or a bare integer of
/// nanoseconds.
///
/// The number is read as decimal text, digit by digit, not through `Double`: a time of
/// `9007199254740993ns` is that many nanoseconds (a double held …992), `9223372036854775807ns`
/// is the largest time, and hexadecimal (`0x1p-1s`) and exponents are not times. A sign is
/// one only where the option takes times on the trace's timeline, which may be negative.
enum TimeArgument {
    /// How a time between two nanoseconds becomes one.
    enum Rounding {
        /// To the nearest, halves away from zero: a duration.
        case nearest
        /// Up: a window's bound, so that `from <= t < to` keeps exactly the samples whose
        /// (whole) times lie within the bounds as written.
        case up
    }

    static func nanoseconds(_ text: String, option: String, signed: Bool = false, rounding: Rounding = .nearest) throws(UsageError) -> Int64 {
        let units: [(suffix: String, digits: Int)] = [("ns", 0), ("us", 3), ("µs", 3), ("ms", 6), ("s", 9)]
        var number = Substring(text), scaleDigits = 0
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            number = number.dropLast(unit.suffix.count)
            scaleDigits = unit.digits
        }
        var negative = false
        if signed, let sign = number.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            number = number.dropFirst()
        }
        guard let value = decimal(number, scaleDigits: scaleDigits, rounding: rounding.ofMagnitude(negative: negative)) else {
            let signs = signed ? ", negative ones too," : ""
            throw UsageError(message: "--\(option) takes a time such as 1.5s, 250ms, 120us or an integer of nanoseconds\(signs) "
                             + "(at most 9223372036854775807 in size), not '\(text)'")
        }
        return negative ? -value : value
    }

    /// `text` (digits with an optional fractional part) times 10^`scaleDigits`, rounded as
    /// `rounding` says (for a magnitude: ``Rounding/up`` is away from zero), or `nil` when it
    /// is not such a number or passes `Int64.max`.
    static func decimal(_ text: Substring, scaleDigits: Int, rounding: MagnitudeRounding = .nearest) -> Int64? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), (whole + fraction).utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        // The digits kept: the whole part and the first `scaleDigits` of the fraction (padded).
        let kept = whole + fraction.prefix(scaleDigits) + String(repeating: "0", count: max(0, scaleDigits - fraction.count))
        var value: Int64 = 0
        for digit in kept.utf8 {
            let (times10, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowPlus) = times10.addingReportingOverflow(Int64(digit - 0x30))
            guard !overflowTimes, !overflowPlus else { return nil }
            value = sum
        }
        let dropped = fraction.utf8.dropFirst(scaleDigits)
        let roundsAway = switch rounding {
        // The first digit dropped decides.
        case .nearest: (dropped.first ?? 0x30) >= 0x35
        // Any digit dropped that is not zero.
        case .awayFromZero: dropped.contains { $0 != 0x30 }
        case .towardZero: false
        }
        if roundsAway {
            let (rounded, overflow) = value.addingReportingOverflow(1)
            guard !overflow else { return nil }
            value = rounded
        }
        return value
    }

    /// How ``decimal(_:scaleDigits:rounding:)`` rounds a magnitude.
    enum MagnitudeRounding {
        case nearest, awayFromZero, towardZero
    }
}

extension TimeArgument.Rounding {
    /// The rounding of a time's magnitude: rounding a negative time up is rounding its
    /// magnitude toward zero (−0.4 ns is 0 ns), a positive one's away from it; the nearest
    /// stays the nearest (halves away from zero).
    func ofMagnitude(negative: Bool) -> TimeArgument.MagnitudeRounding {
        switch self {
        case .nearest: .nearest
        case .up: negative ? .towardZero : .awayFromZero
        }
    }
}
