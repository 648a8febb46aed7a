import TouchBenchSupport
import TouchDynamics
import TouchInput

/// Two fingers spreading or closing.
///
/// Begins when, since the second finger landed, each finger has moved more than
/// ``hysteresis`` points relative to the fingers' midpoint — more than the midpoint itself
/// has moved, so two fingers scrolling together are a pan — with spreading at least half of
/// that movement (the rest is turning, the rotation's). ``scale`` then counts from the span
/// at that moment (1 when it begins, so the content does not jump), with its velocity in
/// scale per second for projecting where a released pinch would settle. A third finger
/// before it begins, or a lift, makes it fail.
public struct PinchRecognizer: GestureRecognizer {
    /// How much the span must change before the pinch begins, in points.
    public var hysteresis: Double
    public var decelerationRate: DecelerationRate

    public private(set) var state: RecognizerState = .idle
    /// The span when the second finger landed, and when the pinch began.
    public private(set) var initialSpan: Double?
    public private(set) var beganSpan: Double?
    /// The scale relative to ``beganSpan`` (1 before the pinch begins).
    public private(set) var scale = 1.0
    /// The scale's velocity in scale per second, at the latest update (a least-squares fit
    /// computed when asked: a scene reads it at the lift only).
    public var scaleVelocity: Double { scaleMotion.velocity }
    /// Whether `changed` events carry ``scaleVelocity`` (the default, as `gestures` reports
    /// them). A client that reads the velocity from the recognizer when it needs it turns it
    /// off, and the fit per sample it cost is never made; every other event still carries it.
    public var velocityInChangedEvents = true
    /// The midpoint between the fingers.
    public private(set) var location: Point?
    private var pair = ContactPair()
    private var scaleMotion = LatestAxisVelocity()

    public var gesture: GestureKind { .pinch }
    public var hasClaimed: Bool { state.isActive || state == .ended }

    /// The default hysteresis is the pan's 10 pt, applied to the span.
    public init(hysteresis: Double = 10, decelerationRate: DecelerationRate = .normal) {
        self.hysteresis = hysteresis
        self.decelerationRate = decelerationRate
    }

    /// Where the scale would settle if released now with its velocity.
    public var projectedScale: Double {
        project(scale, velocity: scaleVelocity, decelerationRate: decelerationRate)
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        sample.isContactSample && (state == .idle || state == .possible)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        if sample.phase == .began {
            guard state == .idle || state == .possible else { return }
            guard pair.add(sample.contact, at: sample.point) else {
                state = .failed
                return
            }
            state = .possible
            if pair.isComplete { initialSpan = pair.span }
            location = pair.midpoint
            return
        }
        guard pair.contains(sample.contact), state == .possible || state.isActive else { return }
        pair.move(sample.contact, to: sample.point)
        location = pair.midpoint
        switch sample.phase {
        case .moved, .stationary:
            guard pair.isComplete else { return }
            if state == .possible {
                guard let initialSpan, pair.span > 0,
                    pair.hasDeformed(beyond: hysteresis, component: abs(pair.span - initialSpan) / 2)
                else { return }
                beganSpan = pair.span
                update(at: sample.time)
                emit(.began, at: sample.time, events: &events)
            } else {
                update(at: sample.time)
                emit(.changed, at: sample.time, events: &events)
            }
        case .ended, .cancelled:
            if state.isActive {
                update(at: sample.time)
                emit(sample.phase == .ended ? .ended : .cancelled, at: sample.time, events: &events)
            } else {
                state = .failed
            }
        case .began, .hoverEntered, .hoverMoved, .hoverExited:
            return
        }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        if state.isActive {
            emit(.cancelled, at: time, events: &events)
        } else if state == .possible {
            state = .cancelled
        }
    }

    public mutating func reset() {
        var fresh = PinchRecognizer(hysteresis: hysteresis, decelerationRate: decelerationRate)
        fresh.velocityInChangedEvents = velocityInChangedEvents
        self = fresh
    }

    private mutating func update(at time: Int64) {
        guard let beganSpan, beganSpan > 0 else { return }
        scale = pair.span / beganSpan
        scaleMotion.add(time: time, value: scale)
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: .pinch, state: newState, time: time, contact: pair.first)
        event.location = location
        event.scale = scale
        if velocityInChangedEvents || newState != .changed { event.scaleVelocity = scaleVelocity }
        events.append(event)
    }
}
