/// Where a sample stands in the life of its contact, key or scroll.
///
/// The raw values are part of the `.touchtrace` format (docs/FORMAT.md); never reorder them.
public enum SamplePhase: UInt8, Sendable, Hashable, CaseIterable, Codable, BitwiseCopyable {
    case began = 0
    case moved = 1
    case stationary = 2
    case ended = 3
    case cancelled = 4
    case hoverEntered = 5
    case hoverMoved = 6
    case hoverExited = 7

    /// The name used in the JSON Lines form.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .hoverEntered: "hoverEntered"
        case .hoverMoved: "hoverMoved"
        case .hoverExited: "hoverExited"
        }
    }

    /// The phase with the given JSON Lines name, or `nil`.
    public init?(name: String) {
        guard let phase = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = phase
    }

    /// Whether the contact is touching (as opposed to hovering above the surface).
    @inlinable public var isInContact: Bool {
        switch self {
        case .began, .moved, .stationary, .ended, .cancelled: true
        case .hoverEntered, .hoverMoved, .hoverExited: false
        }
    }

    /// Whether this phase ends the contact (lift or cancellation).
    // A switch, not `==`: the comparison compiled to a call per use in other modules (nine
    // million instructions of a ten-minute replay), a switch inlines to a range check.
    @inlinable @inline(__always) public var isTerminal: Bool {
        switch self {
        case .ended, .cancelled: true
        case .began, .moved, .stationary, .hoverEntered, .hoverMoved, .hoverExited: false
        }
    }
}
