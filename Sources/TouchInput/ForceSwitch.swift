/// The force-press switch of the `press` reference scene, shared with synthesis so that a
/// synthesized press places its intent where its force reaches the threshold (as
/// ``MenuLayout`` is shared for the menu).
public enum ForceSwitch {
    /// The normalised force at which a press commits (the scene's default).
    public static let commitForce = 0.6
    /// How far below it the force must fall before the switch re-arms.
    public static let hysteresis = 0.2
}
