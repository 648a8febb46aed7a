import TouchBenchSupport
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
/// Along the home indicator the cards of five apps lie side by side (the gesture starts on the
/// middle one), one screen width plus a 20 pt gap apart: a swipe's card slides with the finger
/// 1:1 and, at the lift, the projection of the gesture's momentum, `v/1000 · r/(1−r)` with
/// r = 0.998, picks the destination — home when it heads a quarter of the screen up, else the
/// `previousApp` (the cards thrown right) or the `nextApp` (thrown left) when it heads past
/// half a card and further sideways than up, else back to the `app` — so a gesture can be
/// turned from one to another until it lifts. A swipe during the settle catches the cards
/// where they are, the app they were heading for becoming the current one.
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
        /// still goes home. Kept to show what `intent_accuracy` catches. It never switches apps.
        case furthestReach
        /// Where the card is at the lift, with no momentum: home when it is a quarter of the
        /// screen up, the neighbouring app when it has slid past half a card. A quick flick
        /// along the indicator goes back where it came from. Kept to show what
        /// `intent_accuracy` catches.
        case position
    }

    private let parameters: Parameters
    public static let edge = 44.0
    static let pauseProgress = 0.1
    /// How many apps lie along the home indicator, and the one a run starts on.
    public static let appCount = 5
    static let firstApp = 2
    /// The gap between two apps' cards, points.
    static let cardGap = 20.0

    private let width: Double
    private let height: Double
    private var cardX = AnimatedValue(0)
    private var cardY = AnimatedValue(0)
    private var scale = AnimatedValue(1)
    private var pan: ScenePan<EdgePanRecognizer>
    private var pause: DecelerationPauseDetector
    private var timer: TimerPauseDetector
    /// The detectors' shared velocities: it keeps the first finger's tracker for both, and the
    /// sample's fit until the next sample, so that the frames in between read the pan's
    /// velocity from it: the pan follows the same finger at the same times, and reading it
    /// afresh on every frame of a swipe was a fit per frame.
    private var velocities = VelocityMemo()
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
    /// The app shown when the gesture started (0 is the leftmost card).
    private var appIndex = HomeScene.firstApp
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

    /// How far apart two apps' cards are.
    private var spacing: Double { width + Self.cardGap }

    /// Where app `index`'s card rests: cards move right to bring the apps on the left in.
    private func restX(of index: Int) -> Double { Double(Self.firstApp - index) * spacing }

    private func target(of destination: Destination) -> (x: Double, y: Double, scale: Double) {
        let x = restX(of: appIndex)
        return switch destination {
        case .home: (x, -0.45 * height, 0.2)
        case .appSwitcher: (x, -0.25 * height, 0.6)
        case .previousApp: (x + spacing, 0, 1)
        case .nextApp: (x - spacing, 0, 1)
        default: (x, 0, 1)
        }
    }

    public mutating func handle(_ sample: InputSample) {
        // The memo holds a copy of the last tracker it fitted: let it go before the trackers'
        // appends (a sample of no contact, a marker, appends nothing and keeps the fit).
        if sample.isContactSample { velocities.finishSample() }
        // Every first finger is followed — one at the edge swipes, one elsewhere may catch
        // the launching card or tap the app open — and the edge pan says which it is.
        let step = pan.handle(sample, takeAnyContact: true)
        if step == .down {
            pause.reset()
            timer.reset()
            // The detectors start afresh, and so do the trackers the memo keeps for them: a
            // first finger whose lift they never saw would otherwise stay there for good.
            velocities.forgetContacts()
            isPaused = false
            pauseReported = false
            timerReported = false
        }
        if sample.isContactSample && pan.isFirstContact(sample) {
            // Both detectors fit the same window: one fit serves both.
            pause.handle(sample, velocities: &velocities, events: &gestureEvents)
            timer.handle(sample, velocities: &velocities, events: &gestureEvents)
            takePauses()
        }
        switch step {
        case .down:
            // The app the cards were heading for is now the current one.
            if committed == .previousApp || committed == .nextApp {
                appIndex += committed == .previousApp ? -1 : 1
                committed = .app
            }
            let animating = cardX.isAnimating || cardY.isAnimating || scale.isAnimating
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
            // Past the first or last app the cards rubber-band.
            cardX.set(cardBand.banded(holdX + translation.dx))
            cardY.set(min(holdY + translation.dy, cardYBand.banded(holdY + translation.dy)))
            reach = max(reach, -cardY.value)
            scale.set(max(0.3, 1 + 0.6 * min(0, cardY.value) / height))
        case .ended, .cancelled:
            if swiping {
                let velocity = pan.velocity
                committed = pauseOpensSwitcher ? .appSwitcher : projectedDestination(velocity: velocity)
                let goal = target(of: committed), time = sample.time.seconds
                // From the rubber band the cards are handed the velocity they are shown
                // moving at, not the finger's (a hard pull past the last app cannot fling them).
                let x = holdX + pan.translation.dx, y = holdY + pan.translation.dy
                let slopeY = y > 0 ? cardYBand.slope(at: y) : 1
                cardX.spring(to: goal.x, velocity: velocity.x * cardBand.slope(at: x), at: time, with: Springs.snap)
                cardY.spring(to: goal.y, velocity: velocity.y * slopeY, at: time, with: Springs.snap)
                scale.spring(to: goal.scale, velocity: 0, at: time, with: Springs.snap)
            }
            swiping = false
        case .lifted:
            // A tap at home or in the switcher launches the app; a tap that caught the card
            // on its way (a launch under way) lets it go on to the app. A cancelled touch, or
            // one a second finger joined, is no tap: the card goes on to where it was heading.
            // Either way it springs there from where the finger held it, never left where it
            // stopped.
            if pan.isTap(sample) { committed = .app }
            let goal = target(of: committed)
            if cardX.value != goal.x || cardY.value != goal.y || scale.value != goal.scale {
                let time = sample.time.seconds
                cardX.spring(to: goal.x, velocity: 0, at: time, with: Springs.snap)
                cardY.spring(to: goal.y, velocity: 0, at: time, with: Springs.snap)
                scale.spring(to: goal.scale, velocity: 0, at: time, with: Springs.snap)
            }
            swiping = false
        case .none:
            return
        }
    }

    /// The card's vertical band: 1:1 up to the top, banded below its resting place (only the
    /// downward side is used: a card pulled above the screen's top is not held back).
    private var cardYBand: RubberBand { RubberBand(range: -height...0, dimension: height) }

    /// The range the cards slide in 1:1, from the last app's place to the first's.
    private var cardBand: RubberBand {
        RubberBand(range: restX(of: Self.appCount - 1)...restX(of: 0), dimension: width)
    }

    /// Home when the card would come to rest a quarter of the screen up; else the app beside
    /// it when the cards would come to rest past half a card sideways, further sideways than
    /// up; else the app (``DestinationRule/furthestReach``: home when it has been pulled up far
    /// enough; ``DestinationRule/position``: the same places from where the card is, with no
    /// momentum).
    private func projectedDestination(velocity: Velocity) -> Destination {
        let endX: Double, endY: Double
        switch parameters.destinationRule {
        case .furthestReach:
            return reach > 0.15 * height ? .home : .app
        case .position:
            endX = cardX.value - restX(of: appIndex)
            endY = cardY.value
        case .projection:
            let rate = pan.pan.decelerationRate
            endX = project(cardX.value, velocity: velocity.x, decelerationRate: rate) - restX(of: appIndex)
            endY = project(cardY.value, velocity: velocity.y, decelerationRate: rate)
            if endY < -0.25 * height && velocity.y <= 0 { return .home }
        }
        if parameters.destinationRule == .position && endY < -0.25 * height { return .home }
        if abs(endX) > spacing / 2 && abs(endX) > abs(endY) {
            if endX > 0 && appIndex > 0 { return .previousApp }
            if endX < 0 && appIndex < Self.appCount - 1 { return .nextApp }
        }
        return .app
    }

    /// Whether the pause opens the app switcher: only with the card raised past
    /// ``pauseProgress`` of the screen, the same rule while the finger is down and at the lift.
    /// A swipe along the home indicator barely lifts the card: a pause detected there (a slow
    /// sideways swipe slowing down) does not turn the app switch into the switcher.
    private var pauseOpensSwitcher: Bool { isPaused && -cardY.value / height > Self.pauseProgress }

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
        gestureEvents.empty()
        if isPaused, let motion = pause.contacts.first, motion.speed >= pause.minimumPeakSpeed, motion.deceleration < 0 {
            isPaused = false
        }
    }

    /// The timer pause detector's deadline while a finger is down: a finger resting without
    /// samples pauses then, though the card does not move (before, no frame came to tick it
    /// and the timer never fired).
    public var wakeTime: Int64? { pan.isDown ? timer.nextDeadline : nil }

    public mutating func advance(to time: Int64) {
        if pan.isDown {
            timer.advance(to: time, velocities: &velocities, events: &gestureEvents)
            takePauses()
        }
        if swiping && pan.isPanning {
            if pauseOpensSwitcher {
                committed = .appSwitcher
            } else if !isPaused {
                // Read first: inside the call's arguments, the memo's access made a copy of self.
                let velocity = pan.velocity(reusing: &velocities)
                committed = projectedDestination(velocity: velocity)
            }
        }
        let seconds = time.seconds
        cardX.update(at: seconds)
        cardY.update(at: seconds)
        scale.update(at: seconds)
        state.show(x: cardX, y: cardY)
        if !swiping {
            // No finger drives the card: it is heading for the place of its destination.
            let goal = target(of: committed)
            state.targetX = goal.x
            state.targetY = goal.y
        }
        state.isAnimating = state.isAnimating || scale.isAnimating
        state.scale = scale.value
        // 1:1 only while the card is not rubber-banding below its resting place or past the
        // first or last app.
        let translation = pan.translation
        state.tracking = swiping && cardY.value == holdY + translation.dy && cardX.value == holdX + translation.dx
            ? pan.trackedContact : nil
        state.destination = committed
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("cardX", cardX.value), ("cardY", cardY.value), ("scale", scale.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("edgePan", swiping ? pan.recognizer.state.rawValue : "idle"),
         ("pause", isPaused ? "paused" : "moving")]
    }
}
