/// Times on the command line: `1.5s`, `250ms`, `120us`, `40ns` or a bare integer of
/// nanoseconds.
///
/// The number is read as decimal text, digit by digit, not through `Double`: a time of
/// `9007199254740993ns` is that many nanoseconds (a double held …992), `9223372036854775807ns`
/// is the largest time, and hexadecimal (`0x1p-1s`), exponents and signs are not times.
enum TimeArgument {
    static func nanoseconds(_ text: String, option: String) throws(UsageError) -> Int64 {
        let units: [(suffix: String, digits: Int)] = [("ns", 0), ("us", 3), ("µs", 3), ("ms", 6), ("s", 9)]
        var number = Substring(text), scaleDigits = 0
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            number = number.dropLast(unit.suffix.count)
            scaleDigits = unit.digits
        }
        guard let value = decimal(number, scaleDigits: scaleDigits) else {
            throw UsageError(message: "--\(option) takes a time such as 1.5s, 250ms, 120us or an integer of nanoseconds "
                             + "(at most 9223372036854775807), not '\(text)'")
        }
        return value
    }

    /// `text` (digits with an optional fractional part) times 10^`scaleDigits`, rounded to the
    /// nearest integer (halves up), or `nil` when it is not such a number or passes `Int64.max`.
    static func decimal(_ text: Substring, scaleDigits: Int) -> Int64? {
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
        // The first digit dropped decides the rounding.
        if let next = fraction.utf8.dropFirst(scaleDigits).first, next >= 0x35 {
            let (rounded, overflow) = value.addingReportingOverflow(1)
            guard !overflow else { return nil }
            value = rounded
        }
        return value
    }
}
