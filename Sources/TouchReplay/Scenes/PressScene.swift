import TouchBenchSupport
import TouchGestures
import TouchInput

/// The `press` reference scene: a force-press switch, like Control Center's flashlight. The
/// control grows with pressure, hinting at the outcome, and a press past a force threshold
/// switches it; a press lifted before the threshold cancels (the switch stays as it was).
///
/// - While pressed, the control's scale follows the force continuously: 1 + 0.25 · f / F up to
///   the commit force F, in the frame that consumes each sample.
/// - The sample whose force reaches F commits: the switch flips at once and the control pops
///   (scale 1.35). It re-arms only when the force falls below F − hysteresis (then it follows
///   the force again), so a force that wavers about F does not flip it back and forth; a
///   lifting finger shedding its force does not undo the commit either.
/// - At the lift the control springs back to 1 (damping 0.8, response 0.25 s).
///
/// Shown: `scale`; the destination is ``Destination/switchedOn`` or ``Destination/switchedOff``
/// (off at first). Each sample whose force the shown scale now reflects is a
/// ``SceneSignal/forceShown(time:)``: the press probe times the feedback (docs/METRICS.md "Press").
public struct PressScene: Scene {
    /// The switch's tunables; the defaults are the reference.
    public struct Parameters: Sendable, Hashable {
        /// The normalised force that commits a press.
        public var commitForce: Double
        /// How far below the commit force the force must fall to re-arm. 0 is the switch
        /// without hysteresis: every waver across the threshold flips it.
        public var hysteresis: Double
        /// Whether the scale follows the force. `false` is a control that shows nothing
        /// until it commits (the look catches up only then).
        public var followsForce: Bool

        public init(commitForce: Double = ForceSwitch.commitForce, hysteresis: Double = ForceSwitch.hysteresis,
                    followsForce: Bool = true) {
            self.commitForce = commitForce
            self.hysteresis = hysteresis
            self.followsForce = followsForce
        }
    }

    /// How much the control grows up to the commit force, and its size once committed.
    public static let growth = 0.25
    public static let committedScale = 1.35
    static let spring = Springs.make(dampingRatio: 0.8, response: 0.25)

    private let parameters: Parameters
    private var scale = AnimatedValue(1)
    private var contact: ContactKey?
    private var isOn = false
    /// Whether the next crossing of the commit force flips the switch.
    private var armed = true
    /// Force changes the control has not shown yet (the variant that does not follow force).
    private var held: [Int64] = []
    private var signals: [SceneSignal] = []
    public private(set) var state = SceneState()

    /// A switch that is off, at rest.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        state.destination = .switchedOff
    }

    public mutating func handle(_ sample: InputSample) {
        guard sample.isContactSample else { return }
        if sample.phase == .began, contact == nil {
            contact = sample.contact
            armed = true
        }
        guard sample.contact == contact else { return }
        if sample.phase.isTerminal {
            // A lift is not a release of pressure: what committed stays committed.
            contact = nil
            held.empty()
            scale.spring(to: 1, velocity: 0, at: sample.time.seconds, with: Self.spring)
            return
        }
        press(force: sample.force ?? 0, at: sample.time)
    }

    /// F − hysteresis, rounded to 10⁻⁹ so that it is the number written: 0.8 − 0.2 is
    /// 0.6000000000000001 in doubles, and a force of exactly 0.6 re-armed the switch there.
    static func rearmForce(commit: Double, hysteresis: Double) -> Double {
        ((commit - hysteresis) * 1e9).rounded() / 1e9
    }

    private mutating func press(force: Double, at time: Int64) {
        let commit = parameters.commitForce
        var flipped = false
        if armed && force >= commit {
            armed = false
            isOn.toggle()
            flipped = true
        } else if !armed && force < Self.rearmForce(commit: commit, hysteresis: parameters.hysteresis) {
            armed = true
        }
        let target = armed ? 1 + Self.growth * min(max(force, 0) / commit, 1) : Self.committedScale
        guard target != scale.value || flipped else { return }
        held.append(time)
        guard parameters.followsForce || flipped else { return }
        scale.set(target)
        for moment in held { signals.append(.forceShown(time: moment)) }
        held.empty()
    }

    public mutating func advance(to time: Int64) {
        scale.update(at: time.seconds)
        state.scale = scale.value
        state.isAnimating = scale.isAnimating
        state.destination = isOn ? .switchedOn : .switchedOff
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("scale", scale.value)]
    }
}
