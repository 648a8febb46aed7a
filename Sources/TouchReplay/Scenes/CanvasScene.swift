import TouchBenchSupport
import TouchGestures
import TouchInput

/// The `canvas` reference scene: the seeds' pencil-with-touch example. The two input kinds
/// have different roles at the same time: the pencil draws, fingers move the canvas.
///
/// - A pencil on the glass draws: each of its samples adds a point of ink under its tip (in
///   canvas coordinates) in the frame that consumes it, with no hysteresis, so the ink
///   follows the tip with no more latency than the display pipeline's.
/// - Fingers never draw. One finger pans the canvas 1:1 once it passes the pan's hysteresis;
///   two pinch to zoom about their midpoint (kept within 0.25…8) while their centroid pans it.
///   They do so while the pencil draws: neither input waits for the other.
/// - A finger landing on the scrubber (``ScrubberLayout``, a brush-size or timeline strip
///   along the bottom) holds its thumb, which follows it along the strip in the frame that
///   consumes each sample, while the pencil draws; the finger neither pans nor draws, and the
///   pencil never moves the thumb.
///
/// Shown: `x`, `y` the canvas's offset and `scale` its zoom (a canvas point p is drawn at
/// offset + scale · p); `tracking` the finger that pans it alone. What ink the frame adds is
/// a ``SceneSignal/inkDrawn(time:contact:kind:)`` per point, what moves the canvas a
/// ``SceneSignal/canvasMoved(time:kind:)`` per sample: the canvas probe times both per input
/// role (docs/METRICS.md "Canvas"); what the thumb shows a ``SceneSignal/scrubbed(time:contact:kind:)``.
/// The destination is what the current gesture did (``CanvasOutcome``: `ink+pan`,
/// `ink+scrub7`, …), from the shown ink, transform and thumb.
public struct CanvasScene: Scene {
    /// The canvas's tunables. The defaults are the reference; each other value is a plausible
    /// regression a test and the parameter catalogue hold the metrics to.
    public struct Parameters: Sendable, Hashable {
        /// How far a finger travels before the canvas follows it, points.
        public var hysteresis: Double
        /// Whether every contact has the same role: the first one down draws, pencil or
        /// finger, and the others navigate (the naive canvas the seeds warn about).
        public var sharedRoles: Bool
        /// How far the pencil travels from where it landed before its ink shows, points: a
        /// canvas that first asks whether the stroke is a pan draws the held points late.
        public var inkSlop: Double
        /// Whether fingers move the canvas while the pencil draws. `false` holds their moves
        /// until the pencil lifts (one input at a time).
        public var simultaneous: Bool
        /// Whether the scrubber follows its finger while the pencil draws. `false` is a strip
        /// locked for the length of a stroke: the finger's samples then move nothing (a
        /// landing is not even shown held) until the pencil lifts.
        public var scrubsWhileDrawing: Bool

        public init(hysteresis: Double = 10, sharedRoles: Bool = false, inkSlop: Double = 0, simultaneous: Bool = true,
                    scrubsWhileDrawing: Bool = true) {
            self.hysteresis = hysteresis
            self.sharedRoles = sharedRoles
            self.inkSlop = inkSlop
            self.simultaneous = simultaneous
            self.scrubsWhileDrawing = scrubsWhileDrawing
        }
    }

    /// One stroke of ink: the contact that drew it and its points in canvas coordinates.
    public struct Stroke: Sendable, Hashable {
        public var kind: SampleKind
        public var contact: UInt32
        public var points: [Point]
    }

    /// What the current gesture has shown so far (its ``CanvasOutcome``'s parts).
    private struct Doing: Sendable {
        var pencilInk = false, fingerInk = false, panned = false, zoomed = false, scrubbed = false
    }

    /// The zoom's range.
    public static let zoomRange = 0.25...8.0

    private let parameters: Parameters
    private var pan: ScenePan<PanRecognizer>
    private var pinch: PinchRecognizer
    private var events: [GestureEvent] = []
    private var offset = Point.zero
    private var zoom = 1.0
    /// What the frames show: the transform, held back while the pencil draws in the
    /// one-input-at-a-time variant.
    private var shownOffset = Point.zero
    private var shownZoom = 1.0
    private var lastTranslation = Offset(dx: 0, dy: 0)
    private var startZoom = 1.0
    /// The pinch's midpoint after the sample before: what a zoom step keeps fixed.
    private var pinchAnchor: Point?
    /// When the pinch began: samples of that instant settle where it takes hold.
    private var pinchBegan: Int64?
    /// The contact drawing now, where it landed and the points it has not shown yet.
    private var drawer: (id: UInt32, kind: SampleKind, landing: Point, showing: Bool)?
    private var held: [(time: Int64, point: Point)] = []
    /// Samples that moved the canvas while the shown transform was held.
    private var heldMoves: [(time: Int64, kind: SampleKind)] = []
    /// Whether a held move changed the zoom.
    private var heldZoom = false
    private var scrubber: CanvasScrubber
    /// The contacts down, and what the gesture they make has shown (``nil`` before any).
    private var down: [(kind: SampleKind, id: UInt32)] = []
    private var doing: Doing?
    private var signals: [SceneSignal] = []
    /// The ink drawn so far, stroke by stroke.
    public private(set) var strokes: [Stroke] = []
    public private(set) var state = SceneState()

    /// A blank canvas at zoom 1, not moved.
    public init(context: SceneContext = SceneContext(), parameters: Parameters = Parameters()) {
        self.parameters = parameters
        pan = ScenePan(PanRecognizer(hysteresis: parameters.hysteresis))
        pinch = PinchRecognizer(hysteresis: parameters.hysteresis)
        scrubber = CanvasScrubber(layout: ScrubberLayout(screenWidth: context.width, screenHeight: context.height))
        events.reserveCapacity(4)
        show()
    }

    public mutating func handle(_ sample: InputSample) {
        guard sample.isContactSample else { return }
        if sample.phase == .began {
            // A landing with nothing else down starts a new gesture.
            if down.isEmpty { doing = Doing() }
            down.append((sample.kind, sample.id))
        } else if sample.phase.isTerminal {
            down.removeAll { $0.kind == sample.kind && $0.id == sample.id }
        }
        if sample.phase == .began, drawer == nil, sample.kind == .pencil || parameters.sharedRoles {
            drawer = (sample.id, sample.kind, Point(x: sample.x, y: sample.y), parameters.inkSlop <= 0)
            strokes.append(Stroke(kind: sample.kind, contact: sample.id, points: []))
        }
        if let current = drawer, current.id == sample.id, current.kind == sample.kind {
            draw(sample, current)
        } else if sample.kind != .touch && !parameters.sharedRoles {
            return
        } else if scrubber.isHeld(by: sample) {
            scrub(sample)
        } else if scrubber.canGrab(sample) {
            scrubber.grab(sample)
            scrub(sample)
        } else {
            navigate(sample)
        }
    }

    /// The scrubbing contact's sample: the thumb follows it, unless the strip is locked while
    /// the pencil draws (the broken variant).
    private mutating func scrub(_ sample: InputSample) {
        if sample.phase.isTerminal { scrubber.release() }
        if !parameters.scrubsWhileDrawing && drawer != nil { return }
        guard scrubber.follow(sample) else { return }
        doing?.scrubbed = true
        signals.append(.scrubbed(time: sample.time, contact: sample.id, kind: sample.kind))
    }

    /// The drawing contact's sample: a point of ink, shown at once unless it is still held.
    private mutating func draw(_ sample: InputSample, _ current: (id: UInt32, kind: SampleKind, landing: Point, showing: Bool)) {
        let point = Point(x: (sample.x - shownOffset.x) / shownZoom, y: (sample.y - shownOffset.y) / shownZoom)
        held.append((sample.time, point))
        if !current.showing {
            let dx = sample.x - current.landing.x, dy = sample.y - current.landing.y
            if dx * dx + dy * dy >= parameters.inkSlop * parameters.inkSlop || sample.phase.isTerminal { drawer?.showing = true }
        }
        if drawer?.showing == true {
            if !held.isEmpty {
                if current.kind == .pencil { doing?.pencilInk = true } else { doing?.fingerInk = true }
            }
            for entry in held {
                strokes[strokes.count - 1].points.append(entry.point)
                signals.append(.inkDrawn(time: entry.time, contact: current.id, kind: current.kind))
            }
            held.empty()
        }
        if sample.phase.isTerminal {
            drawer = nil
            held.empty()
            // The moves held while the pencil drew show now.
            reveal()
        }
    }

    /// A navigating contact's sample: pinch to zoom about the midpoint, pan with the centroid.
    private mutating func navigate(_ sample: InputSample) {
        var moved = false
        events.empty()
        if sample.phase == .began, pinch.state.isTerminal {
            pinch.reset()
            // A finger still down from the last pinch is offered again first, as the pinch
            // scene does: a finger lifted and put back down then pinches with it at once.
            if let resting = pan.restingFinger(at: sample.time) { pinch.handle(resting, events: &events) }
        }
        pinch.handle(sample, events: &events)
        for event in events where event.gesture == .pinch {
            if event.state == .began { startZoom = zoom; pinchAnchor = pinch.location; pinchBegan = sample.time }
            if event.state == .changed, sample.time == pinchBegan {
                // The other finger's sample of the instant the pinch began: the pinch takes hold
                // of the canvas where both fingers are at that instant, whichever came first.
                pinchAnchor = pinch.location
                if pinch.scale > 0 { startZoom = zoom / pinch.scale }
            } else if event.state == .changed, let anchor = pinchAnchor, let midpoint = pinch.location {
                let newZoom = min(Self.zoomRange.upperBound, max(Self.zoomRange.lowerBound, startZoom * pinch.scale))
                let factor = newZoom / zoom
                // The canvas point under the midpoint stays under it: zoom about where the
                // midpoint was and carry it to where it is. The pan is not applied on top while
                // the pinch is active (below): zooming about the new midpoint and panning by the
                // centroid counted a move twice, or not at all while the centroid had not crossed
                // the pan's hysteresis, so a symmetric pinch whose fingers report one at a time
                // drifted sideways, one way or the other by which finger's sample came first.
                offset = Point(x: midpoint.x - (anchor.x - offset.x) * factor, y: midpoint.y - (anchor.y - offset.y) * factor)
                pinchAnchor = midpoint
                moved = moved || midpoint != anchor
                zoom = newZoom
                moved = moved || factor != 1
                heldZoom = heldZoom || factor != 1
            }
        }
        switch pan.handle(sample, takeAnyContact: true) {
        case .began:
            lastTranslation = pan.translation
        case .changed:
            let translation = pan.translation
            let dx = translation.dx - lastTranslation.dx, dy = translation.dy - lastTranslation.dy
            lastTranslation = translation
            // While the pinch is active it carries the canvas with its midpoint (above).
            if pinch.state.isActive { break }
            offset.x += dx
            offset.y += dy
            moved = moved || dx != 0 || dy != 0
        case .down, .ended, .cancelled, .lifted, .none:
            break
        }
        guard moved else { return }
        heldMoves.append((sample.time, sample.kind))
        if parameters.simultaneous || drawer == nil { reveal() }
    }

    /// Shows the transform and says which samples moved it.
    private mutating func reveal() {
        guard !heldMoves.isEmpty else { return }
        shownOffset = offset
        shownZoom = zoom
        doing?.panned = true
        if heldZoom { doing?.zoomed = true }
        heldZoom = false
        for move in heldMoves { signals.append(.canvasMoved(time: move.time, kind: move.kind)) }
        heldMoves.empty()
    }

    public mutating func advance(to time: Int64) {
        show()
    }

    private mutating func show() {
        state.x = shownOffset.x
        state.y = shownOffset.y
        state.targetX = shownOffset.x
        state.targetY = shownOffset.y
        state.scale = shownZoom
        state.tracking = parameters.simultaneous || drawer == nil ? pan.trackedContact : nil
        if let doing {
            let ink: CanvasOutcome.Ink = doing.fingerInk ? .finger : doing.pencilInk ? .pencil : .none
            let change: CanvasOutcome.Change = doing.scrubbed ? .scrub(scrubber.step) : doing.zoomed ? .zoom : doing.panned ? .pan : .still
            state.destination = .canvas(CanvasOutcome(ink: ink, change: change))
        }
    }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {
        self.signals.moveAll(to: &signals)
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("x", shownOffset.x), ("y", shownOffset.y), ("zoom", shownZoom), ("ink", Double(strokes.last?.points.count ?? 0)),
         ("thumb", scrubber.thumb)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pinch", pinch.state.rawValue), ("pan", pan.recognizer.state.rawValue)]
    }

    /// A second input (the pencil landing while a finger pans, a second finger, a finger on
    /// the scrubber) must show ink, move the canvas or hold the thumb.
    public var responsiveInputs: ResponsiveInputs { .secondTouchDown }
}
