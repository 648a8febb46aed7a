import TouchDynamics
import TouchInput

/// The `scroll` reference scene: content three screens wide and tall, scrolled in both
/// axes. It tracks the finger 1:1 from the moment the pan begins (10 pt), rubber-bands past
/// the edges, coasts with scroll-view deceleration after a flick, bounces back from an edge
/// on a critically damped spring, and stops at once under a finger that catches it.
///
/// The element is the content's translation: (0, 0) shows its top-left corner, and it
/// starts centred.
public struct ScrollScene: Scene {
    private let bandX: RubberBand
    private let bandY: RubberBand
    private var contentX: AnimatedValue
    private var contentY: AnimatedValue
    private var drag = DragTracker()
    // The unbanded content translation when the finger took hold, and the finger then.
    private var holdX = 0.0, holdY = 0.0
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext()) {
        bandX = RubberBand(range: -2 * context.width...0, dimension: context.width)
        bandY = RubberBand(range: -2 * context.height...0, dimension: context.height)
        contentX = AnimatedValue(-context.width)
        contentY = AnimatedValue(-context.height)
        state.x = contentX.value
        state.y = contentY.value
    }

    public mutating func handle(_ sample: InputSample) {
        switch drag.handle(sample) {
        case .down:
            // A catch: whatever was moving stops where it is shown, under the finger.
            contentX.set(contentX.value)
            contentY.set(contentY.value)
            holdX = bandX.unbanded(contentX.value)
            holdY = bandY.unbanded(contentY.value)
        case .panBegan:
            holdX = bandX.unbanded(contentX.value)
            holdY = bandY.unbanded(contentY.value)
        case .moved:
            guard drag.isPanning else { return }
            contentX.set(bandX.banded(holdX + drag.dx))
            contentY.set(bandY.banded(holdY + drag.dy))
        case .up, .cancelled:
            let velocity = drag.isPanning ? drag.velocity() : .zero
            let time = sample.time.seconds
            release(&contentX, band: bandX, velocity: velocity.x, at: time)
            release(&contentY, band: bandY, velocity: velocity.y, at: time)
        case .none:
            return
        }
    }

    private func release(_ value: inout AnimatedValue, band: RubberBand, velocity: Double, at time: Double) {
        if value.value > band.range.upperBound {
            value.spring(to: band.range.upperBound, velocity: velocity, at: time, with: Springs.bounce)
        } else if value.value < band.range.lowerBound {
            value.spring(to: band.range.lowerBound, velocity: velocity, at: time, with: Springs.bounce)
        } else if velocity != 0 {
            value.coast(velocity: velocity, at: time, range: band.range, bounce: Springs.bounce)
        }
    }

    public mutating func advance(to time: Int64) {
        let seconds = time.seconds
        contentX.update(at: seconds)
        contentY.update(at: seconds)
        state.x = contentX.value
        state.y = contentY.value
        state.targetX = contentX.target
        state.targetY = contentY.target
        state.isAnimating = contentX.isAnimating || contentY.isAnimating
        let inRange = bandX.range.contains(state.x) && bandY.range.contains(state.y)
        state.tracking = drag.isPanning && inRange ? drag.id : nil
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", drag.isPanning ? "changed" : drag.isDown ? "possible" : "idle")]
    }
}
