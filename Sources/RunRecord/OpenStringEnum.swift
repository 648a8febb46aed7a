/// A string-valued enumeration left open: the values this version knows are static members,
/// and any other string (from a file written by another version) is kept as written, so a
/// record reads and writes back unchanged. `MetricName` and `RunEvent`'s `Kind`, `Source`
/// and `Cause` are ones; a conforming type declares its storage, its initializer and its
/// known values, and gets the rest here.
public protocol OpenStringEnum: RawRepresentable<String>, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral where StringLiteralType == String {
    /// Any value, known or not: never fails.
    init(rawValue: String)
}

extension OpenStringEnum {
    /// `"name"` for `Self(rawValue: "name")`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The value as written.
    public var description: String { rawValue }
    /// By the string, so listings of unknown values are stable.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
