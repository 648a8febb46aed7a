/// Arithmetic on numbers read from files, where an overflow is bad data rather than a bug:
/// each operation returns `nil` instead of trapping, so a reader turns it into a typed error.
public enum Checked {
    /// `a + b`, or `nil` when it overflows.
    @inlinable
    public static func sum<T: FixedWidthInteger>(_ a: T, _ b: T) -> T? {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : value
    }

    /// `a - b`, or `nil` when it overflows.
    @inlinable
    public static func difference<T: FixedWidthInteger>(_ a: T, _ b: T) -> T? {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : value
    }

    /// `a × b`, or `nil` when it overflows.
    @inlinable
    public static func product<T: FixedWidthInteger>(_ a: T, _ b: T) -> T? {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }

    /// `value` converted to `T`, or `nil` when it does not fit.
    @inlinable
    public static func integer<T: FixedWidthInteger, U: BinaryInteger>(_ value: U, as _: T.Type = T.self) -> T? {
        T(exactly: value)
    }

    /// A finite `Double` rounded to the nearest `Int64`, or `nil` when it is not finite or
    /// lies outside ±`limit` (so a later conversion or sum cannot trap).
    @inlinable
    public static func rounded(_ value: Double, limit: Int64 = SampleTime.limit) -> Int64? {
        guard value.isFinite, value.magnitude <= Double(limit) else { return nil }
        return Int64(value.rounded())
    }
}
