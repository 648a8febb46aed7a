/// Whole numbers made from what a page or the browser reported. A page is user code: it can
/// report any double (NaN, an infinity, 1e300), and `Int(_:)` traps on those, so every
/// conversion of a reported number goes through here and a number with no whole value in
/// range is the page's malformed report, never a crash.
enum PageReportedNumber {
    /// `value` rounded to the nearest whole number, or a ``PageReplayErrorKind/pageMalformed``
    /// error naming `page` and `what` (the reported quantity) when it is not finite or its
    /// rounding does not fit in `Integer`.
    static func rounded<Integer: FixedWidthInteger>(_ value: Double, as type: Integer.Type = Int.self, page: String,
                                                    what: String) throws(PageReplayError) -> Integer {
        let whole = value.rounded()
        // `Integer.max` is not exactly representable as a Double (it rounds up past the range),
        // so the upper bound is exclusive: `exactly:` would still refuse it, but the range is
        // checked first so that the reason is right.
        guard whole.isFinite, whole >= Double(Integer.min), whole < Double(Integer.max), let result = Integer(exactly: whole) else {
            throw PageReplayError(.pageMalformed, file: page, reason: "reported times out of any usable range (\(what): \(value))")
        }
        return result
    }
}
