import TouchInput

/// The `pointer` reference scene: an indirect pointer over a grid of 80 × 44 pt targets
/// (every 120 pt across, 100 pt down). Away from targets the pointer tracks 1:1; within
/// ``magnetRadius`` of a target it is captured — it springs onto the target and then moves
/// only a fifth of the hand's offset from the target's centre (the iPadOS magnetism and
/// parallax); it springs free again when the hand leaves.
public struct PointerScene: Scene {
    static let target = (width: 80.0, height: 44.0)
    static let spacing = (x: 120.0, y: 100.0)
    static let magnetRadius = 12.0
    static let parallax = 0.2

    private var pointerX = AnimatedValue(0)
    private var pointerY = AnimatedValue(0)
    private var handX = 0.0, handY = 0.0
    private var id: UInt32?
    private var captured: (column: Int, row: Int)?
    private var changed = false
    private var changeTime = 0.0
    private var targetName = ""
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext()) {}

    /// The target near (x, y), if the pointer is within its magnet radius.
    private func nearTarget(_ x: Double, _ y: Double) -> (column: Int, row: Int)? {
        let column = ((x - Self.spacing.x / 2) / Self.spacing.x).rounded()
        let row = ((y - Self.spacing.y / 2) / Self.spacing.y).rounded()
        guard column >= 0, row >= 0 else { return nil }
        let center = self.center(Int(column), Int(row))
        let dx = max(0, abs(x - center.x) - Self.target.width / 2)
        let dy = max(0, abs(y - center.y) - Self.target.height / 2)
        return dx * dx + dy * dy <= Self.magnetRadius * Self.magnetRadius ? (Int(column), Int(row)) : nil
    }

    private func center(_ column: Int, _ row: Int) -> (x: Double, y: Double) {
        (Self.spacing.x / 2 + Double(column) * Self.spacing.x, Self.spacing.y / 2 + Double(row) * Self.spacing.y)
    }

    public mutating func handle(_ sample: InputSample) {
        guard sample.kind == .pointer || (sample.kind == .pencil && !sample.phase.isInContact) else { return }
        if sample.phase == .hoverExited || sample.phase.isTerminal && sample.kind != .pointer {
            id = nil
            return
        }
        if id == nil {
            pointerX.set(sample.x); pointerY.set(sample.y)
        }
        id = sample.id
        handX = sample.x; handY = sample.y
        let near = nearTarget(sample.x, sample.y)
        if near?.column != captured?.column || near?.row != captured?.row {
            captured = near
            changed = true
            changeTime = sample.time.seconds
            targetName = near.map { "target \($0.column),\($0.row)" } ?? ""
        }
    }

    /// Where the pointer is drawn for the hand at (handX, handY).
    private var goal: (x: Double, y: Double) {
        guard let captured else { return (handX, handY) }
        let center = self.center(captured.column, captured.row)
        return (center.x + (handX - center.x) * Self.parallax, center.y + (handY - center.y) * Self.parallax)
    }

    public mutating func advance(to time: Int64) {
        let goal = self.goal
        if changed {
            // Captured or released: spring to the new place, from wherever it is.
            pointerX.spring(to: goal.x, velocity: nil, at: changeTime, with: Springs.quick)
            pointerY.spring(to: goal.y, velocity: nil, at: changeTime, with: Springs.quick)
            changed = false
        } else if pointerX.isAnimating || pointerY.isAnimating {
            if goal.x != pointerX.target || goal.y != pointerY.target {
                pointerX.spring(to: goal.x, at: time.seconds, with: Springs.quick)
                pointerY.spring(to: goal.y, at: time.seconds, with: Springs.quick)
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
        state.destination = targetName
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("pointerX", pointerX.value), ("pointerY", pointerY.value), ("handX", handX), ("handY", handY)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("hover", id == nil ? "idle" : captured == nil ? "free" : "captured")]
    }
}
