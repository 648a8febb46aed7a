import TouchBenchSupport
import TouchDynamics

/// One change of a recognizer's state, with what the recognizer knew at that moment.
///
/// Fields that do not apply to a gesture are `nil`: a tap has no translation, a pinch no
/// detector.
public struct GestureEvent: Sendable, Hashable {
    /// What was recognized.
    public var gesture: GestureKind
    /// The state entered.
    public var state: RecognizerState
    /// When, in nanoseconds: the sample's time, or the frame time of the tick that noticed
    /// a timer.
    public var time: Int64
    /// The contact (for two-finger gestures the first one; for hover the pointer).
    public var contact: UInt32
    /// The index of the recognizer in its arena (see ``RecognizerHandle/matches(_:)``);
    /// -1 for an event produced outside an arena.
    public var recognizer: Int = -1
    /// The contact's location (for two-finger gestures their midpoint).
    public var location: Point?
    /// A pan's translation since it began, or a pinch/rotation midpoint's.
    public var translation: Offset?
    /// A pan's velocity in points per second.
    public var velocity: Velocity?
    /// Where a pan's translation comes to rest when released with its velocity (on `ended`).
    public var projectedTranslation: Offset?
    /// A pinch's scale relative to the span when it began.
    public var scale: Double?
    /// A pinch's scale velocity, in scale per second.
    public var scaleVelocity: Double?
    /// A rotation's angle since it began, in radians (positive clockwise on screen).
    public var rotation: Double?
    /// A rotation's angular velocity in radians per second.
    public var rotationVelocity: Double?
    /// Which pause detector fired.
    public var detector: PauseDetectorKind?
    /// How long the arena held this event back while a recognizer it depends on was still
    /// undecided (a single tap waiting for a double tap to fail), in nanoseconds.
    public var delay: Int64?
    /// The hover target (index into the recognizer's targets).
    public var target: Int?

    public init(gesture: GestureKind, state: RecognizerState, time: Int64, contact: UInt32) {
        self.gesture = gesture
        self.state = state
        self.time = time
        self.contact = contact
    }
}

/// The two pause detectors.
public enum PauseDetectorKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fires at the spike in the finger's deceleration.
    case deceleration
    /// Fires when the speed has stayed under a threshold for a while: the baseline.
    case timer
}
