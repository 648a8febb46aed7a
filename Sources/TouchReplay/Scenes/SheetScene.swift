import TouchDynamics
import TouchInput

/// The `sheet` reference scene: a bottom sheet. A tap opens it on a critically damped
/// spring; when open, it follows a drag 1:1 (rubber-banded above its open position), and a
/// lift sends it where its projected resting point says — dismissed with a flick down on a
/// spring of damping 0.8, or back open. A touch on the moving sheet catches it.
public struct SheetScene: Scene {
    private let openY: Double
    private let closedY: Double
    private let band: RubberBand
    private var sheetY: AnimatedValue
    private var drag = DragTracker()
    private var holding = false
    private var holdY = 0.0
    private var isOpen = false
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext()) {
        openY = 0.12 * context.height
        closedY = context.height
        band = RubberBand(range: openY...closedY, dimension: context.height)
        sheetY = AnimatedValue(closedY)
        state.destination = "closed"
        state.y = closedY
    }

    public mutating func handle(_ sample: InputSample) {
        let time = sample.time.seconds
        switch drag.handle(sample) {
        case .down:
            holding = (isOpen || sheetY.isAnimating) && sample.y >= sheetY.value
            if holding {
                sheetY.set(sheetY.value)
                holdY = band.unbanded(sheetY.value)
            }
        case .panBegan:
            if holding { holdY = band.unbanded(sheetY.value) }
        case .moved:
            if holding && drag.isPanning { sheetY.set(band.banded(holdY + drag.dy)) }
        case .up, .cancelled:
            if holding && drag.isPanning {
                let velocity = drag.velocity().y
                let projected = project(sheetY.value, velocity: velocity)
                isOpen = projected < openY + 0.5 * (closedY - openY)
                sheetY.spring(to: isOpen ? openY : closedY, velocity: velocity, at: time,
                              with: isOpen ? Springs.open : Springs.dismiss)
            } else if !drag.isPanning {
                // A tap on a closed screen opens the sheet, one on the backdrop above an open
                // sheet closes it; a tap that caught the moving sheet lets it go on its way.
                if !holding { isOpen.toggle() }
                sheetY.spring(to: isOpen ? openY : closedY, at: time, with: isOpen ? Springs.open : Springs.dismiss)
            }
            holding = false
        case .none:
            return
        }
    }

    public mutating func advance(to time: Int64) {
        sheetY.update(at: time.seconds)
        state.y = sheetY.value
        state.targetY = sheetY.target
        state.isAnimating = sheetY.isAnimating
        state.tracking = holding && drag.isPanning && band.range.contains(sheetY.value) ? drag.id : nil
        state.destination = isOpen ? "open" : "closed"
    }

    public func animatedValues() -> [(name: String, value: Double)] { [("sheetY", sheetY.value)] }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", holding && drag.isPanning ? "changed" : drag.isDown ? "possible" : "idle")]
    }
}
