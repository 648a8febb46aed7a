import TouchInput

/// What a scene shows after a frame and where it is heading. Decisions the screen does not
/// show (a committed tap, a detected pause) are ``SceneSignal``s, not fields.
public struct SceneState: Sendable, Hashable {
    /// The position of the element the hand moves (content offset, window origin, card
    /// translation, …), in points. Redirection and tracking probes watch it.
    public var x: Double = 0
    public var y: Double = 0
    /// The element's scale (1 as laid out) and rotation (radians) as shown, for scenes that
    /// transform it (a pinched photo, a shrinking card).
    public var scale: Double = 1
    public var rotation: Double = 0
    /// The contact that drives the element 1:1 at this frame, if any: the tracking-error
    /// probe compares the element's displacement with this contact's while it is set.
    public var tracking: ContactKey?
    /// Whether the scene needs frames without new input (an animation is running).
    public var isAnimating = false
    /// The destination the scene is committed to (``Destination/home``, a corner, …),
    /// ``Destination/none`` when it has none. A pause is answered when this changes.
    public var destination = Destination.none
    /// Where the element is heading (the projected end of a gesture, a spring's target).
    public var targetX: Double = 0
    public var targetY: Double = 0
    /// Whether ``targetX``/``targetY`` say where the element is heading. A web page reports no
    /// target (PageReplay sets `false`), and stuck animations are then not counted: a window
    /// resting at its corner is not "away from (0, 0)".
    public var reportsTarget = true

    public init() {}
}
