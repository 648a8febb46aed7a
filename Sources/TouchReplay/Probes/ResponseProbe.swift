import TouchBenchSupport
import TouchInput

/// Visible response (docs/METRICS.md "Visible response"): for every input that starts an
/// interaction — a first finger or pencil landing, a pointer appearing, a scroll gesture
/// beginning — and every further input the scene declares it answers (``ResponsiveInputs``:
/// a second finger, a tap's lift, a key), the time until the first frame whose shown element
/// differs from what was shown before it, split into the wait for recognition and the display
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
    /// How far a finger may stray from where it landed and its lift still be a tap's: a
    /// pan's default hysteresis, below which no reference scene moves anything.
    static let tapTravel = 10.0

    private struct Pending: Sendable {
        var time: Int64
        var touchDown: Bool
        var contact: ContactKey?
        var baseX: Double, baseY: Double
        var baseScale: Double, baseRotation: Double
        /// The vsync of the frame that consumed the input, once rendered.
        var consumed: Int64?
        /// Until when a change answers it (moved on while the contact is down).
        var deadline: Int64
        var contactDown: Bool
        /// The element's step over the frame before the input when it was still changing
        /// (a repeated press on a fading highlight): only a change against it answers.
        var againstX = 0.0, againstY = 0.0
    }

    private struct Travel: Sendable {
        var contact: ContactKey
        var time: Int64
        var landingX: Double, landingY: Double
        var baseX: Double, baseY: Double
        var previousX: Double, previousY: Double
        /// Whether the frame that consumed the landing has been seen.
        var landed = false
    }

    /// The only contact down, while it may still be a tap.
    private struct TapCandidate: Sendable {
        var contact: ContactKey
        var landingX: Double, landingY: Double
        /// Whether its touch-down has been visibly answered (a press shown).
        var pressed = false
    }

    private(set) var response = MetricAccumulator.milliseconds()
    private(set) var recognition = MetricAccumulator.milliseconds()
    private(set) var pipeline = MetricAccumulator.milliseconds()
    private(set) var feedback = MetricAccumulator.milliseconds()
    private(set) var deadTravel = MetricAccumulator(quantum: 1e-6)
    private(set) var unanswered = 0
    private let responsive: ResponsiveInputs
    private var pending: [Pending] = []
    /// The landing whose travel is measured; several when contacts landed at one instant
    /// (whichever the scene then drives is measured, whatever the file order).
    private var travels: [Travel] = []
    private var tap: TapCandidate?
    /// What the newest rendered frame showed, whether it was animating, and whether it
    /// differed visibly from the frame before it.
    private var shownX = 0.0, shownY = 0.0
    private var shownScale = 1.0, shownRotation = 0.0
    private var animating = false
    private var changing = false
    /// The next vsync after the newest frame: a scene that was not animating and got no
    /// input by then rendered nothing there, so its element showed no change any more.
    private var nextVsync: Int64 = .min
    /// The element's step over the newest frame.
    private var stepX = 0.0, stepY = 0.0

    init(initial state: SceneState, responsive: ResponsiveInputs) {
        self.responsive = responsive
        shownX = state.x
        shownY = state.y
        shownScale = state.scale
        shownRotation = state.rotation
        pending.reserveCapacity(4)
    }

    /// Takes a sample as it arrives; `downBefore` counts the contacts down before it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, downBefore: Int) {
        if sample.kind.isContact {
            if sample.phase.isTerminal || sample.phase == .hoverExited {
                lifted(sample, downBefore: downBefore)
                return
            }
            if let candidate = tap, candidate.contact == sample.contact, sample.phase.isInContact {
                let dx = sample.x - candidate.landingX, dy = sample.y - candidate.landingY
                if dx * dx + dy * dy > Self.tapTravel * Self.tapTravel { tap = nil }
            }
        }
        guard sample.phase == .began || sample.phase == .hoverEntered else { return }
        switch sample.kind {
        case .touch, .pencil:
            guard sample.phase == .began else { return }
            if downBefore == 0 {
                tap = TapCandidate(contact: sample.contact, landingX: sample.x, landingY: sample.y)
                start(sample, touchDown: true)
            } else {
                tap = nil
                // Contacts landing at one instant are one landing, whichever a file lists
                // first: each is a candidate, and the one the scene drives is measured.
                if let first = travels.first, !first.landed, first.time == sample.time {
                    travels.append(Travel(contact: sample.contact, time: sample.time, landingX: sample.x, landingY: sample.y,
                                          baseX: first.baseX, baseY: first.baseY, previousX: first.previousX, previousY: first.previousY))
                } else if !animating, !isChanging(at: sample.time) {
                    // A later touch-down on an element at rest is a candidate too: a finger
                    // that pans a canvas while the pencil, down first, draws (before, only a
                    // touch-down with nothing else down was, so it never had a dead travel).
                    travels.append(Travel(contact: sample.contact, time: sample.time, landingX: sample.x, landingY: sample.y,
                                          baseX: shownX, baseY: shownY, previousX: shownX, previousY: shownY))
                }
                // A second finger joins the gesture: timed only where the scene promises
                // an answer, and only on an element at rest (else the answer is unattributable).
                guard downBefore == 1, responsive.contains(.secondTouchDown), !animating, !isChanging(at: sample.time) else { return }
                expectAnswer(to: sample, touchDown: true, contact: sample.contact)
            }
        case .pointer:
            // The pointer appearing starts an interaction; a click does too where the scene
            // shows a press, and elsewhere it is a press on what the pointer shows.
            let click = sample.phase == .began && downBefore == 0 && responsive.contains(.pointerPress)
            guard sample.phase == .hoverEntered || click else { return }
            start(sample, touchDown: false)
        case .scroll:
            start(sample, touchDown: false)
        case .key:
            // Keys mostly modify other input (a shift held through a tap) and show nothing,
            // unless the scene says it reacts to them.
            guard responsive.contains(.keyPress), !animating, !isChanging(at: sample.time) else { return }
            expectAnswer(to: sample, touchDown: false, contact: nil)
        case .marker:
            return
        }
    }

    /// A new interaction: whatever the last one left unanswered stays so.
    private mutating func start(_ sample: InputSample, touchDown: Bool) {
        unanswered += pending.count
        pending.empty()
        // Content already in motion is caught, not started: catch response covers it. A
        // scene that animates only what its last press showed takes a new press instead.
        let repeated = animating && touchDown && responsive.contains(.repeatedPress)
        guard !animating || repeated else { return }
        expectAnswer(to: sample, touchDown: touchDown, contact: sample.kind.isContact ? sample.contact : nil)
        if repeated && isChanging(at: sample.time), let last = pending.indices.last {
            pending[last].againstX = stepX
            pending[last].againstY = stepY
        }
        if touchDown {
            travels = [Travel(contact: sample.contact, time: sample.time, landingX: sample.x, landingY: sample.y, baseX: shownX, baseY: shownY,
                            previousX: shownX, previousY: shownY)]
        }
    }

    private mutating func expectAnswer(to sample: InputSample, touchDown: Bool, contact: ContactKey?) {
        pending.append(Pending(time: sample.time, touchDown: touchDown, contact: contact,
                               baseX: shownX, baseY: shownY, baseScale: shownScale, baseRotation: shownRotation,
                               deadline: sample.time &+ Self.answerWindow, contactDown: contact != nil && touchDown))
    }

    private mutating func lifted(_ sample: InputSample, downBefore: Int) {
        for index in pending.indices where pending[index].contact == sample.contact && pending[index].contactDown {
            pending[index].contactDown = false
            pending[index].deadline = Swift.max(pending[index].deadline, sample.time &+ Self.answerWindow)
        }
        travels.removeAll { $0.contact == sample.contact }
        if let candidate = tap, candidate.contact == sample.contact {
            tap = nil
            // A tap's lift: the only contact, ended (not cancelled) near where it landed.
            // A pressed button shows its press steadily: it may be animating only because a
            // double tap may follow, so a steady element is enough there.
            let release = responsive.contains(.pressRelease) && candidate.pressed
            let promised = responsive.contains(.tapLift) || release
            if sample.phase == .ended, downBefore == 1, promised, !animating || release, !isChanging(at: sample.time) {
                expectAnswer(to: sample, touchDown: false, contact: nil)
            }
        }
    }

    /// Takes a rendered frame.
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state, record = frame.record
        var index = 0
        while index < pending.count {
            var entry = pending[index]
            if entry.consumed == nil { entry.consumed = record.vsync }
            // The window first: an idle scene renders no frame for a while, and the first it
            // renders after the window closed would otherwise time an input that nothing
            // answered within it (a scroll moved a second and a half after it began).
            if !entry.contactDown && record.vsync > entry.deadline {
                unanswered += 1
                pending.remove(at: index)
                continue
            }
            if Self.answers(state, entry) || Self.inks(frame.signals, entry) {
                let total = Double(record.presentation &- entry.time)
                let waited = Double(record.vsync &- (entry.consumed ?? record.vsync))
                response.add(total)
                recognition.add(waited)
                pipeline.add(total - waited)
                if entry.touchDown { feedback.add(total) }
                if entry.touchDown, entry.contact != nil, tap?.contact == entry.contact { tap?.pressed = true }
                pending.remove(at: index)
                continue
            }
            pending[index] = entry
            index += 1
        }
        // Tested here, not only inside: most frames measure no travel, and the call cost more.
        if !travels.isEmpty { measureTravel(frame) }
        stepX = state.x - shownX
        stepY = state.y - shownY
        nextVsync = record.vsync &+ (record.displayTime &- record.hitch)
        changing = abs(state.x - shownX) + abs(state.y - shownY) > Self.visibleChange
            || abs(state.scale - shownScale) + abs(state.rotation - shownRotation) > Self.visibleTransform
        shownX = state.x
        shownY = state.y
        shownScale = state.scale
        shownRotation = state.rotation
        animating = state.isAnimating
    }

    /// Whether the element was changing when an input came at `time`: the newest frame
    /// changed it, and either the scene animates (so it renders every vsync) or no vsync has
    /// passed since without a frame.
    private func isChanging(at time: Int64) -> Bool {
        changing && (animating || time <= nextVsync)
    }

    /// Whether `state` visibly answers `entry`: it differs from what was shown before the
    /// input, and — for an input on an element still changing — by a move against that change.
    private static func answers(_ state: SceneState, _ entry: Pending) -> Bool {
        let dx = state.x - entry.baseX, dy = state.y - entry.baseY
        let step = (entry.againstX * entry.againstX + entry.againstY * entry.againstY).squareRoot()
        if step > 0 { return (dx * entry.againstX + dy * entry.againstY) / step < -visibleChange }
        let transformed = abs(state.scale - entry.baseScale) + abs(state.rotation - entry.baseRotation)
        return abs(dx) + abs(dy) > visibleChange || transformed > visibleTransform
    }

    /// Whether the frame shows ink drawn by the entry's contact, or the canvas's scrubber
    /// grabbed by it: a pencil's touch-down on a canvas is answered by its ink, a finger's on
    /// the scrubber by the thumb it grabs, not by a move of the element.
    private static func inks(_ signals: [SceneSignal], _ entry: Pending) -> Bool {
        guard let contact = entry.contact, entry.touchDown else { return false }
        return signals.contains {
            switch $0 {
            case .inkDrawn(_, let id, let kind), .scrubbed(_, let id, let kind): ContactKey(kind: kind, id: id) == contact
            default: false
            }
        }
    }

    /// The first frame in which the element moves while the landed contact drives it:
    /// the finger's travel from its landing, less the element's own travel since the frame
    /// that consumed the landing (what the element did show of the finger's path).
    private mutating func measureTravel(_ frame: FrameContext) {
        guard !travels.isEmpty else { return }
        let state = frame.state
        var measured: Travel?
        for index in travels.indices {
            let step = abs(state.x - travels[index].previousX) + abs(state.y - travels[index].previousY)
            travels[index].previousX = state.x
            travels[index].previousY = state.y
            if !travels[index].landed {
                travels[index].landed = true
                // The frame that consumed the landing shows the element the contact found (a
                // board focuses the object under the finger), unless the scene drives it at once.
                if state.tracking != travels[index].contact {
                    travels[index].baseX = state.x
                    travels[index].baseY = state.y
                }
            }
            if measured == nil, state.tracking == travels[index].contact, step > Self.visibleChange { measured = travels[index] }
        }
        guard let entry = measured, let finger = frame.contacts.position(of: entry.contact) else { return }
        let fx = finger.x - entry.landingX, fy = finger.y - entry.landingY
        let ex = state.x - entry.baseX, ey = state.y - entry.baseY
        deadTravel.add((fx * fx + fy * fy).squareRoot() - (ex * ex + ey * ey).squareRoot())
        travels.removeAll()
    }

    /// Inputs still waiting at the end of the run were never answered.
    func finishedUnanswered() -> Int { unanswered + pending.count }
}
