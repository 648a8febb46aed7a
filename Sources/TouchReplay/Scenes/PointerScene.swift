import TouchDynamics
import TouchGestures
import TouchInput

/// The `pointer` reference scene: a trackpad or mouse pointer over a grid of 80 × 44 pt
/// targets (every 120 pt across, 100 pt down), followed by a ``HoverRecognizer``.
///
/// Targets in even rows draw a border and those in odd rows do not, so their hit regions
/// are padded by 12 pt and 24 pt as the iPadOS pointer guidelines pad them. Away from every
/// target the pointer tracks the hand 1:1. When the hand is over a target's hit region, or
/// its projected motion lands in one, the target captures the pointer: it springs onto the
/// recognizer's ``HoverRecognizer/magnetizedLocation`` (pulled 30 % toward the target's
/// centre) and follows it there; it springs free again when the hand leaves. While a button
/// is pressed the pointer follows the hand, as when dragging.
public struct PointerScene: Scene {
    /// The pointer's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How hard a target pulls the pointer toward its centre: 0 none, 1 onto it.
        public var magnetism: Double
        /// Response of the critically damped spring that moves the pointer onto a target
        /// and off it again, seconds.
        public var captureResponse: Double

        public init(magnetism: Double = 0.3, captureResponse: Double = 0.15) {
            self.magnetism = magnetism
            self.captureResponse = captureResponse
        }
    }

    private let capture: Spring?
    static let target = (width: 80.0, height: 44.0)
    static let spacing = (x: 120.0, y: 100.0)

    private var hover: HoverRecognizer
    /// Each target's grid cell, in the order of ``targets``.
    private let targetCells: [Destination]
    private var events: [GestureEvent] = []
    private var pointerX = AnimatedValue(0)
    private var pointerY = AnimatedValue(0)
    private var handX = 0.0, handY = 0.0
    private var id: UInt32?
    private var pressed = false
    private var captured: Int?
    private var changed = false
    private var changeTime = 0.0
    public private(set) var state = SceneState()

    /// The grid of targets that fits the screen of `context`.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        capture = Springs.make(dampingRatio: 1, response: parameters.captureResponse)
        let columns = max(1, Int(context.width / Self.spacing.x))
        let rows = max(1, Int(context.height / Self.spacing.y))
        var targets: [HoverTarget] = []
        var cells: [Destination] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let frame = Rect(
                    x: Self.spacing.x / 2 + Double(column) * Self.spacing.x - Self.target.width / 2,
                    y: Self.spacing.y / 2 + Double(row) * Self.spacing.y - Self.target.height / 2,
                    width: Self.target.width, height: Self.target.height)
                targets.append(HoverTarget(frame: frame, hasBorder: row % 2 == 0))
                cells.append(.target(column: column, row: row))
            }
        }
        hover = HoverRecognizer(targets: targets, magnetism: parameters.magnetism)
        targetCells = cells
        events.reserveCapacity(4)
    }

    /// The targets, in the order ``SceneState/destination`` names them (row by row).
    public var targets: [HoverTarget] { hover.targets }

    public mutating func handle(_ sample: InputSample) {
        // A hovering pencil drives the pointer too, as on iPadOS.
        guard sample.kind == .pointer || sample.kind == .pencil else { return }
        if id == nil {
            // The pointer appears where the hand is.
            pointerX.set(sample.x); pointerY.set(sample.y)
        }
        id = sample.id
        handX = sample.x; handY = sample.y
        pressed = sample.phase.isInContact && !sample.phase.isTerminal
        events.removeAll(keepingCapacity: true)
        hover.handle(sample, events: &events)
        if sample.phase == .hoverExited { id = nil }
        let magnet = pressed || id == nil ? nil : hover.magneticTarget
        if magnet != captured {
            captured = magnet
            changed = true
            changeTime = sample.time.seconds
            state.destination = magnet.map { targetCells[$0] } ?? Destination.none
        }
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
