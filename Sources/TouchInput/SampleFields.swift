/// Which optional fields an ``InputSample`` carries.
///
/// A field that is absent costs nothing in a `.touchtrace` file. The bit values are part of
/// the format (docs/FORMAT.md); never renumber them.
public struct SampleFields: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt16
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    @inlinable public static var location: SampleFields { SampleFields(rawValue: 1 << 0) }
    @inlinable public static var force: SampleFields { SampleFields(rawValue: 1 << 1) }
    @inlinable public static var majorRadius: SampleFields { SampleFields(rawValue: 1 << 2) }
    @inlinable public static var majorRadiusTolerance: SampleFields { SampleFields(rawValue: 1 << 3) }
    @inlinable public static var altitude: SampleFields { SampleFields(rawValue: 1 << 4) }
    @inlinable public static var azimuth: SampleFields { SampleFields(rawValue: 1 << 5) }
    @inlinable public static var roll: SampleFields { SampleFields(rawValue: 1 << 6) }
    @inlinable public static var buttons: SampleFields { SampleFields(rawValue: 1 << 7) }
    @inlinable public static var modifiers: SampleFields { SampleFields(rawValue: 1 << 8) }
    @inlinable public static var flags: SampleFields { SampleFields(rawValue: 1 << 9) }
    @inlinable public static var scrollDelta: SampleFields { SampleFields(rawValue: 1 << 10) }
    @inlinable public static var key: SampleFields { SampleFields(rawValue: 1 << 11) }
    @inlinable public static var label: SampleFields { SampleFields(rawValue: 1 << 12) }

    /// Every bit a valid file may set.
    @inlinable public static var all: SampleFields { SampleFields(rawValue: (1 << 13) - 1) }
}
