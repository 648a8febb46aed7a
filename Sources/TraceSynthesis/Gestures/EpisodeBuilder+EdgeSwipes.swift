import TouchBenchSupport

/// Swipes up from the bottom edge: the home-indicator gestures. Each writes the intent it
/// means (`home`, `appSwitcher`, `app`) at the instant the hand settles it.
extension EpisodeBuilder {
    /// A path starting at the bottom edge at a random x; placement fits x only.
    private func edgeStart() -> MovementPath {
        MovementPath(start: Vector(x: 0, y: height))
    }

    private mutating func landAtEdge(_ path: MovementPath, until end: Double) -> MovementPath {
        var path = path
        path.start.y -= random.uniform(1, 4)
        return path.translated(by: placement(of: [.movements(path)], during: 0...end, margin: 30, fixY: true))
    }

    /// Up from the edge, decelerating to a dead stop mid-screen, held, then lifted: the
    /// app-switcher intent. `pause` marks where the model speed drops below
    /// ``GroundTruthMarker/restSpeed`` in the deceleration.
    mutating func planPause() {
        let length = height * random.uniform(0.3, 0.42)
        let duration = random.uniform(0.45, 0.65)
        var path = edgeStart()
        path.move(by: Vector(x: random.uniform(-0.08, 0.08) * length, y: -length), from: 0.005, over: duration)
        let lift = path.end + random.uniform(0.35, 0.6)
        path = landAtEdge(path, until: lift)
        addFinger(.movements(path), landing: 0, lifting: lift)
        let movement = path.movements[0]
        let rest = path.restInstant(belowSpeed: GroundTruthMarker.restSpeed, in: movement.midpoint...movement.end)
        addMarker(.pause, atLocal: rest)
        // The finger has stopped: from here the hand means the app switcher.
        addIntent(.appSwitcher, atLocal: rest)
    }

    /// A fast swipe up from the edge, lifted in flight: go home.
    mutating func planHomeFlick() {
        let length = height * random.uniform(0.3, 0.5)
        let duration = random.uniform(0.16, 0.24)
        var path = edgeStart()
        path.move(by: Vector(x: random.uniform(-0.1, 0.1) * length, y: -length), from: 0.005, over: duration)
        let lift = 0.005 + duration * random.uniform(0.55, 0.7)
        path = landAtEdge(path, until: lift + 0.02)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        addMarker(.release, at: timing.upTime)
        // Thrown up: the release settles it.
        addIntent(.home, at: timing.upTime)
    }

    /// Up from the edge, then turned down and lifted while moving down: back to the app.
    ///
    /// The downward submovement starts at 60–80 % of the upward one and lasts at least 0.85
    /// of it, so the upward one has passed its peak and the downward one has not reached
    /// its peak wherever they overlap: the vertical velocity crosses zero exactly once.
    mutating func planBackToApp() {
        let upLength = height * random.uniform(0.2, 0.3)
        let upDuration = random.uniform(0.3, 0.45)
        let turnStart = 0.005 + upDuration * random.uniform(0.6, 0.8)
        let downDuration = upDuration * random.uniform(0.85, 1.1)
        let downLength = upLength * random.uniform(0.7, 0.9)
        var path = edgeStart()
        path.move(by: Vector(x: random.uniform(-0.05, 0.05) * upLength, y: -upLength), from: 0.005, over: upDuration)
        path.move(
            by: Vector(x: random.uniform(-0.08, 0.08) * downLength, y: downLength), from: turnStart, over: downDuration)
        let lift = turnStart + downDuration * random.uniform(0.55, 0.7)
        path = landAtEdge(path, until: lift + 0.02)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        let turn = path.velocityZeroCrossing(along: Vector(x: 0, y: -1), in: turnStart...(0.005 + upDuration))
        addMarker(.redirect, atLocal: turn)
        addMarker(.release, at: timing.upTime)
        // Turned back down: from the turn the hand means the app.
        addIntent(.app, atLocal: turn)
    }
}
