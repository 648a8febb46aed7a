import TouchBenchSupport
import TouchDynamics
import TouchInput

/// Two fingers turning about their midpoint.
///
/// Begins when, since the second finger landed, each finger has moved more than
/// ``hysteresis`` points relative to the fingers' midpoint — more than the midpoint itself
/// has moved, so fingers scrolling together are a pan — with the arc (angle × half the
/// span) at least half of that movement. ``rotation`` then counts from that moment, with
/// its angular velocity for projection. Angles are unwrapped, so a turn past ±π keeps
/// counting.
public struct RotationRecognizer: GestureRecognizer {
    /// The arc length each finger must travel before the rotation begins, in points.
    public var hysteresis: Double
    public var decelerationRate: DecelerationRate

    public private(set) var state: RecognizerState = .idle
    /// The rotation since the recognizer began, in radians (positive clockwise on screen,
    /// where y grows downward).
    public private(set) var rotation = 0.0
    /// The angular velocity in radians per second, at the latest update (a least-squares
    /// fit computed when asked: a scene reads it at the lift only).
    public var rotationVelocity: Double { rotationMotion.velocity }
    /// Whether `changed` events carry ``rotationVelocity`` (the default, as `gestures` reports
    /// them). A client that reads the velocity from the recognizer when it needs it turns it
    /// off, and the fit per sample it cost is never made; every other event still carries it.
    public var velocityInChangedEvents = true
    /// The midpoint between the fingers.
    public private(set) var location: Point?
    private var pair = ContactPair()
    private var rotationMotion = LatestAxisVelocity()
    private var lastAngle = 0.0
    /// The angle turned since the second finger landed (unwrapped), and at the beginning.
    private var turned = 0.0
    private var turnedAtBeginning = 0.0

    public var gesture: GestureKind { .rotation }
    public var hasClaimed: Bool { state.isActive || state == .ended }

    /// The default, 10 pt along the arc, is the pan's hysteresis, so a rotation needs as
    /// deliberate a movement as a pan whatever the fingers' spread.
    public init(hysteresis: Double = 10, decelerationRate: DecelerationRate = .normal) {
        self.hysteresis = hysteresis
        self.decelerationRate = decelerationRate
    }

    /// Where the angle would settle if released now with its velocity.
    public var projectedRotation: Double {
        project(rotation, velocity: rotationVelocity, decelerationRate: decelerationRate)
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
            if pair.isComplete { lastAngle = pair.angle }
            location = pair.midpoint
            return
        }
        guard pair.contains(sample.contact), state == .possible || state.isActive else { return }
        pair.move(sample.contact, to: sample.point)
        location = pair.midpoint
        switch sample.phase {
        case .moved, .stationary:
            guard pair.isComplete else { return }
            let angle = pair.angle
            turned += angleDifference(from: lastAngle, to: angle)
            lastAngle = angle
            if state == .possible {
                guard pair.hasDeformed(beyond: hysteresis, component: abs(turned) * pair.span / 2) else { return }
                turnedAtBeginning = turned
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
        var fresh = RotationRecognizer(hysteresis: hysteresis, decelerationRate: decelerationRate)
        fresh.velocityInChangedEvents = velocityInChangedEvents
        self = fresh
    }

    private mutating func update(at time: Int64) {
        rotation = turned - turnedAtBeginning
        rotationMotion.add(time: time, value: rotation)
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, events: inout [GestureEvent]) {
        state = newState
        var event = GestureEvent(gesture: .rotation, state: newState, time: time, contact: pair.first)
        event.location = location
        event.rotation = rotation
        if velocityInChangedEvents || newState != .changed { event.rotationVelocity = rotationVelocity }
        events.append(event)
    }
}
