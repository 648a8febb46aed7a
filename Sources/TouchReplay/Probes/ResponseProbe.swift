import TouchInput

/// Visible response (docs/METRICS.md "Visible response"): for every input that starts an
/// interaction — a first finger or pencil landing, a pointer appearing, a scroll gesture
/// beginning — the time until the first frame whose shown element differs
/// from what was shown before it, split into the wait for recognition and the display
/// pipeline; the touch-down subset as `feedback_ms`; and the finger's travel before the
/// element it drives first moved (`dead_travel_pt`). An input after which nothing changes
/// is counted in `unanswered_inputs`, never timed.
struct ResponseProbe: Sendable {
    /// How far the element must move (points; a highlight's 0…1 counts the same) to be a
    /// visible change: below what a display can show, above floating-point noise.
    static let visibleChange = 0.01
    /// The same for a scale factor or a rotation in radians (0.1 % or 1 mrad).
    static let visibleTransform = 0.001
    /// How long after the input (or after the lift of the contact that made it) a change
    /// still counts as its answer.
    static let answerWindow: Int64 = 1_000_000_000

    private struct Pending: Sendable {
        var time: Int64
        var touchDown: Bool
        var contact: UInt32?
        var baseX: Double, baseY: Double
        var baseScale: Double, baseRotation: Double
        /// The vsync of the frame that consumed the input, once rendered.
        var consumed: Int64?
        /// Until when a change answers it (moved on while the contact is down).
        var deadline: Int64
        var contactDown: Bool
    }

    private struct Travel: Sendable {
        var contact: UInt32
        var landingX: Double, landingY: Double
        var baseX: Double, baseY: Double
        var previousX: Double, previousY: Double
    }

    private(set) var response = MetricAccumulator.milliseconds()
    private(set) var recognition = MetricAccumulator.milliseconds()
    private(set) var pipeline = MetricAccumulator.milliseconds()
    private(set) var feedback = MetricAccumulator.milliseconds()
    private(set) var deadTravel = MetricAccumulator(quantum: 1e-6)
    private(set) var unanswered = 0
    private var pending: [Pending] = []
    private var travel: Travel?
    /// What the newest rendered frame showed, and whether it was animating.
    private var shownX = 0.0, shownY = 0.0
    private var shownScale = 1.0, shownRotation = 0.0
    private var animating = false

    init(initial state: SceneState) {
        shownX = state.x
        shownY = state.y
        shownScale = state.scale
        shownRotation = state.rotation
        pending.reserveCapacity(4)
    }

    /// Takes a sample as it arrives; `downBefore` counts the contacts down before it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, downBefore: Int) {
        if sample.kind.isContact, sample.phase.isTerminal || sample.phase == .hoverExited {
            lifted(sample)
            return
        }
        guard sample.phase == .began || sample.phase == .hoverEntered else { return }
        let touchDown: Bool
        switch sample.kind {
        case .touch, .pencil:
            // A second finger joins a gesture; a hovering pencil that lands is a touch-down.
            guard downBefore == 0, sample.phase == .began else { return }
            touchDown = true
        case .pointer:
            // The pointer appearing; a click is a press on what it shows, not a start.
            guard sample.phase == .hoverEntered else { return }
            touchDown = false
        case .scroll:
            touchDown = false
        case .key, .marker:
            // Keys mostly modify other input (a shift held through a tap) and show nothing.
            return
        }
        // A new interaction: whatever the last one left unanswered stays so.
        unanswered += pending.count
        pending.removeAll(keepingCapacity: true)
        // Content already in motion is caught, not started: catch response covers it.
        guard !animating else { return }
        pending.append(Pending(time: sample.time, touchDown: touchDown, contact: sample.kind.isContact ? sample.id : nil,
                               baseX: shownX, baseY: shownY, baseScale: shownScale, baseRotation: shownRotation, deadline: sample.time &+ Self.answerWindow,
                               contactDown: touchDown))
        if touchDown {
            travel = Travel(contact: sample.id, landingX: sample.x, landingY: sample.y, baseX: shownX, baseY: shownY,
                            previousX: shownX, previousY: shownY)
        }
    }

    private mutating func lifted(_ sample: InputSample) {
        for index in pending.indices where pending[index].contact == sample.id && pending[index].contactDown {
            pending[index].contactDown = false
            pending[index].deadline = Swift.max(pending[index].deadline, sample.time &+ Self.answerWindow)
        }
        if travel?.contact == sample.id { travel = nil }
    }

    /// Takes a rendered frame.
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state, record = frame.record
        var index = 0
        while index < pending.count {
            var entry = pending[index]
            if entry.consumed == nil { entry.consumed = record.vsync }
            let moved = abs(state.x - entry.baseX) + abs(state.y - entry.baseY)
            let transformed = abs(state.scale - entry.baseScale) + abs(state.rotation - entry.baseRotation)
            if moved > Self.visibleChange || transformed > Self.visibleTransform {
                let total = Double(record.presentation &- entry.time)
                let waited = Double(record.vsync &- (entry.consumed ?? record.vsync))
                response.add(total)
                recognition.add(waited)
                pipeline.add(total - waited)
                if entry.touchDown { feedback.add(total) }
                pending.remove(at: index)
                continue
            }
            if !entry.contactDown && record.vsync > entry.deadline {
                unanswered += 1
                pending.remove(at: index)
                continue
            }
            pending[index] = entry
            index += 1
        }
        measureTravel(frame)
        shownX = state.x
        shownY = state.y
        shownScale = state.scale
        shownRotation = state.rotation
        animating = state.isAnimating
    }

    /// The first frame in which the element moves while the landed contact drives it:
    /// the finger's travel from its landing, less the element's own travel since then
    /// (what the element did show of the finger's path).
    private mutating func measureTravel(_ frame: FrameContext) {
        guard var entry = travel else { return }
        let state = frame.state
        let step = abs(state.x - entry.previousX) + abs(state.y - entry.previousY)
        entry.previousX = state.x
        entry.previousY = state.y
        travel = entry
        guard state.tracking == entry.contact, step > Self.visibleChange,
              let finger = frame.contacts.position(of: entry.contact) else { return }
        let fx = finger.x - entry.landingX, fy = finger.y - entry.landingY
        let ex = state.x - entry.baseX, ey = state.y - entry.baseY
        deadTravel.add((fx * fx + fy * fy).squareRoot() - (ex * ex + ey * ey).squareRoot())
        travel = nil
    }

    /// Inputs still waiting at the end of the run were never answered.
    func finishedUnanswered() -> Int { unanswered + pending.count }
}
