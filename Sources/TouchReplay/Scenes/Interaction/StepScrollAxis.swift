import TouchDynamics

/// One axis of content moved by scroll steps (``ScrollSteps``): the content follows the
/// steps 1:1 from where the scroll caught it, and rubber-bands past its edges as a finger
/// pan does — content = band(hold − scrolled), positive deltas scrolling down or right.
struct StepScrollAxis: Sendable {
    /// Where the content was, unbanded, when the scroll started.
    private var hold = 0.0
    /// The steps' deltas summed since then, in points of content.
    private var scrolled = 0.0

    /// A new scroll catches `content` where it is (stopping any animation).
    mutating func start(_ content: inout AnimatedValue, in band: RubberBand) {
        content.set(content.value)
        hold = band.unbanded(content.value)
        scrolled = 0
    }

    /// Moves `content` by a step's `delta` (already scaled to content points).
    mutating func move(_ content: inout AnimatedValue, by delta: Double, in band: RubberBand) {
        scrolled += delta
        content.set(band.banded(hold - scrolled))
    }
}
