import TouchDynamics
import TouchGestures
import TouchInput

/// The `sidebar` reference scene: a swipe in from the left edge reveals a sidebar that
/// follows the finger 1:1 (after the pan's hysteresis) and, at the lift, goes to the stop
/// nearest the projection of its momentum (``SidebarLayout``: closed, open, a third column
/// at twice the width), frame by frame while the finger is down. Pulled past the third column
/// (or left of closed) it rubber-bands. It springs to its stop critically damped, or with a
/// little bounce (damping 0.75) when the release carries momentum (300 pt/s or more), the
/// release velocity handed to the spring either way (from the band, the velocity it shows:
/// the finger's times the band's slope there, so a hard pull past the end cannot fling it).
///
/// It is interruptible both ways: a touch anywhere while it moves catches it where it is and
/// drives it from there (a lift without a drag lets it go on to its stop); with the sidebar
/// open, a touch anywhere drags it; closed, only the left edge (20 pt) starts it.
///
/// Shown: `x` the reveal (the sidebar's right edge), `y` 0; destinations
/// ``Destination/sidebarClosed``, ``Destination/sidebarOpen`` and ``Destination/thirdColumn``.
public struct SidebarScene: Scene {
    /// The sidebar's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How far the finger travels before the sidebar follows it, points.
        public var hysteresis: Double
        /// The width of the left-edge region where a swipe must start when the sidebar is
        /// closed, points.
        public var edge: Double
        /// Whether a touch landing while the sidebar's spring runs catches it. `false` is the
        /// broken sidebar: such a touch is ignored for its whole life, so it can be neither
        /// caught nor turned around until it has come to rest.
        public var respondsWhileAnimating: Bool

        public init(hysteresis: Double = 10, edge: Double = 20, respondsWhileAnimating: Bool = true) {
            self.hysteresis = hysteresis
            self.edge = edge
            self.respondsWhileAnimating = respondsWhileAnimating
        }
    }

    /// A release without momentum settles critically damped; one with momentum overshoots a
    /// little, as a thrown panel does.
    static let settle = Springs.make(dampingRatio: 1, response: 0.35)
    static let thrown = Springs.make(dampingRatio: 0.75, response: 0.35)
    /// The release speed from which the spring carries momentum, pt/s.
    static let momentumSpeed = 300.0

    private let parameters: Parameters
    private let layout: SidebarLayout
    private let band: RubberBand
    private var reveal = AnimatedValue(0)
    private var pan: ScenePan<EdgePanRecognizer>
    /// Whether the contact down drives the sidebar.
    private var driving = false
    /// The unbanded reveal when the pan began.
    private var hold = 0.0
    private var committed = Destination.sidebarClosed
    public private(set) var state = SceneState()

    /// A closed sidebar on the context's screen.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        layout = SidebarLayout(screenWidth: context.width)
        band = RubberBand(range: 0...layout.lastStop, dimension: context.width)
        let screen = Rect(x: 0, y: 0, width: context.width, height: context.height)
        pan = ScenePan(EdgePanRecognizer(screen: screen, edges: .left, margin: parameters.edge,
                                         pan: PanRecognizer(hysteresis: parameters.hysteresis)))
        show()
    }

    public mutating func handle(_ sample: InputSample) {
        let step = pan.handle(sample, takeAnyContact: true)
        let time = sample.time.seconds
        switch step {
        case .down:
            let moving = reveal.isAnimating
            if moving && !parameters.respondsWhileAnimating {
                driving = false
            } else {
                driving = pan.recognizer.edge != nil || moving || reveal.value > 0.5
            }
            // A touch on the moving sidebar catches it where it is.
            if driving { reveal.set(reveal.value) }
        case .began:
            hold = band.unbanded(reveal.value)
        case .changed:
            if driving { reveal.set(band.banded(hold + pan.translation.dx)) }
        case .ended, .cancelled:
            // Past an end the sidebar moves at the band's pace, not the finger's: it is handed
            // the velocity it is shown moving at.
            if driving { release(velocity: pan.velocity.x * band.slope(at: hold + pan.translation.dx), at: time) }
            driving = false
        case .lifted:
            // A catch let go without a drag: on to the stop it was heading for.
            if driving && reveal.value != layout.reveal(of: committed) {
                reveal.spring(to: layout.reveal(of: committed), velocity: 0, at: time, with: Self.settle)
            }
            driving = false
        case .none:
            break
        }
    }

    private mutating func release(velocity: Double, at time: Double) {
        committed = projectedStop(velocity: velocity)
        let spring = abs(velocity) >= Self.momentumSpeed ? Self.thrown : Self.settle
        reveal.spring(to: layout.reveal(of: committed), velocity: velocity, at: time, with: spring)
    }

    /// The stop nearest where the sidebar's momentum would carry it.
    private func projectedStop(velocity: Double) -> Destination {
        layout.nearestStop(to: project(reveal.value, velocity: velocity, decelerationRate: pan.pan.decelerationRate))
    }

    public mutating func advance(to time: Int64) {
        reveal.update(at: time.seconds)
        if driving && pan.isPanning { committed = projectedStop(velocity: pan.velocity.x) }
        show()
    }

    private mutating func show() {
        state.x = reveal.value
        state.y = 0
        state.targetX = driving ? reveal.value : layout.reveal(of: committed)
        state.targetY = 0
        state.isAnimating = reveal.isAnimating
        // 1:1 while the sidebar is not rubber-banding.
        state.tracking = driving && reveal.value == hold + pan.translation.dx ? pan.trackedContact : nil
        state.destination = committed
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("reveal", reveal.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("edgePan", driving ? pan.recognizer.state.rawValue : "idle")]
    }
}
