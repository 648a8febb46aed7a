import TouchDynamics
import TouchGestures
import TouchInput

/// The `pip` reference scene: a picture-in-picture window dragged by a ``PanRecognizer``
/// 1:1 (from wherever the finger lands, offset kept), thrown to the corner nearest the
/// pan's projection of its resting point, sprung there with the release velocity, and
/// caught in flight: a touch-down stops it at once under the finger.
public struct PipScene: Scene {
    /// The window's tunables.
    public struct Parameters: Sendable, Hashable {
        /// The spring that takes the window to its corner: damping ratio and response (s).
        public var dampingRatio: Double
        public var response: Double
        /// How the corner is chosen at the lift.
        public var cornerPolicy: CornerPolicy
        /// Whether the corner spring starts with the release velocity (momentum handed over,
        /// as it should be) or from rest (the window stops dead at the lift, then sets off).
        public var carriesReleaseVelocity: Bool
        /// How far the finger travels before the window follows it, points.
        public var hysteresis: Double

        public init(dampingRatio: Double = 0.85, response: Double = 0.5, cornerPolicy: CornerPolicy = .projection,
                    carriesReleaseVelocity: Bool = true, hysteresis: Double = 10) {
            self.hysteresis = hysteresis
            self.dampingRatio = dampingRatio
            self.response = response
            self.cornerPolicy = cornerPolicy
            self.carriesReleaseVelocity = carriesReleaseVelocity
        }
    }

    /// How a thrown window picks its corner.
    public enum CornerPolicy: String, Sendable, Hashable, CaseIterable {
        /// The corner nearest to where the window's momentum would carry it (the fluid way).
        case projection
        /// The corner nearest to where the window is when the finger lifts, momentum ignored.
        case nearestCorner
    }

    private let parameters: Parameters
    /// The corner spring (`nil` for invalid parameters: the window then jumps).
    private let spring: Spring?
    static let size = (width: 160.0, height: 90.0)
    static let margin = 16.0

    private let corners: [(x: Double, y: Double)]
    private var windowX: AnimatedValue
    private var windowY: AnimatedValue
    private var pan: ScenePan<PanRecognizer>
    // The window's origin when the pan began: window = hold + translation.
    private var holdX = 0.0, holdY = 0.0
    private var corner = 3
    public private(set) var state = SceneState()

    /// A window resting in the bottom-right corner of the screen of `context`.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        spring = Springs.make(dampingRatio: parameters.dampingRatio, response: parameters.response)
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis))
        let left = Self.margin, right = context.width - Self.margin - Self.size.width
        let top = Self.margin + 44, bottom = context.height - Self.margin - 34 - Self.size.height
        corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
        windowX = AnimatedValue(corners[3].x)
        windowY = AnimatedValue(corners[3].y)
        state.destination = .corner(3)
        advance(to: 0)
    }

    public mutating func handle(_ sample: InputSample) {
        switch pan.handle(sample) {
        case .down:
            // A catch: the window stops where it is shown.
            windowX.set(windowX.value)
            windowY.set(windowY.value)
        case .began:
            holdX = windowX.value; holdY = windowY.value
        case .changed:
            let translation = pan.translation
            windowX.set(holdX + translation.dx)
            windowY.set(holdY + translation.dy)
        case .ended, .cancelled, .lifted:
            let velocity = parameters.carriesReleaseVelocity ? pan.velocity : .zero
            let travel = pan.releaseDistance
            let momentum = parameters.cornerPolicy == .projection ? 1.0 : 0.0
            corner = nearestCorner(to: windowX.value + momentum * travel.dx, windowY.value + momentum * travel.dy)
            let time = sample.time.seconds
            windowX.spring(to: corners[corner].x, velocity: velocity.x, at: time, with: spring)
            windowY.spring(to: corners[corner].y, velocity: velocity.y, at: time, with: spring)
        case .none:
            return
        }
    }

    private func nearestCorner(to x: Double, _ y: Double) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (index, corner) in corners.enumerated() {
            let distance = (corner.x - x) * (corner.x - x) + (corner.y - y) * (corner.y - y)
            if distance < bestDistance { bestDistance = distance; best = index }
        }
        return best
    }

    public mutating func advance(to time: Int64) {
        let seconds = time.seconds
        windowX.update(at: seconds)
        windowY.update(at: seconds)
        state.show(x: windowX, y: windowY)
        state.tracking = pan.trackedContact
        state.destination = .corner(corner)
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", pan.recognizer.state.rawValue)]
    }
}
