/// The labels of the ground-truth markers a synthesized trace carries.
///
/// docs/METRICS.md ("Ground-truth markers") states how each one is placed.
public enum GroundTruthMarker: String, Sendable, Hashable, CaseIterable {
    /// The hand's intent changes: the velocity along the gesture's main axis crosses zero
    /// (reversal, back-to-app), or a new touch lands on an element in flight (catch).
    case redirect
    /// A pausing finger has come to rest: its model speed falls below ``restSpeed`` for good.
    case pause
    /// A finger lifts while moving, launching momentum: the time of its `ended` sample.
    case release
    /// A finger pressing a menu open first enters one of its items (the menu's near edge),
    /// on its model path: time to first item highlight counts from here.
    case highlight
    /// One input kind's attempt at an outcome a trace reaches once per kind (a board scrolled
    /// by the same distance by a finger, a mouse drag, a trackpad and a wheel) starts here.
    case parity

    /// The marker's label in the trace.
    public var label: String { rawValue }

    /// The speed in points per second below which a decelerating finger counts as at rest.
    public static let restSpeed = 10.0
}
