/// The inputs, beyond the start of an interaction, that a scene promises to answer with a
/// visible change (docs/METRICS.md "Visible response"). The response probe times each one
/// the scene declares — or counts it in `unanswered_inputs` when nothing changes — and
/// leaves the others alone, so a scene that rightly ignores an input (a scroll view a second
/// finger) is not charged with it.
///
/// Every scene answers the starts of interactions (a first touch-down on an element at rest,
/// a pointer appearing, a scroll gesture beginning); those are always timed. A declaration
/// belongs to the kind of scene, never to its tunables: a regressed variant keeps its
/// promise and fails it.
public struct ResponsiveInputs: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A touch or pencil landing while exactly one other contact is down, the element at
    /// rest: the second finger of a pinch or a rotation.
    public static let secondTouchDown = ResponsiveInputs(rawValue: 1 << 0)
    /// The lift of a tap — the only contact down, never more than 10 pt from where it
    /// landed — the element at rest: a sheet opening or closing.
    public static let tapLift = ResponsiveInputs(rawValue: 1 << 1)
    /// The lift of a tap whose touch-down the scene visibly answered: a pressed button's
    /// highlight going off (a tap that missed the button showed nothing and owes nothing).
    public static let pressRelease = ResponsiveInputs(rawValue: 1 << 3)
    /// A key going down, the element at rest: for scenes of your own that react to keys
    /// (no reference scene does; modifiers show nothing by design).
    public static let keyPress = ResponsiveInputs(rawValue: 1 << 2)
    /// A first touch-down while the scene still animates what the last press showed — a
    /// button's highlight fading, or the button waiting to see whether a double tap follows —
    /// is a new press, not a catch: timed like a start. While the element is still visibly
    /// changing, only a change against that motion answers it (the highlight coming back on),
    /// never the fade going on.
    public static let repeatedPress = ResponsiveInputs(rawValue: 1 << 4)
    /// Every touch-down and every scroll start changes what is shown within a few frames (a
    /// menu opens, highlights, or is dismissed): one that does not is counted in
    /// `swallowed_inputs` (docs/METRICS.md "Swallowed inputs"), even while the scene animates.
    public static let everyInput = ResponsiveInputs(rawValue: 1 << 5)
    /// A pointer's button going down with no contact down, the element at rest: a click on
    /// something that shows its press (the board's object growing), timed like a start, so
    /// that whatever the pointer's appearance left unanswered stays so.
    public static let pointerPress = ResponsiveInputs(rawValue: 1 << 6)
}
