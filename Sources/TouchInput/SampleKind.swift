/// What produced an ``InputSample``.
///
/// The raw values are part of the `.touchtrace` format (docs/FORMAT.md); never reorder them.
public enum SampleKind: UInt8, Sendable, Hashable, CaseIterable, Codable, BitwiseCopyable {
    /// A finger on a touch screen or trackpad.
    case touch = 0
    /// A stylus (Apple Pencil, a Wacom pen), in contact or hovering.
    case pencil = 1
    /// An indirect pointer: a mouse or a trackpad cursor.
    case pointer = 2
    /// A scroll-wheel or trackpad scroll step, carrying deltas.
    case scroll = 3
    /// A key going down or up, carrying a HID usage code.
    case key = 4
    /// A ground-truth annotation (for example `redirect`, `pause`, `release`).
    case marker = 5

    /// The name used in the JSON Lines form and on the command line.
    public var name: String {
        switch self {
        case .touch: "touch"
        case .pencil: "pencil"
        case .pointer: "pointer"
        case .scroll: "scroll"
        case .key: "key"
        case .marker: "marker"
        }
    }

    /// The kind with the given JSON Lines name, or `nil`.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// Whether samples of this kind belong to a contact with a stable identity and a location.
    @inlinable public var isContact: Bool {
        switch self {
        case .touch, .pencil, .pointer: true
        case .scroll, .key, .marker: false
        }
    }
}
