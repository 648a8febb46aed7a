import TouchBenchSupport

/// Launch interruptions in the `home` scene: a home flick, a tap on the app at home that
/// launches it again, and — while that launch still animates — a second input: another tap
/// (`launch-tap`), an edge swipe that pauses for the app switcher (`launch-switcher`), or a
/// flick home that closes the app while it opens (`launch-close`). Every step writes the
/// destination it means, so the scene is held to each one.
extension EpisodeBuilder {
    /// What interrupts the launch.
    enum LaunchInterruption {
        case tap, switcher, close
    }

    /// The spring that launches the card (response 0.5 s, damping 0.85) has covered about
    /// a third of its way after 80 ms and nine tenths after 350 ms: an interruption landing
    /// 80–250 ms after the launching tap's lift catches the card mid-flight, half scale.
    static let interruptionDelay = 0.08...0.25

    mutating func planLaunchInterruption(_ kind: LaunchInterruption) {
        let flickLift = edgeFlick(at: 0)
        // At home: the card has come to rest there (the snap spring settles within ~0.8 s).
        let tapLand = flickLift + random.uniform(0.8, 1.0)
        let launchLift = tapAtHome(at: tapLand)
        addIntent(.app, at: launchLift.upTime)
        let land = launchLift.up + random.uniform(Self.interruptionDelay.lowerBound, Self.interruptionDelay.upperBound)
        switch kind {
        case .tap:
            // The bug of issue 18: a second tap 80–250 ms after the first, on the launching card.
            let second = tapAtHome(at: land)
            addIntent(.app, at: second.upTime)
        case .switcher:
            edgePause(at: land)
        case .close:
            _ = edgeFlick(at: land)
        }
    }

    /// A tap on the app's icon at home (anywhere in the upper two thirds of the screen, where
    /// icons are), landing at local time `land`.
    private mutating func tapAtHome(at land: Double) -> ContactTiming {
        let hold = random.uniform(0.06, 0.1)
        let spot = Vector(x: random.uniform(0.2, 0.8) * width, y: random.uniform(0.15, 0.6) * height)
        let path = restingPath(from: land, for: hold, slip: 0.2...0.9).translated(by: spot)
        return addFinger(.movements(path), landing: land, lifting: land + hold)
    }

    /// A fast swipe up from the bottom edge, landing at `land` and lifted in flight (as
    /// `home-flick`): `release` and `intent:home` at the lift. Returns the local lift time.
    private mutating func edgeFlick(at land: Double) -> Double {
        let length = height * random.uniform(0.3, 0.5)
        let duration = random.uniform(0.16, 0.24)
        var path = MovementPath(start: Vector(x: 0, y: height - random.uniform(1, 4)))
        path.move(by: Vector(x: random.uniform(-0.1, 0.1) * length, y: -length), from: land + 0.005, over: duration)
        let lift = land + 0.005 + duration * random.uniform(0.55, 0.7)
        path = path.translated(by: placement(of: [.movements(path)], during: land...(lift + 0.02), margin: 30, fixY: true))
        let timing = addFinger(.movements(path), landing: land, lifting: lift)
        addMarker(.release, at: timing.upTime)
        addIntent(.home, at: timing.upTime)
        return timing.up
    }

    /// Up from the bottom edge from `land`, decelerating to a dead stop, held, lifted (as
    /// `pause`): `pause` and `intent:appSwitcher` where the model speed falls below
    /// ``GroundTruthMarker/restSpeed``.
    private mutating func edgePause(at land: Double) {
        let length = height * random.uniform(0.3, 0.42)
        let duration = random.uniform(0.45, 0.65)
        var path = MovementPath(start: Vector(x: 0, y: height - random.uniform(1, 4)))
        path.move(by: Vector(x: random.uniform(-0.08, 0.08) * length, y: -length), from: land + 0.005, over: duration)
        let lift = path.end + random.uniform(0.35, 0.6)
        path = path.translated(by: placement(of: [.movements(path)], during: land...lift, margin: 30, fixY: true))
        addFinger(.movements(path), landing: land, lifting: lift)
        let movement = path.movements[0]
        let rest = path.restInstant(belowSpeed: GroundTruthMarker.restSpeed, in: movement.midpoint...movement.end)
        addMarker(.pause, atLocal: rest)
        addIntent(.appSwitcher, atLocal: rest)
    }
}
