/// What a scene shows after a frame and the intent it is heading for: everything the
/// probes read.
public struct SceneState: Sendable, Hashable {
    /// The position of the element the hand moves (content offset, window origin, card
    /// translation, …), in points. Redirection and tracking probes watch it.
    public var x: Double = 0
    public var y: Double = 0
    /// The contact that drives the element 1:1 at this frame, if any: the tracking-error
    /// probe compares the element's displacement with this contact's while it is set.
    public var tracking: UInt32?
    /// Whether the scene needs frames without new input (an animation is running).
    public var isAnimating = false
    /// The destination the scene is committed to (`home`, `appSwitcher`, `corner2`, …),
    /// empty when it has none. A pause is answered when this changes.
    public var destination = ""
    /// Where the element is heading (the projected end of a gesture, a spring's target).
    public var targetX: Double = 0
    public var targetY: Double = 0
    /// When the scene's deceleration pause detector reported a pause of the current contact
    /// (the sample time, nanoseconds), or `nil`.
    public var pauseDetected: Int64?
    /// When the scene's timer-based pause detector reported one, or `nil`.
    public var timerPauseDetected: Int64?
    /// How long the latest committed tap waited before it was committed, in nanoseconds: a
    /// single tap waits for the double tap to fail (its 300 ms gap, noticed at the next
    /// frame); a double tap is committed at its lift (0). `nil` before any.
    public var tapDelay: Int64?
    /// How many taps the scene has committed, so a probe sees every commit even when two in a
    /// row have the same delay.
    public var committedTaps = 0

    public init() {}
}
