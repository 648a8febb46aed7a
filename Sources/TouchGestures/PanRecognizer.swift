import TouchBenchSupport
import TouchDynamics
import TouchInput

/// One or more fingers dragging content.
///
/// The pan follows the centroid of its fingers, as a scroll view does: two fingers
/// scrolling together pan, two fingers spreading about a still midpoint do not (that is a
/// pinch). When a finger joins or leaves, the jump of the centroid is absorbed, so the
/// translation stays continuous. With one finger the centroid is that finger.
///
/// The pan begins at the first sample farther than ``hysteresis`` from the touch-down point
/// — so a tap's wobble never scrolls — and from then on keeps the offset between finger and
/// content: ``translation`` counts from the crossing point, never from the touch-down, so
/// the content does not jump by the 10 pt the finger travelled before the pan began.
/// ``anchorOffset`` is that constant offset. When ``axisLock`` is ``AxisLock/dominant`` the
/// axis is chosen at the crossing, from the direction the finger took to get there.
/// Velocity comes from a ``VelocityTracker``; at the lift, ``projectedTranslation`` is where
/// content released with that velocity comes to rest.
public struct PanRecognizer: GestureRecognizer {
    /// Whether the pan follows both axes or the one it started along.
    public enum AxisLock: String, Sendable, Hashable, Codable {
        /// Both axes, always.
        case none
        /// The dominant axis of the movement at the crossing, kept until the lift.
        case dominant
    }

    /// A finger the pan follows.
    public struct Finger: Sendable, Hashable {
        public var id: UInt32
        /// Its kind: a pencil and a finger may share an id.
        public var kind: SampleKind
        public var location: Point
    }

    /// The distance the finger must travel before the pan begins, in points.
    public var hysteresis: Double
    public var axisLock: AxisLock
    /// When set, a pan that starts along the other axis fails (a vertical scroll view
    /// leaves horizontal swipes to others).
    public var requiredAxis: Axis?
    public var decelerationRate: DecelerationRate

    public private(set) var state: RecognizerState = .idle
    /// The first finger followed.
    public private(set) var contact: UInt32?
    /// The first finger's kind: a pencil and a finger may share an id.
    public private(set) var contactKind: SampleKind?
    /// Every finger followed now, and where each is.
    public private(set) var fingers: [Finger] = []
    /// The sum of the centroid's jumps when fingers joined or left, taken out of the motion.
    private var jumps = Offset.zero
    public private(set) var touchDownLocation: Point?
    public private(set) var touchDownTime: Int64?
    /// The location of the sample that crossed the hysteresis: where the pan began.
    public private(set) var crossingLocation: Point?
    public private(set) var crossingTime: Int64?
    /// The centroid's latest location, less the jumps of fingers joining and leaving (so
    /// with one finger, the finger's location).
    public private(set) var location: Point?
    /// The axis chosen at the crossing when locking.
    public private(set) var lockedAxis: Axis?
    /// The velocity at the latest sample (locked to ``lockedAxis``), in points per second;
    /// after the lift, the release velocity. It is a least-squares fit computed when asked,
    /// so following a finger costs no fit per sample; `began` and `ended` events carry it.
    public var velocity: Velocity { velocity { tracker.velocity(at: $0) } }
    /// ``velocity``, bit for bit, read through `memo`: the fit of an identical tracker at the
    /// same time (the home scene's pause detectors follow the pan's finger) is reused rather
    /// than made again on every frame the scene reads the velocity.
    public func velocity(reusing memo: inout VelocityMemo) -> Velocity {
        velocity { memo.velocity(of: tracker, at: $0) }
    }
    /// ``velocity`` with the tracker's fit at the latest sample's time made by `fit`.
    @inline(__always)
    private func velocity(fitting fit: (Int64) -> Velocity) -> Velocity {
        if let releaseVelocity { return releaseVelocity }
        guard let latestTime, state.isActive else { return .zero }
        return locked(fit(latestTime))
    }
    private var latestTime: Int64?
    private var releaseVelocity: Velocity?
    /// Where the translation comes to rest under ``decelerationRate``; set at the lift.
    public private(set) var projectedTranslation: Offset?
    private var tracker: VelocityTracker
    var kind: GestureKind = .pan

    public var gesture: GestureKind { kind }
    public var hasClaimed: Bool { state.isActive || state == .ended }

    /// The defaults: 10 pt of hysteresis (UIKit's and Android's touch slop are about that),
    /// no axis lock, the least-squares velocity tracker and the normal scroll deceleration.
    public init(
        hysteresis: Double = 10, axisLock: AxisLock = .none, requiredAxis: Axis? = nil,
        velocityStrategy: VelocityStrategy = .lsq2, decelerationRate: DecelerationRate = .normal
    ) {
        self.hysteresis = hysteresis
        self.axisLock = axisLock
        self.requiredAxis = requiredAxis
        self.decelerationRate = decelerationRate
        self.tracker = VelocityTracker(strategy: velocityStrategy)
    }

    /// The offset of the crossing point from the touch-down point: how far the finger is
    /// ahead of the content it drags, constant for the life of the pan.
    public var anchorOffset: Offset {
        guard let crossingLocation, let touchDownLocation else { return .zero }
        return crossingLocation.offset(from: touchDownLocation)
    }

    /// The translation since the pan began (0 before), locked to ``lockedAxis``.
    public var translation: Offset {
        guard let crossingLocation, let location else { return .zero }
        return locked(location.offset(from: crossingLocation))
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        sample.isContactSample && (state == .idle || state == .possible || state.isActive)
    }

    /// The centroid of the fingers (the latest location without any). Static, so that a call
    /// from a mutating method hands over the fingers alone: a getter on `self` had the whole
    /// recognizer copied first, on every sample.
    private static func centroid(of fingers: [Finger], otherwise location: Point?) -> Point {
        guard !fingers.isEmpty else { return location ?? .zero }
        if fingers.count == 1 {
            // The sum from 0 of one location, divided by 1: the division is exact for every
            // number (a NaN is already quiet after the sum), so it is left out — it stalled
            // every sample of a one-finger pan.
            let only = fingers[0].location
            return Point(x: 0.0 + only.x, y: 0.0 + only.y)
        }
        // A plain loop, summing from 0 in the same order as the `reduce` it replaces (so the
        // same numbers).
        var x = 0.0, y = 0.0
        for index in fingers.indices {
            x += fingers[index].location.x
            y += fingers[index].location.y
        }
        return Point(x: x / Double(fingers.count), y: y / Double(fingers.count))
    }

    /// Changes the fingers, absorbing the centroid's jump.
    private mutating func changeFingers(_ change: (inout [Finger]) -> Void) {
        let before = Self.centroid(of: fingers, otherwise: location)
        change(&fingers)
        guard !fingers.isEmpty else { return }
        let jump = Self.centroid(of: fingers, otherwise: location).offset(from: before)
        jumps = Offset(dx: jumps.dx + jump.dx, dy: jumps.dy + jump.dy)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        step(sample, events: &events)
    }

    /// Takes a sample as ``handle(_:events:)`` does, to the same state, without building the
    /// events: for a client that reads the pan's state and properties instead (a scene follows
    /// every sample of a finger, and an event per sample is most of the pan's cost).
    public mutating func follow(_ sample: InputSample) {
        var ignored = IgnoredEvents()
        step(sample, events: &ignored)
    }

    /// The one state machine behind ``handle(_:events:)`` and ``follow(_:)``, specialised for
    /// each so that the unread events are never built.
    private mutating func step<Events: PanEvents>(_ sample: InputSample, events: inout Events) {
        if sample.phase == .began {
            if state == .idle {
                contact = sample.id
                contactKind = sample.kind
                fingers = [Finger(id: sample.id, kind: sample.kind, location: sample.point)]
                touchDownLocation = sample.point
                touchDownTime = sample.time
                location = sample.point
                tracker.add(time: sample.time, x: sample.x, y: sample.y)
                state = .possible
            } else if state == .possible || state.isActive {
                changeFingers { $0.append(Finger(id: sample.id, kind: sample.kind, location: sample.point)) }
            }
            return
        }
        guard let finger = fingers.firstIndex(where: { $0.id == sample.id && $0.kind == sample.kind }), state == .possible || state.isActive
        else { return }
        if sample.phase.isTerminal, fingers.count > 1 {
            // One finger of several lifts: the others carry on.
            changeFingers { $0.remove(at: finger) }
            return
        }
        fingers[finger].location = sample.point
        let moved = Self.centroid(of: fingers, otherwise: location)
        location = Point(x: moved.x - jumps.dx, y: moved.y - jumps.dy)
        guard let location else { return }
        tracker.add(time: sample.time, x: location.x, y: location.y)
        latestTime = sample.time
        switch sample.phase {
        case .moved, .stationary:
            if state == .possible {
                guard let touchDownLocation, touchDownLocation.distance(to: location) > hysteresis else { return }
                beginIfAllowed(at: sample.time, location: location, from: touchDownLocation, events: &events)
            } else {
                emit(.changed, at: sample.time, events: &events)
            }
        case .ended:
            guard state.isActive else {
                state = .failed
                return
            }
            let velocity = locked(tracker.velocity(at: sample.time))
            releaseVelocity = velocity
            let current = translation
            projectedTranslation = Offset(
                dx: project(current.dx, velocity: velocity.x, decelerationRate: decelerationRate),
                dy: project(current.dy, velocity: velocity.y, decelerationRate: decelerationRate))
            emit(.ended, at: sample.time, events: &events)
        case .cancelled:
            if state.isActive { emit(.cancelled, at: sample.time, events: &events) } else { state = .failed }
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
        var fresh = PanRecognizer(
            hysteresis: hysteresis, axisLock: axisLock, requiredAxis: requiredAxis,
            velocityStrategy: tracker.strategy, decelerationRate: decelerationRate)
        fresh.kind = kind
        self = fresh
    }

    private mutating func beginIfAllowed<Events: PanEvents>(at time: Int64, location: Point, from start: Point, events: inout Events) {
        let travel = location.offset(from: start)
        let dominant: Axis = abs(travel.dx) >= abs(travel.dy) ? .horizontal : .vertical
        if let requiredAxis, requiredAxis != dominant {
            state = .failed
            return
        }
        crossingLocation = location
        crossingTime = time
        if axisLock == .dominant { lockedAxis = dominant }
        emit(.began, at: time, events: &events)
    }

    private func locked(_ offset: Offset) -> Offset {
        switch lockedAxis {
        case .horizontal: Offset(dx: offset.dx, dy: 0)
        case .vertical: Offset(dx: 0, dy: offset.dy)
        case nil: offset
        }
    }

    private func locked(_ velocity: Velocity) -> Velocity {
        let offset = locked(Offset(dx: velocity.x, dy: velocity.y))
        return Velocity(x: offset.dx, y: offset.dy)
    }

    private mutating func emit<Events: PanEvents>(_ newState: RecognizerState, at time: Int64, events: inout Events) {
        state = newState
        guard Events.areRead else { return }
        var event = GestureEvent(gesture: kind, state: newState, time: time, contact: contact ?? 0)
        event.location = location
        event.translation = translation
        if newState != .changed { event.velocity = velocity }
        if newState == .ended { event.projectedTranslation = projectedTranslation }
        events.append(event)
    }
}

/// Where the pan's events go: the caller's array, or nowhere (``PanRecognizer/follow(_:)``).
private protocol PanEvents {
    /// Whether anyone reads the events (false: they are not built at all).
    static var areRead: Bool { get }
    mutating func append(_ event: GestureEvent)
}

extension Array: PanEvents where Element == GestureEvent {
    fileprivate static var areRead: Bool { true }
}

/// The events of ``PanRecognizer/follow(_:)``: none are built.
private struct IgnoredEvents: PanEvents {
    static var areRead: Bool { false }
    mutating func append(_ event: GestureEvent) {}
}
