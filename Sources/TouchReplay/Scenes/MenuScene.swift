import TouchDynamics
import TouchGestures
import TouchInput

/// The `menu` reference scene: a press opens a menu of six items beside the finger
/// (``MenuLayout``), growing on a spring (damping 0.8, response 0.3 s, as the example page
/// Pages/menu.html), over a list that scrolls vertically. The menu is responsive while it
/// animates: hit-testing uses where the items are laid out, not how far the menu has grown.
///
/// - The pressing finger highlights the item under it as it moves; lifting on an item chooses
///   it and closes the menu. Lifting after a drag that ends off the items dismisses it; a
///   press lifted in place (a tap) leaves it open.
/// - With the menu open (or opening), a touch on it highlights the item under it as above;
///   a touch outside dismisses it at once and is not passed through (it opens nothing), and
///   if that touch then moves past the pan's hysteresis it scrolls the list 1:1 at once. A
///   second finger outside while the first still holds the menu dismisses it too (it does
///   not scroll: the first finger keeps the pan).
/// - A scroll step (wheel, trackpad) dismisses an open menu and scrolls the list by its
///   delta; a scroll with no end phase ends 100 ms after its last step.
///
/// Shown: `x` is the highlighted item's top in the menu (−44 for none, as the page reports
/// it), `y` the list's offset, `scale` how far the menu has grown (0 closed, 1 open), and the
/// destination is ``Destination/menuOpen``, ``Destination/menuItem(_:)`` (highlighted, then
/// chosen) or ``Destination/dismissed``.
public struct MenuScene: Scene {
    /// The menu's tunables.
    public struct Parameters: Sendable, Hashable {
        /// How far a finger that landed outside the menu travels before the list follows it.
        public var hysteresis: Double
        /// Whether touches and scroll steps act while the menu's spring runs. `false` is the
        /// broken menu the seeds warn about: input during the animation is swallowed.
        public var respondsWhileAnimating: Bool

        public init(hysteresis: Double = 10, respondsWhileAnimating: Bool = true) {
            self.hysteresis = hysteresis
            self.respondsWhileAnimating = respondsWhileAnimating
        }
    }

    /// What the current contact does.
    private enum Role: Sendable {
        /// No contact, or one the scene ignores.
        case none
        /// It pressed the menu open or landed on it: it highlights items.
        case pressing
        /// It landed outside the open menu and dismissed it: it may scroll the list.
        case outside
    }

    /// The menu's spring, as the example page's.
    static let spring = Springs.make(dampingRatio: 0.8, response: 0.3)
    /// The list's bounce back from past an edge.
    static let bounce = Springs.make(dampingRatio: 1, response: 0.4)

    private let parameters: Parameters
    private let width: Double, height: Double
    private let band: RubberBand
    private var growth = AnimatedValue(0)
    private var list: AnimatedValue
    private var layout: MenuLayout?
    /// Whether the menu is open or opening (the growth spring's target is 1).
    private var isOpen = false
    private var highlighted: Int?
    private var role = Role.none
    private var pan: ScenePan<PanRecognizer>
    private var hold = 0.0
    private var steps = ScrollSteps()
    private var scrolled = StepScrollAxis()
    public private(set) var state = SceneState()

    /// A closed menu over a list three screens tall, centred.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        width = context.width
        height = context.height
        band = RubberBand(range: -2 * context.height...0, dimension: context.height)
        list = AnimatedValue(-context.height)
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis))
        show()
    }

    public mutating func handle(_ sample: InputSample) {
        // The broken variant drops whatever arrives while its spring runs (the pan still
        // sees the contact, so that it knows when it lifts).
        let ignoring = !parameters.respondsWhileAnimating && growth.isAnimating
        // A scroll without phases that idled out before this sample ends at its deadline.
        if let deadline = steps.deadline(passedBy: sample.time) { endScroll(at: deadline) }
        if sample.kind == .scroll {
            // A press does not hold the list (a step dismisses its menu); a touch outside does.
            if !ignoring && steps.takes(sample, whileHeld: role == .outside && pan.isDown) { scroll(sample) }
            return
        }
        guard sample.isContactSample else { return }
        if steps.isActive && sample.phase == .began && !ignoring { endScroll(at: sample.time) }
        let step = pan.handle(sample, takeAnyContact: true)
        if ignoring {
            // A drag of the list that begins while ignored is swallowed whole: left with its
            // role, its changes after the spring moved the list from a hold its start never set
            // (a jump of 980 pt). A press keeps its role, to highlight once the menu answers.
            if step == .down || (step == .began && role == .outside) { role = .none }
            // A lift it ignores still lets go of the list the touch-down caught.
            if step == .ended || step == .cancelled || step == .lifted { letGoOfList(at: sample.time.seconds) }
            return
        }
        let time = sample.time.seconds
        if step != .down, sample.phase == .began, !pan.isFirstContact(sample) {
            // A second finger while the first still holds the menu: outside, it dismisses the
            // menu at once as any outside touch does (the first finger then acts on nothing).
            if isOpen, let layout, !layout.contains(x: sample.x, y: sample.y) {
                close(.dismissed, at: time)
                role = .none
            }
            return
        }
        switch step {
        case .down:
            list.set(list.value)
            if isOpen, let layout, !layout.contains(x: sample.x, y: sample.y) {
                // Outside: dismiss, and pass nothing through.
                close(.dismissed, at: time)
                role = .outside
            } else {
                if !isOpen { open(pressX: sample.x, y: sample.y, at: time) }
                role = .pressing
                highlight(sample)
            }
        case .began:
            hold = band.unbanded(list.value)
        case .changed:
            if role == .outside { list.set(band.banded(hold + pan.translation.dy)) }
        case .ended, .cancelled, .lifted:
            lift(sample, panned: step != .lifted, at: time)
            return
        case .none:
            break
        }
        if role == .pressing, pan.isFirstContact(sample), sample.phase == .moved || sample.phase == .stationary {
            highlight(sample)
        }
    }

    private mutating func lift(_ sample: InputSample, panned: Bool, at time: Double) {
        switch role {
        case .pressing:
            if sample.phase == .ended, let item = highlighted {
                close(.menuItem(item), at: time)
            } else if panned || sample.phase == .cancelled {
                close(.dismissed, at: time)
            }
            highlighted = nil
        case .outside:
            release(velocity: panned ? pan.velocity.y : 0, at: time)
        case .none:
            break
        }
        letGoOfList(at: time)
    }

    /// The touch-down caught the list where it was (whatever the touch did since, even if a
    /// second finger took its role away or the broken variant ignored the lift): left past an
    /// edge (a bounce or a wheel's overscroll caught), it springs back at the lift instead of
    /// staying there, unless a scroll holds it (the scroll's end lets it go).
    private mutating func letGoOfList(at time: Double) {
        if !list.isAnimating && !steps.isActive { release(velocity: 0, at: time) }
        role = .none
    }

    private mutating func open(pressX x: Double, y: Double, at time: Double) {
        layout = MenuLayout(pressX: x, y: y, screenWidth: width, screenHeight: height)
        isOpen = true
        state.destination = .menuOpen
        growth.spring(to: 1, velocity: growth.velocity(at: time), at: time, with: Self.spring)
    }

    private mutating func close(_ outcome: Destination, at time: Double) {
        isOpen = false
        highlighted = nil
        state.destination = outcome
        growth.spring(to: 0, velocity: growth.velocity(at: time), at: time, with: Self.spring)
    }

    private mutating func highlight(_ sample: InputSample) {
        guard isOpen else { return }
        highlighted = layout?.item(atX: sample.x, y: sample.y)
        state.destination = highlighted.map { .menuItem($0) } ?? .menuOpen
    }

    /// Scroll steps dismiss an open menu and move the list 1:1 (positive `dy` scrolls down).
    private mutating func scroll(_ sample: InputSample) {
        let delta = sample.scrollDelta ?? (0, 0)
        if steps.step(sample.phase, at: sample.time) {
            if isOpen { close(.dismissed, at: sample.time.seconds) }
            scrolled.start(&list, in: band)
        }
        scrolled.move(&list, by: delta.dy, in: band)
        if sample.phase.isTerminal { endScroll(at: sample.time) }
    }

    private mutating func endScroll(at time: Int64) {
        steps.end()
        release(velocity: 0, at: time.seconds)
    }

    private mutating func release(velocity: Double, at time: Double) {
        list.release(in: band, velocity: velocity, at: time, bounce: Self.bounce)
    }

    public mutating func advance(to time: Int64) {
        if let deadline = steps.deadline(passedBy: time) { endScroll(at: deadline) }
        growth.update(at: time.seconds)
        list.update(at: time.seconds)
        show()
    }

    private mutating func show() {
        let top = highlighted.map { Double($0) * MenuLayout.itemHeight } ?? -MenuLayout.itemHeight
        state.x = top
        state.targetX = top
        state.y = list.value
        state.targetY = list.target
        state.scale = growth.value
        // Kept rendering while a scroll without phases waits for its deadline.
        state.isAnimating = growth.isAnimating || list.isAnimating || steps.awaitsDeadline
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("growth", growth.value), ("highlight", state.x), ("list", list.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", pan.recognizer.state.rawValue)]
    }

    /// Every touch-down and scroll start changes what the menu shows (docs/METRICS.md
    /// "Swallowed inputs").
    public var responsiveInputs: ResponsiveInputs { [.everyInput] }
}
