import TouchBenchSupport

/// A pencil stroke with hover before and after.
extension EpisodeBuilder {
    /// The pencil hovers in towards the stroke's start, writes a stroke of three to five
    /// overlapping submovements (the curved, handwriting-like shape of superposed strokes),
    /// lifts as the last one ends and hovers away. It reports at 240 Hz throughout.
    mutating func planPencilStroke() {
        let stroke = pencilStroke()
        addPencil(stroke.path, hoverIn: 0, landing: stroke.land, lifting: stroke.lift, hoverOut: stroke.hoverEnd)
    }

    /// The path of a pencil stroke of `submovements` overlapping strokes placed on the screen
    /// and its times (local seconds): the hover starts at 0, the pencil lands about a quarter
    /// second later.
    mutating func pencilStroke(submovements: ClosedRange<Int> = 3...5) -> (path: MovementPath, land: Double, lift: Double, hoverEnd: Double) {
        let approachDuration = random.uniform(0.18, 0.3)
        let land = approachDuration + random.uniform(0.03, 0.08)
        let approach = Vector(x: -random.uniform(12, 35), y: -random.uniform(8, 30))
        var path = MovementPath(start: -approach)
        path.move(by: approach, from: 0, over: approachDuration)
        var t = land + 0.01
        for _ in 0..<random.integer(in: submovements) {
            let duration = random.uniform(0.15, 0.3)
            path.move(by: randomDirection() * (random.uniform(30, 110) * reach), from: t, over: duration)
            t += duration * random.uniform(0.5, 0.8)
        }
        let lift = path.end + random.uniform(0, 0.03)
        path.move(by: Vector(x: random.uniform(10, 25), y: -random.uniform(10, 25)), from: lift + 0.01, over: random.uniform(0.15, 0.25))
        let hoverEnd = path.end + random.uniform(0.02, 0.06)
        path = path.translated(by: placement(of: [.movements(path)], during: 0...hoverEnd, margin: 20))
        return (path, land, lift, hoverEnd)
    }

    /// A pencil on `path`: hovering from `hoverIn`, on the glass from the first 240 Hz scan at
    /// or after `land` to the one at or after `lift`, hovering until `hoverOut`, with a force
    /// that wobbles and a tilt that drifts as a hand's do.
    mutating func addPencil(_ path: MovementPath, hoverIn start: Double, landing land: Double, lifting lift: Double,
                            hoverOut end: Double) {
        let clock = pencilClock
        extendPlan(to: end)
        let hoverIn = tick(atOrAfter: start, on: clock)
        let down = max(hoverIn + 1, tick(atOrAfter: land, on: clock))
        let up = max(down + 1, tick(atOrAfter: lift, on: clock))
        let hoverOut = max(up + 1, tick(atOrAfter: end, on: clock))
        let style = PencilStyle(
            force: random.uniform(0.3, 0.5), forceWobble: random.uniform(0.05, 0.12),
            forceWobbleHz: random.uniform(1, 2.5), forceWobblePhase: random.uniform(0, (2 * Double.pi)),
            altitude: random.uniform(0.85, 1.15), altitudeDrift: random.uniform(-0.05, 0.05),
            azimuth: random.uniform(0.4, 1.0), azimuthDrift: random.uniform(-0.1, 0.1))
        episode.contacts.append(
            ContactPlan(
                kind: .pencil, id: newID(), path: .movements(path), clock: clock, hoverIn: hoverIn, down: down,
                up: up, hoverOut: hoverOut, style: .pencil(style)))
    }
}
