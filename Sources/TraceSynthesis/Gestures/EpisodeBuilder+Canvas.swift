import TouchBenchSupport
import TouchInput

/// Gestures for the `canvas` scene: a pencil stroke while the other hand pans the canvas
/// with one finger (`pencil-and-pan`), zooms it with two (`pencil-and-pinch`) or scrubs the
/// scrubber strip (`pencil-and-scrub`, ``ScrubberLayout``). The hands' timing offset is drawn
/// per seed: the touch lands before the pencil (the hand holds the canvas or the strip, then
/// writes) or after it (it reaches over mid-stroke), so each input starts while the other is
/// down. Each states one intent (``CanvasOutcome``): `ink+pan` or `ink+zoom` when both hands
/// are on the glass, `ink+scrubK` where the finger's model path enters step K.
extension EpisodeBuilder {
    /// What the second hand does.
    enum CanvasTouch {
        case pan, pinch
    }

    mutating func planPencilWithTouch(_ touch: CanvasTouch) {
        let stroke = pencilStroke()
        let touchFirst = random.chance(0.5)
        let land = stroke.land + (touchFirst ? -random.uniform(0.05, 0.2) : random.uniform(0.05, 0.15))
        switch touch {
        case .pan:
            // A drag of 100-250 pt that rests before the lift (no momentum), on the other half
            // of the screen from the stroke's start.
            let side = stroke.path.position(at: stroke.land).x < width / 2 ? 0.75 : 0.25
            let start = Vector(x: width * side + random.uniform(-30, 30), y: height * random.uniform(0.3, 0.7))
            var path = MovementPath(start: start)
            let duration = random.uniform(0.4, 0.8)
            path.move(by: randomDirection() * random.uniform(100, 250), from: land + random.uniform(0.02, 0.05), over: duration)
            let lift = path.end + random.uniform(0.05, 0.12)
            addFinger(.movements(path.translated(by: placement(of: [.movements(path)], during: land...lift, margin: 20))),
                      landing: land, lifting: lift)
        case .pinch:
            // Two fingers spreading or closing about a still midpoint.
            planPinch(at: land)
        }
        addPencil(stroke.path, hoverIn: 0, landing: stroke.land, lifting: stroke.lift, hoverOut: stroke.hoverEnd)
        // From the moment both hands are on the glass, the gesture means ink and the move.
        let bothDown = episode.contacts.map { timing(of: $0).downTime }.max() ?? 0
        addIntent(.canvas(CanvasOutcome(ink: .pencil, change: touch == .pan ? .pan : .zoom)), at: bothDown)
    }

    /// A pencil stroke of six to eight submovements kept above the scrubber, and a finger
    /// that lands on step J of the strip (drawn per seed) 50-150 ms before the pencil or
    /// 30-100 ms after it, and from 50 ms after the pencil lands (or 30-60 ms after its own
    /// landing, whichever is later) slides to step K, at least three steps away, on a
    /// minimum-jerk move of 0.25-0.45 s (shorter when the stroke is: the finger rests 50-100 ms
    /// and lifts at least 60 ms before the pencil). `intent:ink+scrubK` where the model path
    /// enters step K.
    mutating func planPencilAndScrub() {
        let layout = ScrubberLayout(screenWidth: width, screenHeight: height)
        var stroke = pencilStroke(submovements: 6...8)
        // Keep the writing 30 pt above the strip: the pencil draws, it never scrubs.
        let lowest = (0...128).map { stroke.path.position(at: stroke.hoverEnd * Double($0) / 128).y }.max() ?? 0
        if lowest > layout.top - 30 { stroke.path = stroke.path.translated(by: Vector(x: 0, y: layout.top - 30 - lowest)) }
        let steps = ScrubberLayout.steps
        let from = random.integer(in: 0...(steps - 1))
        let targets = (0..<steps).filter { abs($0 - from) >= 3 }
        let to = targets[random.integer(in: 0...(targets.count - 1))]
        let touchFirst = random.chance(0.5)
        let land = stroke.land + (touchFirst ? -random.uniform(0.05, 0.15) : random.uniform(0.03, 0.1))
        let start = Vector(x: layout.start(ofStep: from) + random.uniform(0.2, 0.8) * layout.stepWidth,
                           y: layout.top + ScrubberLayout.height / 2 + random.uniform(-8, 8))
        let aim = Vector(x: layout.centre(ofStep: to) + random.uniform(-0.25, 0.25) * layout.stepWidth,
                         y: start.y + random.uniform(-4, 4))
        let moveStart = max(land + random.uniform(0.03, 0.06), stroke.land + 0.05)
        let rest = random.uniform(0.05, 0.1)
        let duration = min(random.uniform(0.25, 0.45), stroke.lift - 0.06 - rest - moveStart)
        var path = MovementPath(start: start)
        path.move(by: aim - start, from: moveStart, over: duration)
        addFinger(.movements(path), landing: land, lifting: moveStart + duration + rest)
        addPencil(stroke.path, hoverIn: 0, landing: stroke.land, lifting: stroke.lift, hoverOut: stroke.hoverEnd)
        // The edge of step K the finger crosses (its model x is monotonic over the move).
        let rightward = to > from
        let edge = layout.start(ofStep: rightward ? to : to + 1)
        let entry = bisect(moveStart...(moveStart + duration)) { t in
            let x = path.position(at: t).x
            return rightward ? x < edge : x > edge
        }
        addIntent(.canvas(CanvasOutcome(ink: .pencil, change: .scrub(to))), atLocal: entry)
    }
}
