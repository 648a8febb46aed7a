/// Which optional fields an ``InputSample`` carries.
///
/// A field that is absent costs nothing in a `.touchtrace` file. The bit values are part of
/// the format (docs/FORMAT.md); never renumber them.
public struct SampleFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let location = SampleFields(rawValue: 1 << 0)
    public static let force = SampleFields(rawValue: 1 << 1)
    public static let majorRadius = SampleFields(rawValue: 1 << 2)
    public static let majorRadiusTolerance = SampleFields(rawValue: 1 << 3)
    public static let altitude = SampleFields(rawValue: 1 << 4)
    public static let azimuth = SampleFields(rawValue: 1 << 5)
    public static let roll = SampleFields(rawValue: 1 << 6)
    public static let buttons = SampleFields(rawValue: 1 << 7)
    public static let modifiers = SampleFields(rawValue: 1 << 8)
    public static let flags = SampleFields(rawValue: 1 << 9)
    public static let scrollDelta = SampleFields(rawValue: 1 << 10)
    public static let key = SampleFields(rawValue: 1 << 11)
    public static let label = SampleFields(rawValue: 1 << 12)

    /// Every bit a valid file may set.
    public static let all = SampleFields(rawValue: (1 << 13) - 1)
}
