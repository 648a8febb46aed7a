import TouchBenchSupport
import TouchDynamics
import TouchGestures
import TouchInput

/// The `pointer` reference scene: a trackpad or mouse pointer over a bar of buttons and a
/// grid of elements, followed by a ``HoverRecognizer``, laid out as the iPadOS pointer
/// guidelines ask (``PointerScene+Layout``).
///
/// - The bar along the top holds 44 pt buttons every 60 pt whose hit regions meet edge to
///   edge, so the pointer passes from one to the next without ever being free between them
///   (its shape would flicker back to a circle).
/// - Below it, 80 × 44 pt elements every 120 pt across and 100 pt down: in two rows of three
///   highlight buttons, with a border (hit region padded by 12 pt) or without (24 pt); in the
///   third, hover-effect elements, which change their own look and never pull the pointer.
///
/// Away from every highlight target the pointer tracks the hand 1:1 (over a hover-effect
/// element too). When the hand is over a highlight target's hit region, or its projected
/// motion lands in one, the target captures the pointer: it springs onto the recognizer's
/// ``HoverRecognizer/magnetizedLocation`` (pulled 30 % toward the target's centre) and
/// follows it there; it springs free again when the hand leaves. While a button is pressed
/// the pointer follows the hand, as when dragging, unless the press is a click on the target
/// that holds it: that keeps it captured, with no new capture at the release. A capture emits
/// ``SceneSignal/pointerCaptured(time:)``; the destination is the captured target, else the
/// hover-effect element under the pointer (``Destination/hovered(column:row:)``).
public struct PointerScene: Scene {
    /// How the bar buttons' hit regions are laid.
    public enum BarHitRegions: String, Sendable, Hashable, CaseIterable {
        /// Edge to edge across the bar (the guidelines).
        case contiguous
        /// Each button's own frame, with 16 pt gaps in which the pointer is free: its shape
        /// flickers crossing the bar. Kept to show what `pointer_flickers` catches.
        case frames
    }

    /// The pointer's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How hard a target pulls the pointer toward its centre: 0 none, 1 onto it.
        public var magnetism: Double
        /// Response of the critically damped spring that moves the pointer onto a target
        /// and off it again, seconds.
        public var captureResponse: Double
        /// How the bar buttons' hit regions are laid.
        public var barHitRegions: BarHitRegions
        /// Whether hover-effect elements capture the pointer too (against the guidelines).
        public var magnetizesHoverEffects: Bool

        public init(magnetism: Double = 0.3, captureResponse: Double = 0.15,
                    barHitRegions: BarHitRegions = .contiguous, magnetizesHoverEffects: Bool = false) {
            self.magnetism = magnetism
            self.captureResponse = captureResponse
            self.barHitRegions = barHitRegions
            self.magnetizesHoverEffects = magnetizesHoverEffects
        }
    }

    private let capture: Spring?

    private var hover: HoverRecognizer<Targets>
    private var events: [GestureEvent] = []
    private var pointerX = AnimatedValue(0)
    private var pointerY = AnimatedValue(0)
    private var handX = 0.0, handY = 0.0
    private var id: ContactKey?
    private var pressed = false
    private var captured: Int?
    private var changed = false
    private var changeTime = 0.0
    private var signals: [SceneSignal] = []
    public private(set) var state = SceneState()

    /// The bar and the grid of elements that fit the screen of `context`.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        capture = Springs.make(dampingRatio: 1, response: parameters.captureResponse)
        let targets = Targets(width: context.width, height: context.height, barHitRegions: parameters.barHitRegions)
        hover = HoverRecognizer(targets: targets, magnetism: parameters.magnetism,
                                magnetizesHoverEffects: parameters.magnetizesHoverEffects)
        events.reserveCapacity(4)
    }

    /// The targets: the bar's buttons (row 0), then the grid row by row (rows 1 on), in the
    /// order of their cells.
    public var targets: Targets { hover.targets }

    public mutating func handle(_ sample: InputSample) {
        // A hovering pencil drives the pointer too, as on iPadOS.
        guard sample.kind == .pointer || sample.kind == .pencil else { return }
        if id == nil {
            // The pointer appears where the hand is.
            pointerX.set(sample.x); pointerY.set(sample.y)
        }
        id = sample.contact
        handX = sample.x; handY = sample.y
        pressed = sample.phase.isInContact && !sample.phase.isTerminal
        events.empty()
        hover.handle(sample, events: &events)
        if sample.phase == .hoverExited { id = nil }
        let free = pressed || id == nil
        // A click on the captured target keeps it (the button shows its press); a drag that
        // leaves it lets the pointer follow the hand.
        let magnet = id == nil ? nil
            : pressed ? (captured != nil && hover.hoveredTarget == captured ? captured : nil)
            : hover.magneticTarget
        if magnet != captured {
            captured = magnet
            changed = true
            changeTime = sample.time.seconds
            if magnet != nil { signals.append(.pointerCaptured(time: sample.time)) }
        }
        if let cell = magnet.flatMap(hover.targets.cell(of:)) {
            state.destination = .target(column: cell.column, row: cell.row)
        } else if !free, let cell = hover.hoveredTarget.flatMap(hover.targets.cell(of:)) {
            state.destination = .hovered(column: cell.column, row: cell.row)
        } else {
            state.destination = .none
        }
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    /// Where the pointer is drawn for the hand now.
    private var goal: (x: Double, y: Double) {
        guard captured != nil, let location = hover.magnetizedLocation else { return (handX, handY) }
        return (location.x, location.y)
    }

    public mutating func advance(to time: Int64) {
        let goal = self.goal
        if changed {
            // Captured or released: spring to the new place, from wherever it is.
            pointerX.spring(to: goal.x, velocity: nil, at: changeTime, with: capture)
            pointerY.spring(to: goal.y, velocity: nil, at: changeTime, with: capture)
            changed = false
        } else if pointerX.isAnimating || pointerY.isAnimating {
            if goal.x != pointerX.target || goal.y != pointerY.target {
                pointerX.spring(to: goal.x, at: time.seconds, with: capture)
                pointerY.spring(to: goal.y, at: time.seconds, with: capture)
            }
        } else {
            pointerX.set(goal.x); pointerY.set(goal.y)
        }
        pointerX.update(at: time.seconds)
        pointerY.update(at: time.seconds)
        state.x = pointerX.value
        state.y = pointerY.value
        state.targetX = goal.x
        state.targetY = goal.y
        state.isAnimating = pointerX.isAnimating || pointerY.isAnimating
        state.tracking = captured == nil && !state.isAnimating ? id : nil
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("pointerX", pointerX.value), ("pointerY", pointerY.value), ("handX", handX), ("handY", handY)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("hover", id == nil ? "idle" : captured == nil ? hover.state.rawValue : "captured")]
    }
}
