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
    public var hysteresis: Double {
        get { core.hysteresis }
        set { core.hysteresis = newValue }
    }
    public var decelerationRate: DecelerationRate

    public var state: RecognizerState { core.state }
    /// The span when the second finger landed, and when the pinch began.
    public var initialSpan: Double? { core.measure.initialSpan }
    public var beganSpan: Double? { core.measure.beganSpan }
    /// The scale relative to ``beganSpan`` (1 before the pinch begins).
    public var scale: Double { core.value }
    /// The scale's velocity in scale per second, at the latest update (a least-squares fit
    /// computed when asked: a scene reads it at the lift only).
    public var scaleVelocity: Double { core.velocity }
    /// Whether `changed` events carry ``scaleVelocity`` (the default, as `gestures` reports
    /// them). A client that reads the velocity from the recognizer when it needs it turns it
    /// off, and the fit per sample it cost is never made; every other event still carries it.
    public var velocityInChangedEvents: Bool {
        get { core.velocityInChangedEvents }
        set { core.velocityInChangedEvents = newValue }
    }
    /// The midpoint between the fingers.
    public var location: Point? { core.location }
    private var core: PairGesture<Span>

    public var gesture: GestureKind { .pinch }
    public var hasClaimed: Bool { core.hasClaimed }

    /// The default hysteresis is the pan's 10 pt, applied to the span.
    public init(hysteresis: Double = 10, decelerationRate: DecelerationRate = .normal) {
        core = PairGesture(hysteresis: hysteresis)
        self.decelerationRate = decelerationRate
    }

    /// Where the scale would settle if released now with its velocity.
    public var projectedScale: Double {
        project(scale, velocity: scaleVelocity, decelerationRate: decelerationRate)
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

extension PinchRecognizer {
    /// A pinch measures the span between the fingers, as a scale of the span it began at.
    struct Span: PairMeasure {
        static var gesture: GestureKind { .pinch }
        static var initialValue: Double { 1 }
        private(set) var initialSpan: Double?
        private(set) var beganSpan: Double?

        mutating func pairCompleted(_ pair: ContactPair) { initialSpan = pair.span }

        func pairMoved(_ pair: ContactPair) {}

        func component(of pair: ContactPair) -> Double? {
            guard let initialSpan, pair.span > 0 else { return nil }
            return abs(pair.span - initialSpan) / 2
        }

        mutating func begin(_ pair: ContactPair) { beganSpan = pair.span }

        func value(of pair: ContactPair) -> Double? {
            guard let beganSpan, beganSpan > 0 else { return nil }
            return pair.span / beganSpan
        }

        static func describe(_ event: inout GestureEvent, value: Double, velocity: Double?) {
            event.scale = value
            if let velocity { event.scaleVelocity = velocity }
        }
    }
}
