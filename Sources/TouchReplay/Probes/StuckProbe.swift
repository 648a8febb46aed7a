import TouchBenchSupport

/// Stuck animations (docs/METRICS.md "Stuck animations"): an element left away from where
/// the scene says it is heading while nothing will take it there — no finger down and no
/// motion toward it.
///
/// A frame is stuck when, after its samples, no contact is on the glass or hovering over it
/// (a finger, a pencil, a pointer: what could still be driving the element), the element shown
/// is more than ``offTarget`` points from the scene's target (`targetX`, `targetY`), and
/// either the scene has stopped animating (so it renders nothing more until the next input)
/// or the element has not moved (by a visible change, summed frame by frame) over the last
/// ``patience`` frames, all rendered since the last contact left and all away from the target.
/// Each maximal run of stuck frames counts once, at its first frame.
struct StuckProbe: Sendable {
    /// How far from its target an element may rest: half a point, above a spring's settling
    /// tolerance (0.01 pt) and any rounding, below anything a person fails to notice.
    static let offTarget = 0.5
    /// How many frames an animation may run without moving the element (by more than a
    /// visible change) before it counts as stuck: 100 ms at 120 Hz.
    static let patience = 12

    private(set) var count = 0
    /// Whether any frame reported a target: a run whose frames never do (a web page) has no
    /// stuck-animation count at all.
    private(set) var isMeasured = false
    private var stuck = false
    /// How far the element moved over each of the newest frames, oldest first (at most
    /// ``patience``): a spring turning about its target returns where it was, but moved.
    private var steps = RecentWindow<Double>(capacity: patience)
    private var previous: (x: Double, y: Double)?

    /// Takes a rendered frame.
    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state
        guard state.reportsTarget else { return }
        isMeasured = true
        let dx = state.x - state.targetX, dy = state.y - state.targetY
        let distance = (dx * dx + dy * dy).squareRoot()
        // Only frames since the last contact left, and since the element was last on its
        // target, count: one held still is no stall, and neither is content a scroll held
        // where it put it (its target) until the scroll ended and sent it back.
        let present = frame.contacts.anyPresent
        let away = distance > Self.offTarget
        if present || !away { steps.removeAll() }
        if let previous, !present, away {
            steps.append(abs(state.x - previous.x) + abs(state.y - previous.y))
        }
        previous = (state.x, state.y)
        let idle = !present && away
        let stalled = !state.isAnimating
            || (steps.count == Self.patience && steps.elements.reduce(0, +) <= ResponseProbe.visibleChange)
        let now = idle && stalled
        if now && !stuck { count += 1 }
        stuck = now
    }
}
