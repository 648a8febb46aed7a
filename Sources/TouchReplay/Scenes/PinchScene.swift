import TouchBenchSupport
import TouchDynamics
import TouchGestures
import TouchInput

/// The `pinch` reference scene: a photo scaled by a ``PinchRecognizer``, turned by a
/// ``RotationRecognizer`` and moved by a ``PanRecognizer`` (which follows the fingers'
/// centroid, so one finger or two move it 1:1). Each takes over from what is shown when it
/// begins, so nothing jumps by its hysteresis. At the lift, scale and angle are projected
/// with their release velocities: the scale springs to its projection kept within 1…4,
/// the angle to the nearest quarter turn of its projection, and the position back to the
/// centre when the photo is not zoomed (else it coasts). A touch-down catches whatever is
/// still moving.
public struct PinchScene: Scene {
    /// The photo's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How far the fingers must deform the pair (half the span's change for the pinch,
        /// the arc for the rotation) before the photo scales or turns, points.
        public var hysteresis: Double
        /// Damping ratio of the spring that settles scale, angle and position at the lift.
        public var snapDampingRatio: Double
        /// Response of that spring, seconds.
        public var snapResponse: Double

        public init(hysteresis: Double = 10, snapDampingRatio: Double = 0.85, snapResponse: Double = 0.5) {
            self.hysteresis = hysteresis
            self.snapDampingRatio = snapDampingRatio
            self.snapResponse = snapResponse
        }
    }

    private let snap: Spring?
    private var translationX = AnimatedValue(0)
    private var translationY = AnimatedValue(0)
    private var scale = AnimatedValue(1)
    private var rotation = AnimatedValue(0)
    private var pan = ScenePan(PanRecognizer())
    private var pinch: PinchRecognizer
    private var turn: RotationRecognizer
    private var events: [GestureEvent] = []
    // What was shown when each recognizer began: it moves the photo from there.
    private var startScale = 1.0, startRotation = 0.0, startX = 0.0, startY = 0.0
    /// Where the scale and the angle were heading when the first finger caught them, each
    /// until a gesture of its own begins (a turn leaves the caught scale to go on at the lift).
    private var caughtScale: Double?
    private var caughtRotation: Double?
    public private(set) var state = SceneState()

    /// A photo at rest, unzoomed, in the middle of the screen.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        pinch = PinchRecognizer(hysteresis: parameters.hysteresis)
        turn = RotationRecognizer(hysteresis: parameters.hysteresis)
        // The scene reads the velocities from the recognizers at the lift: no fit per sample.
        pinch.velocityInChangedEvents = false
        turn.velocityInChangedEvents = false
        snap = Springs.make(dampingRatio: parameters.snapDampingRatio, response: parameters.snapResponse)
        events.reserveCapacity(4)
    }

    public mutating func handle(_ sample: InputSample) {
        guard sample.isContactSample else { return }
        if sample.phase == .began { prepareTwoFingerRecognizers(for: sample) }
        events.empty()
        pinch.handle(sample, events: &events)
        turn.handle(sample, events: &events)
        for event in events { take(event) }

        switch pan.handle(sample) {
        case .down:
            // A catch: the photo stops where it is shown.
            translationX.set(translationX.value); translationY.set(translationY.value)
            caughtScale = scale.target
            caughtRotation = rotation.target
            scale.set(scale.value); rotation.set(rotation.value)
        case .began:
            startX = translationX.value; startY = translationY.value
        case .changed:
            let translation = pan.translation
            translationX.set(startX + translation.dx)
            translationY.set(startY + translation.dy)
        case .ended, .cancelled, .lifted:
            releaseTranslation(at: sample.time.seconds)
            releaseCaughtTransform(at: sample.time.seconds)
        case .none:
            return
        }
    }

    /// Starts the pinch and rotation afresh for a new finger once they are finished; a
    /// finger still down from the last pinch is offered to them again first, so that a
    /// second finger landing next to it pinches at once.
    private mutating func prepareTwoFingerRecognizers(for sample: InputSample) {
        guard pinch.state.isTerminal || turn.state.isTerminal else { return }
        if pinch.state.isTerminal { pinch.reset() }
        if turn.state.isTerminal { turn.reset() }
        guard let resting = pan.restingFinger(at: sample.time) else { return }
        events.empty()
        pinch.handle(resting, events: &events)
        turn.handle(resting, events: &events)
    }

    /// A touch that caught the scale or angle springing and lifted before a pinch (for the
    /// scale) or a turn (for the angle) began lets it go on to where it was heading (within
    /// 1…4, on a quarter turn): caught and left, it stayed where the touch stopped it.
    private mutating func releaseCaughtTransform(at seconds: Double) {
        defer { caughtScale = nil; caughtRotation = nil }
        if let goal = caughtScale, !scale.isAnimating, scale.value != goal {
            scale.spring(to: goal, velocity: 0, at: seconds, with: snap)
        }
        if let goal = caughtRotation, !rotation.isAnimating, rotation.value != goal {
            rotation.spring(to: goal, velocity: 0, at: seconds, with: snap)
        }
    }

    private mutating func take(_ event: GestureEvent) {
        let seconds = event.time.seconds
        switch (event.gesture, event.state) {
        case (.pinch, .began):
            // The pinch takes the scale from where the catch left it.
            caughtScale = nil
            startScale = scale.value
            scale.set(startScale)
        case (.pinch, .changed):
            scale.set(startScale * pinch.scale)
        case (.pinch, .ended), (.pinch, .cancelled):
            let velocity = startScale * pinch.scaleVelocity
            let goal = min(4, max(1, startScale * pinch.projectedScale))
            scale.spring(to: goal, velocity: velocity, at: seconds, with: snap)
        case (.rotation, .began):
            caughtRotation = nil
            startRotation = rotation.value
            rotation.set(startRotation)
        case (.rotation, .changed):
            rotation.set(startRotation + turn.rotation)
        case (.rotation, .ended), (.rotation, .cancelled):
            let quarter = Double.pi / 2
            let turns = ((startRotation + turn.projectedRotation) / quarter).rounded()
            rotation.spring(to: turns * quarter, velocity: turn.rotationVelocity, at: seconds, with: snap)
        default:
            return
        }
    }

    private mutating func releaseTranslation(at seconds: Double) {
        let velocity = pan.velocity
        if scale.target <= 1 {
            translationX.spring(to: 0, velocity: velocity.x, at: seconds, with: snap)
            translationY.spring(to: 0, velocity: velocity.y, at: seconds, with: snap)
        } else if velocity.x != 0 || velocity.y != 0 {
            translationX.coast(velocity: velocity.x, at: seconds, range: nil, bounce: nil)
            translationY.coast(velocity: velocity.y, at: seconds, range: nil, bounce: nil)
        }
    }

    public mutating func advance(to time: Int64) {
        let seconds = time.seconds
        translationX.update(at: seconds); translationY.update(at: seconds)
        scale.update(at: seconds); rotation.update(at: seconds)
        state.show(x: translationX, y: translationY)
        state.isAnimating = state.isAnimating || scale.isAnimating || rotation.isAnimating
        state.scale = scale.value
        state.rotation = rotation.value
        state.tracking = pan.trackedContact
        state.destination = pinch.state.isActive || turn.state.isActive ? .pinching : .none
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("x", translationX.value), ("y", translationY.value), ("scale", scale.value), ("rotation", rotation.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pinch", pinch.state.rawValue), ("rotation", turn.state.rawValue), ("pan", pan.recognizer.state.rawValue)]
    }

    /// The second finger must start the pinch or rotation (docs/METRICS.md).
    public var responsiveInputs: ResponsiveInputs { .secondTouchDown }
}
