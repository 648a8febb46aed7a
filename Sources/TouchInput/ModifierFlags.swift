/// Keyboard modifiers held while a sample was produced.
///
/// The bit values are part of the `.touchtrace` format (docs/FORMAT.md).
public struct ModifierFlags: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = ModifierFlags(rawValue: 1 << 0)
    public static let control = ModifierFlags(rawValue: 1 << 1)
    public static let option = ModifierFlags(rawValue: 1 << 2)
    public static let command = ModifierFlags(rawValue: 1 << 3)
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)
    public static let function = ModifierFlags(rawValue: 1 << 5)

    /// Every modifier with its JSON Lines name, in a fixed order.
    public static let named: [(name: String, flag: ModifierFlags)] = [
        ("shift", .shift), ("control", .control), ("option", .option),
        ("command", .command), ("capsLock", .capsLock), ("function", .function),
    ]

    /// The JSON Lines names of the modifiers in this set, in a fixed order.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }

    /// The set named by `names`, or `nil` when one of them is unknown.
    public init?(names: [String]) {
        var flags = ModifierFlags()
        for name in names {
            guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
            flags.insert(entry.flag)
        }
        self = flags
    }
}
