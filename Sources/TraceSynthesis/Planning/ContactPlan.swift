import TouchInput

/// Everything needed to render one contact's samples: what it is, where the model puts it,
/// and on which digitizer ticks it is touching or hovering.
struct ContactPlan: Sendable {
    var kind: SampleKind
    var id: UInt32
    var path: ContactPath
    var clock: SampleClock
    /// Tick indices. A finger has `down` and `up`; a pencil also hovers before and after;
    /// a pointer only hovers (`down` and `up` are nil).
    var hoverIn: Int64?
    var down: Int64?
    var up: Int64?
    var hoverOut: Int64?
    var modifiers: ModifierFlags = []
    /// Until which local time (seconds) the samples carry ``modifiers``: a key let go during
    /// the contact. Always when `nil`.
    var modifiersUntil: Double?
    var style: ContactStyle
    /// A pointer reports only while it moves: a resting mouse or trackpad sends nothing.
    var reportsOnlyWhileMoving = false

    var firstTick: Int64 { hoverIn ?? down ?? 0 }
    var lastTick: Int64 { hoverOut ?? up ?? firstTick }
}

/// The non-positional properties of a contact.
enum ContactStyle: Sendable, Hashable {
    case finger(FingerStyle)
    case pencil(PencilStyle)
    case pointer
}

/// How hard a finger presses and how large its contact is.
struct FingerStyle: Sendable, Hashable {
    /// The force of the steady press (normalised).
    var force: Double
    /// The contact radius at zero force, before the digitizer rounds it to its steps.
    var radius: Double
    /// A force press's profile, which replaces the steady press when set.
    var pressure: ForceProfile?

    /// Finger radii come from the sensor in steps of this size (UIKit reports a tolerance
    /// of about 5.2 pt on phones); 1336/256 keeps the steps on the storage grid.
    static let radiusStep = 1336.0 / 256
}

/// How a pencil is held and pressed.
struct PencilStyle: Sendable, Hashable {
    var force: Double
    /// Force varies along a stroke; these set a slow undulation.
    var forceWobble: Double
    var forceWobbleHz: Double
    var forceWobblePhase: Double
    var altitude: Double
    var altitudeDrift: Double
    var azimuth: Double
    var azimuthDrift: Double
}
