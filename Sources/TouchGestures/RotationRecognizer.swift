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
    public var hysteresis: Double {
        get { core.hysteresis }
        set { core.hysteresis = newValue }
    }
    public var decelerationRate: DecelerationRate

    public var state: RecognizerState { core.state }
    /// The rotation since the recognizer began, in radians (positive clockwise on screen,
    /// where y grows downward).
    public var rotation: Double { core.value }
    /// The angular velocity in radians per second, at the latest update (a least-squares
    /// fit computed when asked: a scene reads it at the lift only).
    public var rotationVelocity: Double { core.velocity }
    /// Whether `changed` events carry ``rotationVelocity`` (the default, as `gestures` reports
    /// them). A client that reads the velocity from the recognizer when it needs it turns it
    /// off, and the fit per sample it cost is never made; every other event still carries it.
    public var velocityInChangedEvents: Bool {
        get { core.velocityInChangedEvents }
        set { core.velocityInChangedEvents = newValue }
    }
    /// The midpoint between the fingers.
    public var location: Point? { core.location }
    private var core: PairGesture<Turn>

    public var gesture: GestureKind { .rotation }
    public var hasClaimed: Bool { core.hasClaimed }

    /// The default, 10 pt along the arc, is the pan's hysteresis, so a rotation needs as
    /// deliberate a movement as a pan whatever the fingers' spread.
    public init(hysteresis: Double = 10, decelerationRate: DecelerationRate = .normal) {
        core = PairGesture(hysteresis: hysteresis)
        self.decelerationRate = decelerationRate
    }

    /// Where the angle would settle if released now with its velocity.
    public var projectedRotation: Double {
        project(rotation, velocity: rotationVelocity, decelerationRate: decelerationRate)
    }

    public func wantsContact(_ sample: InputSample) -> Bool { core.wantsContact(sample) }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        core.handle(sample, events: &events)
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        core.cancel(at: time, events: &events)
    }

    public mutating func reset() { core.reset() }
}

extension RotationRecognizer {
    /// A rotation measures the angle the fingers have turned, unwrapped, from where it began.
    struct Turn: PairMeasure {
        static var gesture: GestureKind { .rotation }
        static var initialValue: Double { 0 }
        private var lastAngle = 0.0
        /// The angle turned since the second finger landed, and at the beginning.
        private var turned = 0.0
        private var turnedAtBeginning = 0.0

        mutating func pairCompleted(_ pair: ContactPair) { lastAngle = pair.angle }

        mutating func pairMoved(_ pair: ContactPair) {
            let angle = pair.angle
            turned += angleDifference(from: lastAngle, to: angle)
            lastAngle = angle
        }

        func component(of pair: ContactPair) -> Double? { abs(turned) * pair.span / 2 }

        mutating func begin(_ pair: ContactPair) { turnedAtBeginning = turned }

        func value(of pair: ContactPair) -> Double? { turned - turnedAtBeginning }

        static func describe(_ event: inout GestureEvent, value: Double, velocity: Double?) {
            event.rotation = value
            if let velocity { event.rotationVelocity = velocity }
        }
    }
}
