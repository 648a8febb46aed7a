/// The scrubber of the `canvas` reference scene (a brush-size or timeline strip a finger drags
/// while the pencil draws), shared with synthesis so that a synthesized scrub aims at the step
/// it means (as ``MenuLayout`` is for the menu).
///
/// A horizontal strip 44 pt tall along the bottom of the screen, from 15 % to 85 % of the
/// width, its bottom 56 pt above the screen's, divided into ``steps`` equal steps. The thumb
/// sits under the finger (clamped to the strip) and the scrubber's value is the step under
/// the thumb.
public struct ScrubberLayout: Sendable, Hashable {
    /// How many steps the strip has (values 0…steps − 1).
    public static let steps = 10
    /// The step the scrubber shows before any finger moves it.
    public static let initialStep = 4
    /// The strip's height, points, and its bottom's distance from the screen's.
    public static let height = 44.0
    public static let bottomInset = 56.0

    public let left: Double
    public let right: Double
    public let top: Double

    /// The strip of a `screenWidth` × `screenHeight` screen.
    public init(screenWidth: Double, screenHeight: Double) {
        left = 0.15 * screenWidth
        right = 0.85 * screenWidth
        top = screenHeight - Self.bottomInset - Self.height
    }

    public var bottom: Double { top + Self.height }
    /// The width of one step.
    public var stepWidth: Double { (right - left) / Double(Self.steps) }

    /// Whether (`x`, `y`) is on the strip.
    public func contains(x: Double, y: Double) -> Bool {
        x >= left && x <= right && y >= top && y <= bottom
    }

    /// Where the thumb sits for a finger at `x`: on the strip, under the finger.
    public func thumb(at x: Double) -> Double { min(right, max(left, x)) }

    /// The step a thumb at `thumb` shows.
    public func step(atThumb thumb: Double) -> Int {
        min(Self.steps - 1, max(0, Int((thumb - left) / stepWidth)))
    }

    /// The centre of `step`'s part of the strip.
    public func centre(ofStep step: Int) -> Double { left + (Double(step) + 0.5) * stepWidth }

    /// Where a step's part of the strip begins (its left edge).
    public func start(ofStep step: Int) -> Double { left + Double(step) * stepWidth }
}
