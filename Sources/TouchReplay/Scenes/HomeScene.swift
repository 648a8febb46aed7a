import TouchDynamics
import TouchGestures
import TouchInput

/// The `home` reference scene: the app's card follows an edge swipe up 1:1 and shrinks
/// (an ``EdgePanRecognizer`` on the bottom edge, 44 pt: the home indicator's region);
/// the scene commits to a destination from the projected end of the gesture — `home`
/// (thrown up far enough), `appSwitcher` (the finger paused, seen by the deceleration
/// detector), or back to the `app` — and springs the card there. At home, a tap launches
/// the app again, and a swipe that lands during the launch catches the card.
///
/// The pause comes from TouchGestures' `DecelerationPauseDetector`; its `TimerPauseDetector`
/// runs alongside so that the two can be compared (`pause_detection_timer_ms`).
public struct HomeScene: Scene {
    /// The home gesture's tunables.
    public struct Parameters: Sendable, Hashable {
        /// Which pause detector commits the app switcher: the finger's deceleration (as the
        /// fluid-interface literature has it) or the timer-based baseline.
        public var pauseDetector: PauseDetectorKind
        /// How a swipe without a pause picks between home and the app.
        public var destinationRule: DestinationRule
        /// How far the finger travels before the card follows it, points.
        public var hysteresis: Double
        /// The height of the bottom-edge region where the swipe must start, points.
        public var edge: Double
        /// The deceleration detector's spike (pt/s²) and the share of peak speed under which
        /// it calls a pause; the dwell timer's duration (ns) and speed threshold (pt/s).
        public var minimumDeceleration: Double
        public var speedFraction: Double
        public var timerDuration: Int64
        public var timerSpeedThreshold: Double

        public init(pauseDetector: PauseDetectorKind = .deceleration, destinationRule: DestinationRule = .projection,
                    hysteresis: Double = 10, edge: Double = HomeScene.edge,
                    minimumDeceleration: Double = 1000, speedFraction: Double = 0.6,
                    timerDuration: Int64 = 100_000_000, timerSpeedThreshold: Double = 20) {
            self.hysteresis = hysteresis
            self.edge = edge
            self.minimumDeceleration = minimumDeceleration
            self.speedFraction = speedFraction
            self.timerDuration = timerDuration
            self.timerSpeedThreshold = timerSpeedThreshold
            self.pauseDetector = pauseDetector
            self.destinationRule = destinationRule
        }
    }

    /// How the home scene decides between home and the app.
    public enum DestinationRule: String, Sendable, Hashable, CaseIterable {
        /// Home when the card's projected resting place is a quarter of the screen up and the
        /// card is not heading down (the fluid way: where the gesture is going).
        case projection
        /// Home once the card has been pulled up 15 % of the screen, however the swipe ends
        /// (where the gesture has been): it tracks the finger, but a swipe turned back down
        /// still goes home. Kept to show what `intent_accuracy` catches.
        case furthestReach
    }

    private let parameters: Parameters
    public static let edge = 44.0
    static let pauseProgress = 0.1

    private let width: Double
    private let height: Double
    private var cardX = AnimatedValue(0)
    private var cardY = AnimatedValue(0)
    private var scale = AnimatedValue(1)
    private var pan: ScenePan<EdgePanRecognizer>
    private var pause: DecelerationPauseDetector
    private var timer: TimerPauseDetector
    private var gestureEvents: [GestureEvent] = []
    private var isPaused = false
    // Whether each detector has reported the current contact's pause (once per contact).
    private var pauseReported = false
    private var timerReported = false
    private var signals: [SceneSignal] = []
    private var swiping = false
    private var holdX = 0.0, holdY = 0.0
    /// How far up the card has been pulled during this swipe (points, positive up).
    private var reach = 0.0
    private var committed = Destination.app
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        width = context.width
        height = context.height
        let screen = Rect(x: 0, y: 0, width: context.width, height: context.height)
        pan = ScenePan(EdgePanRecognizer(screen: screen, edges: .bottom, margin: parameters.edge,
                                         pan: PanRecognizer(hysteresis: parameters.hysteresis)))
        pause = DecelerationPauseDetector(minimumDeceleration: parameters.minimumDeceleration, speedFraction: parameters.speedFraction)
        timer = TimerPauseDetector(speedThreshold: parameters.timerSpeedThreshold, duration: parameters.timerDuration)
        state.destination = committed
    }

    private func target(of destination: Destination) -> (y: Double, scale: Double) {
        switch destination {
        case .home: (-0.45 * height, 0.2)
        case .appSwitcher: (-0.25 * height, 0.6)
        default: (0, 1)
        }
    }

    public mutating func handle(_ sample: InputSample) {
        // Every first finger is followed — one at the edge swipes, one elsewhere may catch
        // the launching card or tap the app open — and the edge pan says which it is.
        let step = pan.handle(sample, takeAnyContact: true)
        if step == .down {
            pause.reset()
            timer.reset()
            isPaused = false
            pauseReported = false
            timerReported = false
        }
        if sample.isContactSample && sample.id == pan.pan.contact {
            pause.handle(sample, events: &gestureEvents)
            timer.handle(sample, events: &gestureEvents)
            takePauses()
        }
        switch step {
        case .down:
            let animating = cardY.isAnimating
            swiping = pan.recognizer.edge != nil || animating
            if swiping {
                // A swipe during the launch catches the card where it is.
                cardX.set(cardX.value); cardY.set(cardY.value); scale.set(scale.value)
            }
        case .began:
            holdX = cardX.value; holdY = cardY.value
            reach = 0
        case .changed:
            guard swiping else { return }
            let translation = pan.translation
            cardX.set(holdX + translation.dx)
            cardY.set(min(holdY + translation.dy, RubberBand(range: -height...0, dimension: height).banded(holdY + translation.dy)))
            reach = max(reach, -cardY.value)
            scale.set(max(0.3, 1 + 0.6 * min(0, cardY.value) / height))
        case .ended, .cancelled:
            if swiping {
                let velocity = pan.velocity
                committed = isPaused ? .appSwitcher : projectedDestination(velocityY: velocity.y)
                let goal = target(of: committed), time = sample.time.seconds
                cardX.spring(to: 0, velocity: velocity.x, at: time, with: Springs.snap)
                cardY.spring(to: goal.y, velocity: velocity.y, at: time, with: Springs.snap)
                scale.spring(to: goal.scale, velocity: 0, at: time, with: Springs.snap)
            }
            swiping = false
        case .lifted:
            // A tap at home or in the switcher launches the app; a tap that caught the card
            // on its way (a launch under way) lets it go on to the app. Either way the card
            // springs to the app from where the finger held it, never left where it stopped.
            committed = .app
            if cardX.value != 0 || cardY.value != 0 || scale.value != 1 {
                let time = sample.time.seconds
                cardX.spring(to: 0, velocity: 0, at: time, with: Springs.snap)
                cardY.spring(to: 0, velocity: 0, at: time, with: Springs.snap)
                scale.spring(to: 1, velocity: 0, at: time, with: Springs.snap)
            }
            swiping = false
        case .none:
            return
        }
    }

    /// Home when the card would come to rest a quarter of the screen up, else the app (or,
    /// by ``DestinationRule/furthestReach``, when it has been pulled up far enough).
    private func projectedDestination(velocityY: Double) -> Destination {
        if parameters.destinationRule == .furthestReach { return reach > 0.15 * height ? .home : .app }
        return project(cardY.value, velocity: velocityY, decelerationRate: pan.pan.decelerationRate) < -0.25 * height && velocityY <= 0 ? .home : .app
    }

    /// Reads what the pause detectors reported; a finger speeding up again ends the pause.
    private mutating func takePauses() {
        for event in gestureEvents where event.gesture == .pause {
            if event.detector == parameters.pauseDetector { isPaused = true }
            if event.detector == .deceleration {
                if !pauseReported {
                    pauseReported = true
                    signals.append(.pauseDetected(time: event.time, detector: .deceleration))
                }
            } else if !timerReported {
                timerReported = true
                signals.append(.pauseDetected(time: event.time, detector: .timer))
            }
        }
        gestureEvents.removeAll(keepingCapacity: true)
        if isPaused, let motion = pause.contacts.first, motion.speed >= pause.minimumPeakSpeed, motion.deceleration < 0 {
            isPaused = false
        }
    }

    public mutating func advance(to time: Int64) {
        if pan.isDown {
            timer.advance(to: time, events: &gestureEvents)
            takePauses()
        }
        if swiping && pan.isPanning {
            let progress = -cardY.value / height
            if isPaused && progress > Self.pauseProgress {
                committed = .appSwitcher
            } else if !isPaused {
                committed = projectedDestination(velocityY: pan.velocity.y)
            }
        }
        let seconds = time.seconds
        cardX.update(at: seconds)
        cardY.update(at: seconds)
        scale.update(at: seconds)
        state.show(x: cardX, y: cardY)
        if !swiping {
            // No finger drives the card: it is heading for the place of its destination.
            state.targetX = 0
            state.targetY = target(of: committed).y
        }
        state.isAnimating = state.isAnimating || scale.isAnimating
        state.scale = scale.value
        // 1:1 only while the card is not rubber-banding below its resting place.
        state.tracking = swiping && cardY.value == holdY + pan.translation.dy ? pan.trackedContact : nil
        state.destination = committed
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        signals.append(contentsOf: self.signals)
        self.signals.removeAll(keepingCapacity: true)
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("cardX", cardX.value), ("cardY", cardY.value), ("scale", scale.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("edgePan", swiping ? pan.recognizer.state.rawValue : "idle"),
         ("pause", isPaused ? "paused" : "moving")]
    }
}
