import TouchBenchSupport
import TouchDynamics
import TouchGestures
import TouchInput

/// The `scroll` reference scene: content three screens wide and tall, scrolled in both
/// axes. A ``PanRecognizer`` drives it: the content tracks the finger 1:1 from the moment
/// the pan begins (10 pt), keeping the touch offset; it rubber-bands past the edges, coasts
/// with scroll-view deceleration from the pan's release velocity, bounces back from an edge
/// on a critically damped spring, and stops at once under a finger that catches it. Scroll
/// steps (a mouse wheel, a trackpad) move it as a finger would: 1:1 by their deltas.
///
/// The element is the content's translation: (0, 0) shows its top-left corner, and it
/// starts centred.
public struct ScrollScene: Scene {
    /// The scroll view's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How far the finger travels before the content follows it, points.
        public var hysteresis: Double
        /// The deceleration of released content (and of the pan's projection).
        public var decelerationRate: DecelerationRate
        /// Whether a touch on moving content stops it under the finger (a catch).
        public var catchesMovingContent: Bool
        /// Damping ratio of the spring that brings content back from past an edge.
        public var bounceDampingRatio: Double
        /// Response of that spring, seconds.
        public var bounceResponse: Double
        /// Whether content that reaches an edge while coasting hands its velocity to the
        /// bounce (rubber-banding past the edge) or stops dead there.
        public var bounceKeepsVelocity: Bool

        public init(hysteresis: Double = 10, decelerationRate: DecelerationRate = .normal, catchesMovingContent: Bool = true,
                    bounceDampingRatio: Double = 1, bounceResponse: Double = 0.4, bounceKeepsVelocity: Bool = true) {
            self.bounceKeepsVelocity = bounceKeepsVelocity
            self.hysteresis = hysteresis
            self.decelerationRate = decelerationRate
            self.catchesMovingContent = catchesMovingContent
            self.bounceDampingRatio = bounceDampingRatio
            self.bounceResponse = bounceResponse
        }
    }

    private let parameters: Parameters
    private let bounce: Spring?
    private let bandX: RubberBand
    private let bandY: RubberBand
    private var contentX: AnimatedValue
    private var contentY: AnimatedValue
    private var pan: ScenePan<PanRecognizer>
    // The unbanded content translation when the pan began: content = band(hold + translation).
    private var holdX = 0.0, holdY = 0.0
    // The same for a scroll (wheel or trackpad), one axis each.
    private var steps = ScrollSteps()
    private var scrolledX = StepScrollAxis(), scrolledY = StepScrollAxis()
    private var signals: [SceneSignal] = []
    public private(set) var state = SceneState()

    /// A scroll view filling the screen of `context`.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        bounce = Springs.make(dampingRatio: parameters.bounceDampingRatio, response: parameters.bounceResponse)
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis, decelerationRate: parameters.decelerationRate))
        bandX = RubberBand(range: -2 * context.width...0, dimension: context.width)
        bandY = RubberBand(range: -2 * context.height...0, dimension: context.height)
        contentX = AnimatedValue(-context.width)
        contentY = AnimatedValue(-context.height)
        contentX.bounceKeepsVelocity = parameters.bounceKeepsVelocity
        contentY.bounceKeepsVelocity = parameters.bounceKeepsVelocity
        state.x = contentX.value
        state.y = contentY.value
    }

    public mutating func handle(_ sample: InputSample) {
        // A scroll without phases that idled out before this sample ends at its deadline.
        if let deadline = steps.deadline(passedBy: sample.time) { endScroll(at: deadline) }
        if sample.kind == .scroll {
            if steps.takes(sample, whileHeld: pan.isDown) { scroll(sample) }
            return
        }
        // A finger landing ends a scroll: a later step starts a new one from where the
        // finger leaves the content, not from where the wheel left it.
        if steps.isActive, sample.kind.isContact, sample.phase == .began {
            endScroll(at: sample.time)
        }
        switch pan.handle(sample) {
        case .down:
            // A catch: whatever was moving stops where it is shown, under the finger.
            guard parameters.catchesMovingContent else { return }
            contentX.set(contentX.value)
            contentY.set(contentY.value)
        case .began:
            // Unbanded, so that content caught past an edge does not jump.
            holdX = bandX.unbanded(contentX.value)
            holdY = bandY.unbanded(contentY.value)
        case .changed:
            let translation = pan.translation
            contentX.set(bandX.banded(holdX + translation.dx))
            contentY.set(bandY.banded(holdY + translation.dy))
        case .ended, .cancelled, .lifted:
            let velocity = pan.velocity
            let time = sample.time.seconds
            contentX.release(in: bandX, velocity: velocity.x, at: time, bounce: bounce, rate: parameters.decelerationRate)
            contentY.release(in: bandY, velocity: velocity.y, at: time, bounce: bounce, rate: parameters.decelerationRate)
        case .none:
            return
        }
    }

    /// Scroll steps (a wheel's notches, a trackpad's two-finger pan) move the content as a
    /// finger would: the step that starts a scroll catches moving content, each step moves it
    /// by exactly its delta (W3C: a positive `dy` scrolls down, so the content moves up),
    /// rubber-banding past an edge, and the end springs content past an edge back. Steps
    /// carry no momentum of their own: platforms deliver a trackpad's momentum as further
    /// scroll steps, which move the content in turn.
    private mutating func scroll(_ sample: InputSample) {
        let delta = sample.scrollDelta ?? (0, 0)
        if steps.step(sample.phase, at: sample.time) {
            scrolledX.start(&contentX, in: bandX)
            scrolledY.start(&contentY, in: bandY)
        }
        scrolledX.move(&contentX, by: delta.dx, in: bandX)
        scrolledY.move(&contentY, by: delta.dy, in: bandY)
        if sample.phase.isTerminal { endScroll(at: sample.time) }
    }

    /// Ends the scroll under way: content left past an edge springs back.
    private mutating func endScroll(at time: Int64) {
        steps.end()
        contentX.release(in: bandX, velocity: 0, at: time.seconds, bounce: bounce)
        contentY.release(in: bandY, velocity: 0, at: time.seconds, bounce: bounce)
    }

    public mutating func advance(to time: Int64) {
        if let deadline = steps.deadline(passedBy: time) { endScroll(at: deadline) }
        let seconds = time.seconds
        contentX.update(at: seconds)
        contentY.update(at: seconds)
        // Both axes may reach their edges in one frame: one hand-off, at the first contact.
        let edge: Double? = switch (contentX.takeBounce(), contentY.takeBounce()) {
        case let (x?, y?): Swift.min(x, y)
        case let (x?, nil): x
        case let (nil, y?): y
        case (nil, nil): nil
        }
        if let edge { signals.append(.edgeBounce(time: Int64((edge * 1e9).rounded()))) }
        state.show(x: contentX, y: contentY)
        // Keep rendering while a scroll without phases waits for its deadline.
        if steps.awaitsDeadline { state.isAnimating = true }
        let inRange = bandX.range.contains(state.x) && bandY.range.contains(state.y)
        state.tracking = inRange ? pan.trackedContact : nil
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", pan.recognizer.state.rawValue)]
    }
}
