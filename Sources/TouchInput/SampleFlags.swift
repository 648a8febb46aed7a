/// How a sample came to be: measured directly, coalesced between frames, predicted ahead, and so on.
///
/// The bit values are part of the `.touchtrace` format (docs/FORMAT.md).
public struct SampleFlags: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A sample the system delivered between frames (UIKit's coalesced touches, W3C coalesced events).
    public static let coalesced = SampleFlags(rawValue: 1 << 0)
    /// A sample the system predicted ahead of the real input.
    public static let predicted = SampleFlags(rawValue: 1 << 1)
    /// Some properties (force, angles) will be refined by a later update.
    public static let estimatedPropertiesPending = SampleFlags(rawValue: 1 << 2)
    /// Made by a program (a synthesizer, a test) rather than measured.
    public static let synthetic = SampleFlags(rawValue: 1 << 3)

    /// Every flag with its JSON Lines name, in a fixed order.
    public static let named: [(name: String, flag: SampleFlags)] = [
        ("coalesced", .coalesced), ("predicted", .predicted),
        ("estimated", .estimatedPropertiesPending), ("synthetic", .synthetic),
    ]

    /// The JSON Lines names of the flags in this set, in a fixed order.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    /// The set named by `names`, or `nil` when one of them is unknown.
    public init?(names: [String]) {
        var flags = SampleFlags()
        for name in names {
            guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
            flags.insert(entry.flag)
        }
        self = flags
    }
}
