import TouchBenchSupport
import TouchDynamics
import TouchGestures
import TouchInput

/// The `button` reference scene: a 120 × 50 pt button placed where the first touch lands,
/// driven by a ``TapRecognizer`` and a ``MultiTapRecognizer``.
///
/// The tap highlights the button the moment the finger lands, keeps it highlighted while
/// the finger stays within the hit slop (70 pt around it, as UIKit's buttons allow),
/// un-highlights it when dragged out and highlights it again when back in; a lift inside
/// is a tap. The double tap decides between one tap and two: its second tap commits
/// `doubleTap` at once, while a single tap is committed (`tap`) only when the double tap
/// has failed — its 300 ms gap passed with no second touch — as when a tap is required to
/// wait for a double tap to fail. That wait, the price of telling them apart, is reported
/// as a ``SceneSignal/tapCommitted(delay:)`` signal.
public struct ButtonScene: Scene {
    /// The button's tunables.
    public struct Parameters: Sendable, Hashable {
        /// Whether the button highlights the moment the finger lands (as it should) or only
        /// flashes when the tap is recognized at the lift.
        public var highlightOnTouchDown: Bool
        /// How long the double tap waits after a lift for the next touch, nanoseconds.
        public var doubleTapTimeout: Int64
        /// How far outside the button the finger may stray and still tap it, points.
        public var hitSlop: Double

        public init(highlightOnTouchDown: Bool = true, doubleTapTimeout: Int64 = 300_000_000, hitSlop: Double = 70) {
            self.hitSlop = hitSlop
            self.highlightOnTouchDown = highlightOnTouchDown
            self.doubleTapTimeout = doubleTapTimeout
        }
    }

    static let size = (width: 120.0, height: 50.0)

    private var tap: TapRecognizer
    private var doubleTap: MultiTapRecognizer
    private var events: [GestureEvent] = []
    private var highlight = AnimatedValue(0)
    private var wasHighlighted = false
    /// The lift of a single tap held back until the double tap decides.
    private var heldTap: Int64?
    /// The lift of a held single tap whose double tap ran out of time before a later touch
    /// landed: committed at the frame that consumes that touch.
    private var timedOutTap: Int64?
    private var signals: [SceneSignal] = []
    private let parameters: Parameters
    public private(set) var state = SceneState()

    /// A button not yet placed: it appears under the first touch.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        doubleTap = MultiTapRecognizer(maximumGap: parameters.doubleTapTimeout)
        tap = TapRecognizer(hitSlop: parameters.hitSlop)
        events.reserveCapacity(4)
    }

    /// The button's frame, once the first touch has placed it.
    public var frame: Rect? { tap.target }

    public mutating func handle(_ sample: InputSample) {
        guard sample.isContactSample else { return }
        let time = sample.time
        events.empty()
        if sample.phase == .began {
            if heldTap != nil, let deadline = doubleTap.nextDeadline, time >= deadline {
                // The double tap's time ran out before this touch landed, though no frame has
                // noticed it yet: it fails now, and this touch is a new tap. (Before, the touch
                // found it still waiting and made the two one double tap, committing the
                // second as a single tap with no wait.)
                doubleTap.advance(to: time, events: &events)
                timedOutTap = heldTap
                heldTap = nil
            }
            // Finished recognizers start afresh with the next touch, as in an arena.
            if doubleTap.state.isTerminal && doubleTap.contact == nil { doubleTap.reset() }
            if tap.state.isTerminal { tap.reset() }
            if tap.target == nil {
                tap.target = Rect(x: sample.x - Self.size.width / 2, y: sample.y - Self.size.height / 2,
                                  width: Self.size.width, height: Self.size.height)
            }
            // A touch that lands off the button belongs to something else, unless a finger
            // is already pressing it (a second finger makes both recognizers fail).
            guard tap.wantsContact(sample) else { return }
        }
        // The double tap first: a tap that recognizes on the same lift must know whether
        // the double tap is still waiting.
        doubleTap.handle(sample, events: &events)
        tap.handle(sample, events: &events)
        for event in events {
            switch (event.gesture, event.state) {
            case (.doubleTap, .recognized):
                // A double tap drops the single tap it was holding.
                heldTap = nil
                commit(.doubleTap, delay: 0)
            case (.tap, .recognized):
                if !parameters.highlightOnTouchDown {
                    highlight.set(1)
                    highlight.spring(to: 0, velocity: 0, at: time.seconds, with: Springs.quick)
                }
                if doubleTap.state == .began || doubleTap.state == .possible {
                    heldTap = event.time
                } else if doubleTap.state != .recognized {
                    heldTap = nil
                    commit(.tap, delay: 0)
                }
            default:
                break
            }
        }
        showHighlight(at: time)
    }

    /// Commits a destination, `delay` after its gesture was recognized.
    private mutating func commit(_ destination: Destination, delay: Int64) {
        state.destination = destination
        signals.append(.tapCommitted(delay: delay))
    }

    private mutating func showHighlight(at time: Int64) {
        guard parameters.highlightOnTouchDown, tap.isHighlighted != wasHighlighted else { return }
        wasHighlighted = tap.isHighlighted
        if wasHighlighted {
            // Pressed at once: feedback must not lag the finger.
            highlight.set(1)
        } else {
            highlight.spring(to: 0, velocity: 0, at: time.seconds, with: Springs.quick)
        }
    }

    public mutating func advance(to time: Int64) {
        events.empty()
        doubleTap.advance(to: time, events: &events)
        if let lift = timedOutTap {
            // Noticed at this frame, as a timeout is.
            timedOutTap = nil
            commit(.tap, delay: time - lift)
        }
        if let lift = heldTap, doubleTap.state == .failed || doubleTap.state == .idle {
            // Noticed at this frame: the single tap waited from its lift until now.
            heldTap = nil
            commit(.tap, delay: time - lift)
        }
        highlight.update(at: time.seconds)
        state.x = highlight.value
        state.y = 0
        state.targetX = highlight.target
        state.isAnimating = highlight.isAnimating || heldTap != nil || timedOutTap != nil
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    public func animatedValues() -> [(name: String, value: Double)] { [("highlight", highlight.value)] }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("tap", tap.isHighlighted ? "highlighted" : heldTap != nil ? "waitingForDoubleTap" : tap.state.rawValue),
         ("doubleTap", doubleTap.state.rawValue)]
    }

    /// A pressed tap's lift takes the highlight off, and a press while the last one's
    /// highlight fades (or a double tap may follow: the second tap) highlights it again
    /// (docs/METRICS.md).
    public var responsiveInputs: ResponsiveInputs { [.pressRelease, .repeatedPress] }
}
