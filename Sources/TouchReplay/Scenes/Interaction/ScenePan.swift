import TouchDynamics
import TouchGestures
import TouchInput

/// A scene's view of a pan recognizer: feeds it the samples of fingers and pencils on the
/// glass and says, for each, what happened to the element the pan drives.
///
/// The recognizer does all the tracking — the 10 pt hysteresis, the translation counted
/// from the crossing (so the touch offset is kept and content never snaps to the finger),
/// the centroid of several fingers, the velocity from its tracker and the projection at the
/// lift. This type only turns its state changes into the steps a scene reacts to, and
/// starts it afresh for the next touch. Per sample it allocates nothing and copies nothing: the
/// recognizer builds no events for it, and the pan is read in place.
struct ScenePan<Recognizer: PanSource>: Sendable {
    /// What a sample did.
    enum Step: Sendable, Equatable {
        /// Not the pan's sample, or nothing a scene shows changed.
        case none
        /// The first finger landed: the pan is following it (a catch, for a moving element).
        case down
        /// The finger crossed the hysteresis: the element starts following it.
        case began
        /// The element follows the finger(s).
        case changed
        /// The last finger lifted after the pan began: release with ``velocity``.
        case ended
        /// The last finger lifted, or was cancelled, before the pan began: a tap.
        case lifted
        /// The pan was cancelled after it began.
        case cancelled
    }

    private(set) var recognizer: Recognizer
    /// Whether another finger (or pencil) landed while the pan followed the first: what it
    /// lifts is no tap.
    private var joined = false

    init(_ recognizer: Recognizer) {
        self.recognizer = recognizer
    }

    /// The pan recognizer doing the tracking (a copy: the accessors below read it in place).
    var pan: PanRecognizer { recognizer.withPan { $0 } }
    /// Whether a finger the pan follows is on the glass.
    var isDown: Bool { let state = recognizer.state; return state == .possible || state.isActive }
    /// Whether the pan has begun and the element follows the finger(s).
    var isPanning: Bool { recognizer.state.isActive }
    /// The translation since the pan began (from the crossing point), in points.
    var translation: Offset { recognizer.withPan { $0.translation } }
    /// The pan's velocity at its newest sample (the lift, after ``Step/ended``), in points
    /// per second.
    var velocity: Velocity { recognizer.withPan { $0.crossingLocation != nil ? $0.velocity : .zero } }
    /// ``velocity``, bit for bit, reusing `memo`'s fit where it is of an identical tracker.
    func velocity(reusing memo: inout VelocityMemo) -> Velocity {
        recognizer.withPan { $0.crossingLocation != nil ? $0.velocity(reusing: &memo) : .zero }
    }

    /// How much farther than the translation the released content travels before it comes to
    /// rest, from the pan's projection at the lift (zero when it did not begin).
    var releaseDistance: Offset {
        recognizer.withPan { pan in
            guard pan.state == .ended, let projected = pan.projectedTranslation else { return .zero }
            let current = pan.translation
            return Offset(dx: projected.dx - current.dx, dy: projected.dy - current.dy)
        }
    }

    /// Whether the lift `sample` (of a ``Step/lifted`` step) ends a tap: lifted, not
    /// cancelled, by a touch that no other finger or pencil joined (docs/GESTURES.md: a
    /// second finger fails a tap that is still undecided).
    func isTap(_ sample: InputSample) -> Bool {
        sample.phase == .ended && !joined
    }

    /// Whether `sample` is of the first finger the pan followed (by kind and id: a pencil and
    /// a finger may share an id).
    func isFirstContact(_ sample: InputSample) -> Bool {
        recognizer.withPan { sample.id == $0.contact && sample.kind == $0.contactKind }
    }

    /// The single finger that drives the element 1:1 now, if the pan has begun and follows
    /// one finger (with several, the element follows their centroid, not any one of them).
    var trackedContact: ContactKey? {
        guard isPanning else { return nil }
        return recognizer.withPan { pan in
            pan.fingers.count == 1 ? ContactKey(kind: pan.fingers[0].kind, id: pan.fingers[0].id) : nil
        }
    }

    /// The one finger still down, as a landing at `time` where it is now: offered again to a
    /// two-finger recognizer started afresh, so that a second finger landing next to it
    /// pinches at once. `nil` unless exactly one finger is down.
    func restingFinger(at time: Int64) -> InputSample? {
        guard isDown else { return nil }
        return recognizer.withPan { pan in
            guard pan.fingers.count == 1, let finger = pan.fingers.first else { return nil }
            return InputSample(time: time, kind: finger.kind, phase: .began, id: finger.id, x: finger.location.x, y: finger.location.y)
        }
    }

    /// Takes a sample. A new first finger is offered to the recognizer, which may decline it
    /// (an edge pan takes only contacts at its edge) unless `takeAnyContact` says the scene
    /// wants it anyway (a touch that catches a moving element).
    mutating func handle(_ sample: InputSample, takeAnyContact: Bool = false) -> Step {
        guard sample.isContactSample else { return .none }
        if sample.phase == .began {
            // A finished gesture is forgotten when the next one starts, as the arena does.
            if recognizer.state.isTerminal { recognizer.reset() }
            if recognizer.state == .idle && !takeAnyContact && !recognizer.wantsContact(sample) { return .none }
        }
        let before = recognizer.state
        if sample.phase == .began { joined = before != .idle }
        // No one reads the pan's events here: the scene reads its state and properties.
        recognizer.follow(sample)
        let after = recognizer.state
        switch after {
        case .possible: return before == .idle ? .down : .none
        case .began: return before == .began ? .none : .began
        case .changed: return .changed
        case .ended: return before == .ended ? .none : .ended
        case .cancelled: return before.isActive ? .cancelled : before == .possible ? .lifted : .none
        case .failed: return before == .possible ? .lifted : .none
        case .idle, .recognized: return .none
        }
    }
}
