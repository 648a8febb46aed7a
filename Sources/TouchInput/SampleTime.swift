/// The range of sample times every reader and importer accepts (docs/FORMAT.md, "Limits").
///
/// Times are Int64 nanoseconds, but a time read from a file is kept within ±(2⁶² − 1) ns (about
/// ±146 years): wall-clock captures (ns since 1970) fit until 2116, and the difference of
/// any two valid times, or a valid time plus a valid duration, never overflows Int64. So
/// code downstream of a reader can subtract times without checking each operation.
public enum SampleTime {
    /// The largest magnitude a sample time, an epoch or a duration may have: 2⁶² − 1 ns.
    public static let limit: Int64 = (1 << 62) - 1

    /// Whether `time` lies within ±``limit``.
    @inlinable
    public static func isValid(_ time: Int64) -> Bool {
        time >= -limit && time <= limit
    }

    /// `later − earlier`, saturated at Int64's ends: for a time derived from sample times (a
    /// frame's presentation, a deadline), which may lie a frame or a window past the range.
    @inlinable
    public static func span(from earlier: Int64, to later: Int64) -> Int64 {
        let (difference, overflow) = later.subtractingReportingOverflow(earlier)
        return overflow ? (later > earlier ? .max : .min) : difference
    }

    /// A sentence fragment for a time outside the range, for readers' errors.
    public static func outOfRangeReason(_ time: Int64) -> String {
        "has a time of \(time) ns, outside the accepted ±(2^62 − 1) ns (about ±146 years)"
    }
}
