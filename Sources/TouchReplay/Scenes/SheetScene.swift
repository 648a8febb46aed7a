import TouchDynamics
import TouchGestures
import TouchInput

/// The `sheet` reference scene: a bottom sheet. A tap opens it on a critically damped
/// spring; when open, it follows a ``PanRecognizer`` 1:1 (rubber-banded above its open
/// position), and a lift sends it where the pan's projection says it would come to rest —
/// dismissed with a flick down on a spring of damping 0.8, or back open. A touch on the
/// moving sheet catches it.
public struct SheetScene: Scene {
    /// The sheet's tunables.
    public struct Parameters: Sendable, Hashable {
        /// The spring that opens the sheet (critically damped) and the one that dismisses it:
        /// damping ratios and responses (s).
        public var openDampingRatio: Double
        public var openResponse: Double
        public var dismissDampingRatio: Double
        public var dismissResponse: Double
        /// How far the finger travels before the sheet follows it, points.
        public var hysteresis: Double
        /// Whether a tap that turns a moving sheet around retargets its spring keeping
        /// position and velocity (interruptible), or restarts it from rest.
        public var retargetKeepsVelocity: Bool

        public init(openDampingRatio: Double = 1, openResponse: Double = 0.35,
                    dismissDampingRatio: Double = 0.8, dismissResponse: Double = 0.4, hysteresis: Double = 10,
                    retargetKeepsVelocity: Bool = true) {
            self.hysteresis = hysteresis
            self.retargetKeepsVelocity = retargetKeepsVelocity
            self.openDampingRatio = openDampingRatio
            self.openResponse = openResponse
            self.dismissDampingRatio = dismissDampingRatio
            self.dismissResponse = dismissResponse
        }
    }

    private let openSpring: Spring?
    private let dismissSpring: Spring?
    private let openY: Double
    private let closedY: Double
    private let band: RubberBand
    private let retargetKeepsVelocity: Bool
    private var sheetY: AnimatedValue
    private var pan: ScenePan<PanRecognizer>
    // Whether the touch landed on the sheet (it drives the sheet), and the unbanded sheet
    // position when the pan began.
    private var holding = false
    private var holdY = 0.0
    private var isOpen = false
    public private(set) var state = SceneState()

    /// A closed sheet below the screen of `context`; open, its top is 12 % down the screen.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        retargetKeepsVelocity = parameters.retargetKeepsVelocity
        openSpring = Springs.make(dampingRatio: parameters.openDampingRatio, response: parameters.openResponse)
        dismissSpring = Springs.make(dampingRatio: parameters.dismissDampingRatio, response: parameters.dismissResponse)
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis))
        openY = 0.12 * context.height
        closedY = context.height
        band = RubberBand(range: openY...closedY, dimension: context.height)
        sheetY = AnimatedValue(closedY)
        state.destination = .closed
        state.y = closedY
    }

    public mutating func handle(_ sample: InputSample) {
        let time = sample.time.seconds
        switch pan.handle(sample) {
        case .down:
            holding = (isOpen || sheetY.isAnimating) && sample.y >= sheetY.value
            if holding { sheetY.set(sheetY.value) }
        case .began:
            if holding { holdY = band.unbanded(sheetY.value) }
        case .changed:
            if holding { sheetY.set(band.banded(holdY + pan.translation.dy)) }
        case .ended, .cancelled:
            if holding {
                let velocity = pan.velocity.y
                let projected = sheetY.value + pan.releaseDistance.dy
                isOpen = projected < openY + 0.5 * (closedY - openY)
                sheetY.spring(to: isOpen ? openY : closedY, velocity: velocity, at: time,
                              with: isOpen ? openSpring : dismissSpring)
            }
            holding = false
        case .lifted:
            // A tap on a closed screen opens the sheet, one on the backdrop above an open
            // sheet closes it; a tap that caught the moving sheet lets it go on its way. A
            // cancelled touch, or one a second finger joined, is no tap: it changes nothing but
            // what it caught.
            let tapped = !holding && pan.isTap(sample)
            if tapped { isOpen.toggle() }
            if tapped || holding {
                sheetY.spring(to: isOpen ? openY : closedY, velocity: retargetKeepsVelocity ? nil : 0, at: time,
                              with: isOpen ? openSpring : dismissSpring)
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
        state.tracking = holding && band.range.contains(sheetY.value) ? pan.trackedContact : nil
        state.destination = isOpen ? .open : .closed
    }

    public func animatedValues() -> [(name: String, value: Double)] { [("sheetY", sheetY.value)] }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", holding ? pan.recognizer.state.rawValue : "idle")]
    }

    /// A tap's lift opens or closes the sheet (docs/METRICS.md).
    public var responsiveInputs: ResponsiveInputs { .tapLift }
}
