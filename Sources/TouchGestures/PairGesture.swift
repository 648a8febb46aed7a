import TouchBenchSupport
import TouchInput

/// What a two-finger gesture measures of its pair of fingers: the pinch its span, the
/// rotation its angle. ``PairGesture`` does the rest, which the two share.
protocol PairMeasure: Sendable, Hashable {
    static var gesture: GestureKind { get }
    /// The value before the gesture begins (a scale of 1, a rotation of 0).
    static var initialValue: Double { get }
    init()
    /// The second finger landed.
    mutating func pairCompleted(_ pair: ContactPair)
    /// A finger of the complete pair moved (before the gesture's state is looked at).
    mutating func pairMoved(_ pair: ContactPair)
    /// How far each finger has moved this measure's way since the second finger landed, in
    /// points (the spread, the arc), weighed by ``ContactPair/hasDeformed(beyond:component:)``;
    /// nil while the gesture cannot begin.
    func component(of pair: ContactPair) -> Double?
    /// The gesture begins.
    mutating func begin(_ pair: ContactPair)
    /// The value now, or nil to keep the last one.
    func value(of pair: ContactPair) -> Double?
    /// Writes the value into an event, and the velocity when it is given.
    static func describe(_ event: inout GestureEvent, value: Double, velocity: Double?)
}

/// The part a pinch and a rotation share: the two fingers they follow, when they begin and
/// end, and their events.
///
/// Begins when, since the second finger landed, each finger has moved more than
/// ``hysteresis`` points relative to the fingers' midpoint — more than the midpoint itself
/// has moved, so fingers moving together are a pan — with the measure's component at least
/// half of that movement. A third finger before it begins, or a lift, makes it fail.
struct PairGesture<Measure: PairMeasure>: Sendable, Hashable {
    var hysteresis: Double
    /// Whether `changed` events carry ``velocity``: its fit is made only when read.
    var velocityInChangedEvents = true
    private(set) var state: RecognizerState = .idle
    /// The midpoint between the fingers.
    private(set) var location: Point?
    private(set) var measure = Measure()
    /// The measure's value at the latest update (``PairMeasure/initialValue`` before any).
    private(set) var value = Measure.initialValue
    private var pair = ContactPair()
    private var motion = LatestAxisVelocity()

    init(hysteresis: Double) {
        self.hysteresis = hysteresis
    }

    /// The value's velocity at the latest update, per second.
    var velocity: Double { motion.velocity }
    var hasClaimed: Bool { state.isActive || state == .ended }

    func wantsContact(_ sample: InputSample) -> Bool {
        sample.isContactSample && (state == .idle || state == .possible)
    }

    // Inlined into each recognizer's `handle`, so that sharing it costs no call per sample.
    @inline(__always)
    mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        if sample.phase == .began {
            guard state == .idle || state == .possible else { return }
            guard pair.add(sample.contact, at: sample.point) else {
                state = .failed
                return
            }
            state = .possible
            if pair.isComplete { measure.pairCompleted(pair) }
            location = pair.midpoint
            return
        }
        guard pair.contains(sample.contact), state == .possible || state.isActive else { return }
        pair.move(sample.contact, to: sample.point)
        location = pair.midpoint
        switch sample.phase {
        case .moved, .stationary:
            guard pair.isComplete else { return }
            measure.pairMoved(pair)
            if state == .possible {
                guard let component = measure.component(of: pair),
                    pair.hasDeformed(beyond: hysteresis, component: component)
                else { return }
                measure.begin(pair)
                update(at: sample.time)
                emit(.began, at: sample.time, events: &events)
            } else {
                update(at: sample.time)
                emit(.changed, at: sample.time, events: &events)
            }
        case .ended, .cancelled:
            if state.isActive {
                // The lift's position counts, as in the midpoint the event reports: the angle
                // was left one sample behind it, and the velocity fitted a repeated value.
                if pair.isComplete { measure.pairMoved(pair) }
                update(at: sample.time)
                emit(sample.phase == .ended ? .ended : .cancelled, at: sample.time, events: &events)
            } else {
                state = .failed
            }
        case .began, .hoverEntered, .hoverMoved, .hoverExited:
            return
        }
    }

    mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        if state.isActive {
            emit(.cancelled, at: time, events: &events)
        } else if state == .possible {
            state = .cancelled
        }
    }

    /// Forgets the fingers and the value, keeping the settings.
    mutating func reset() {
        var fresh = PairGesture(hysteresis: hysteresis)
        fresh.velocityInChangedEvents = velocityInChangedEvents
        self = fresh
    }

    private mutating func update(at time: Int64) {
        guard let value = measure.value(of: pair) else { return }
        self.value = value
        motion.add(time: time, value: value)
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: Measure.gesture, state: newState, time: time, contact: pair.first)
        event.location = location
        Measure.describe(&event, value: value,
                         velocity: velocityInChangedEvents || newState != .changed ? velocity : nil)
        events.append(event)
    }
}
