import TouchBenchSupport
import TouchDynamics
import TouchGestures
import TouchInput

/// The `board` reference scene: a grid of objects (``BoardLayout``) on a board three screens
/// tall that scrolls vertically, where keyboard modifiers change what a drag or a click does.
/// The modifiers are those a contact's samples record plus the keys held (key samples), read
/// once, when the contact lands.
///
/// - A drag on an object moves it 1:1 after the pan's hysteresis (keeping the touch offset);
///   an Option-drag drags a copy and leaves the original in place.
/// - A click or tap on an object selects it alone once a double tap has failed (300 ms); a
///   double tap acts on it (opens it). A Command-click acts at once, with no disambiguation
///   delay; a Shift-click adds the object to the selection at once.
/// - A drag on the empty board pans it like a scroll view (1:1, rubber band, coasting); a
///   Shift-drag draws a marquee that adds every object it touches to the selection.
/// - A mouse drag (a pointer with a button down) does what a finger drag does; trackpad and
///   wheel scroll steps scroll the board by their deltas, as a finger pan would.
///
/// Shown: the element in focus — the object last pressed or dragged (its position on screen;
/// scale 1.05 while pressed), the marquee's moving corner, or the board (`x` 0, `y` its
/// offset: 0 at the top, negative further down) once it scrolls. Destinations:
/// ``Destination/moved(_:)``, ``Destination/copied(_:)``, ``Destination/activated(_:)`` and
/// ``Destination/selected(_:)`` (the selection's size).
public struct BoardScene: Scene {
    /// The board's tunables; the non-default values are the regressions the tests re-create.
    public struct Parameters: Sendable, Hashable {
        /// How far a finger or mouse travels before a drag begins.
        public var hysteresis: Double
        /// Whether modifiers are read when the contact lands (as it should be) or when it lifts:
        /// a key let go just before the lift then turns a copy into a move, a marquee into nothing.
        public var readsModifiersAtLift: Bool
        /// Whether a Command-click waits, like a plain click, for a double tap to fail.
        public var commandWaitsForDoubleTap: Bool
        /// Points the board moves per point of a scroll step (1: as a finger).
        public var scrollGain: Double

        public init(hysteresis: Double = 10, readsModifiersAtLift: Bool = false, commandWaitsForDoubleTap: Bool = false,
                    scrollGain: Double = 1) {
            self.hysteresis = hysteresis
            self.readsModifiersAtLift = readsModifiersAtLift
            self.commandWaitsForDoubleTap = commandWaitsForDoubleTap
            self.scrollGain = scrollGain
        }
    }

    /// What the current contact does.
    enum Drag: Sendable, Equatable {
        /// Landed, not yet past the hysteresis (or ignored).
        case none
        /// Moves object `index`.
        case move(Int)
        /// Moves `copy`, a copy of `source` made when the drag began.
        case copy(source: Int, copy: Int)
        /// Draws a marquee from the landing point (board coordinates).
        case marquee(x: Double, y: Double)
        /// Pans the board.
        case pan
    }

    /// What the frame shows.
    enum Focus: Sendable, Equatable {
        case board
        case object(Int)
        /// A marquee's corner, in board coordinates.
        case corner(x: Double, y: Double)
    }

    /// How long a click waits for a second one (as the button scene's double tap).
    static let doubleTapGap: Int64 = 300_000_000
    /// The most objects the board holds: copies past it are not made (a trace cannot grow
    /// the scene without bound).
    static let capacity = 4096
    static let bounce = Springs.make(dampingRatio: 1, response: 0.4)
    static let pressedScale = 1.05

    let parameters: Parameters
    let layout: BoardLayout
    let band: RubberBand
    /// Every object's top-left corner on the board (copies appended).
    var objects: [(x: Double, y: Double)]
    var selection: Set<Int> = []
    var offset = AnimatedValue(0)
    var pan: ScenePan<PanRecognizer>
    var steps = ScrollSteps()
    var scrolled = StepScrollAxis()
    var hold = 0.0
    /// Where the dragged object was when its drag began.
    var objectHold = (x: 0.0, y: 0.0)
    /// The keys held, from key samples.
    var heldKeys: ModifierFlags = []
    /// The contact's landing: the object under it, the modifiers then, where (board).
    var landedOn: Int?
    var landingModifiers: ModifierFlags = []
    /// The landing sample's own modifiers and time, for a key sample at that same time.
    var landingOwnModifiers: ModifierFlags = []
    var landingTime: Int64?
    var landing = (x: 0.0, y: 0.0)
    var drag = Drag.none
    var focus = Focus.board
    var pressed: Int?
    /// A plain click waiting for a double tap to fail: the object, the lift, the deadline.
    var waiting: (index: Int, lift: Int64, deadline: Int64, activates: Bool)?
    /// The last plain click's object and lift, for a double tap.
    var lastClick: (index: Int, lift: Int64)?
    var signals: [SceneSignal] = []
    public internal(set) var state = SceneState()

    /// A board at its top on the screen of `context`.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        let layout = BoardLayout(screenWidth: context.width)
        self.layout = layout
        band = RubberBand(range: -2 * context.height...0, dimension: context.height)
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis))
        objects = (0..<BoardLayout.count).map { layout.origin(of: $0) }
        show()
    }

    /// The object under screen point (`x`, `y`), the topmost (latest) first.
    func object(atX x: Double, y: Double) -> Int? {
        let boardY = y - offset.value
        return objects.indices.last { index in
            let origin = objects[index]
            return x >= origin.x && x <= origin.x + BoardLayout.side && boardY >= origin.y && boardY <= origin.y + BoardLayout.side
        }
    }

    public mutating func handle(_ sample: InputSample) {
        // A scroll without phases that idled out before this sample ends at its deadline.
        if let deadline = steps.deadline(passedBy: sample.time) { endScroll(at: deadline) }
        switch sample.kind {
        case .key:
            // A key sample carries the modifiers held once it is handled. Key state at a
            // landing's own time counts for that landing, whichever sample the file lists
            // first (docs/METRICS.md "Equal timestamps").
            heldKeys = sample.modifiers
            if let landed = landingTime, landed == sample.time, case .none = drag {
                landingModifiers = landingOwnModifiers.union(heldKeys)
                if landedOn == nil, landingModifiers.contains(.shift) { focus = .corner(x: landing.x, y: landing.y) }
            }
            return
        case .scroll:
            if steps.takes(sample, whileHeld: pan.isDown) { scroll(sample) }
            return
        case .marker:
            return
        case .touch, .pencil, .pointer:
            guard sample.isContactSample else { return }
        }
        if steps.isActive && sample.phase == .began { endScroll(at: sample.time) }
        let step = pan.handle(sample, takeAnyContact: true)
        switch step {
        case .down:
            land(sample)
        case .began:
            begin(sample)
        case .changed:
            follow(sample)
        case .ended, .cancelled:
            endDrag(sample)
            letGoOfBoard(at: sample.time)
        case .lifted:
            click(sample)
            letGoOfBoard(at: sample.time)
        case .none:
            break
        }
    }

    private mutating func land(_ sample: InputSample) {
        // A catch: the coasting board stops under the finger.
        offset.set(offset.value)
        landingOwnModifiers = sample.modifiers
        landingTime = sample.time
        landingModifiers = sample.modifiers.union(heldKeys)
        landedOn = object(atX: sample.x, y: sample.y)
        // A click waiting for its double tap is decided by a landing anywhere else (only the
        // same object can make it a double): it must not land mid-way through that gesture.
        if let click = waiting, landedOn != click.index { commitWaitingClick(at: sample.time) }
        landing = (sample.x, sample.y - offset.value)
        drag = .none
        if let index = landedOn {
            pressed = index
            focus = .object(index)
        } else if landingModifiers.contains(.shift) {
            // Shift on the empty board: the marquee's corner shows where it will span from.
            focus = .corner(x: landing.x, y: landing.y)
        }
    }

    private mutating func begin(_ sample: InputSample) {
        pressed = nil
        // A drag from the clicked object is no double tap: the click is decided now.
        commitWaitingClick(at: sample.time)
        if let index = landedOn {
            if landingModifiers.contains(.option), objects.count < Self.capacity {
                objects.append(objects[index])
                drag = .copy(source: index, copy: objects.count - 1)
                state.destination = .copied(index)
                focus = .object(objects.count - 1)
            } else {
                drag = .move(index)
                state.destination = .moved(index)
                focus = .object(index)
            }
            objectHold = objects[focus.objectIndex ?? index]
        } else if landingModifiers.contains(.shift) {
            // The marquee spans from where the finger landed, on the board.
            drag = .marquee(x: landing.x, y: landing.y)
        } else {
            drag = .pan
            hold = band.unbanded(offset.value)
            focus = .board
        }
        follow(sample)
    }

    private mutating func follow(_ sample: InputSample) {
        let translation = pan.translation
        switch drag {
        case .move(let index), .copy(_, let index):
            objects[index] = (objectHold.x + translation.dx, objectHold.y + translation.dy)
        case .marquee:
            focus = .corner(x: sample.x, y: sample.y - offset.value)
        case .pan:
            offset.set(band.banded(hold + translation.dy))
        case .none:
            break
        }
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pan", pan.recognizer.state.rawValue)]
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("x", state.x), ("y", state.y), ("board", offset.value)]
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    /// A mouse click shows its press as a touch does (the object grows): it is timed as the
    /// start it is (docs/METRICS.md).
    public var responsiveInputs: ResponsiveInputs { .pointerPress }
}

extension BoardScene.Focus {
    /// The object in focus, if any.
    var objectIndex: Int? {
        if case .object(let index) = self { return index }
        return nil
    }
}
