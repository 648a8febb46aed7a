/// What a recognizer recognizes, named as `touchbench gestures --json` names it.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
    case tap
    case doubleTap
    case longPress
    case pan
    case edgePan
    case pinch
    case rotation
    case pause
    case hover

    /// The name in the JSON output: the raw value (`doubleTap`, `edgePan`, …).
    public var name: String { rawValue }
}

/// Where a recognizer stands in the life of its gesture.
///
/// Discrete gestures (tap, double tap) go `possible → began → recognized | failed | cancelled`
/// where `began` means the recognizer is showing something while still undecided (a tap's
/// highlight, a double tap waiting for its second tap). Continuous gestures (pan, long
/// press, pinch, rotation) go `possible → began → changed… → ended | cancelled`, or fail
/// before they begin.
public enum RecognizerState: String, Sendable, Hashable, Codable, CaseIterable {
    /// No contact is being followed.
    case idle
    /// Following a contact, nothing decided or shown yet.
    case possible
    case began
    case changed
    case ended
    case recognized
    case failed
    case cancelled

    /// Whether the recognizer is done with its current gesture.
    public var isTerminal: Bool {
        switch self {
        case .ended, .recognized, .failed, .cancelled: true
        case .idle, .possible, .began, .changed: false
        }
    }

    /// Whether the gesture is under way: it began and has not finished.
    public var isActive: Bool { self == .began || self == .changed }

    /// Whether the recognizer ended without recognizing (failed or cancelled).
    public var isUnsuccessful: Bool { self == .failed || self == .cancelled }
}

/// How a recognizer takes part in the arena.
public enum ArenaRole: String, Sendable, Hashable, Codable {
    /// Competes for its contacts: the first competitor to claim a contact wins it and the
    /// other competitors following it are cancelled.
    case competitor
    /// Watches contacts without competing: never claims and is never cancelled (the pause
    /// detectors, pointer hover).
    case observer
}
