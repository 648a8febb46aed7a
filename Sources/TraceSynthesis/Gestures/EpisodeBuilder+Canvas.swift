import TouchBenchSupport

/// Gestures for the `canvas` scene: a pencil stroke while the other hand pans the canvas
/// with one finger (`pencil-and-pan`) or zooms it with two (`pencil-and-pinch`). The hands'
/// timing offset is drawn per seed: the touch lands 50–200 ms before the pencil (the hand
/// holds the canvas, then writes) or 50–150 ms after it (it moves the canvas mid-stroke),
/// so each input starts while the other is down.
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
    }
}
