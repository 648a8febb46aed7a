import TouchBenchSupport

/// One-finger moves across the content: drag, flick, reversal and catch. As a trace of its
/// own each also states the PIP corner it clearly means at its lift (``PipLayout/cornerMeant(by:lift:width:height:)``).
extension EpisodeBuilder {
    mutating func planDrag() {
        let dwell = random.uniform(0.05, 0.1)
        let duration = random.uniform(0.4, 0.75)
        let rest = random.uniform(0.1, 0.25)
        var path = MovementPath(start: .zero)
        path.move(by: randomDirection() * (random.uniform(120, 260) * reach), from: dwell, over: duration)
        let lift = path.end + rest
        let offset = placement(of: [.movements(path)], during: 0...lift, margin: 20)
        path = path.translated(by: offset)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        addCornerIntent(for: path, lift: lift, at: timing.upTime)
    }

    /// As a trace of its own, `intent:cornerN` at trace time `time` for the corner the move
    /// along `path` let go at local time `lift` clearly means (none when it is ambiguous).
    private mutating func addCornerIntent(for path: MovementPath, lift: Double, at time: Int64) {
        guard isWholeTrace, let corner = PipLayout.cornerMeant(by: path, lift: lift, width: width, height: height) else { return }
        addIntent(.corner(corner), at: time)
    }

    mutating func planFlick() {
        addFlick()
    }

    /// A fast move lifted while still under way; returns the placed path, the planned lift
    /// and the timing of the scans that saw it.
    @discardableResult
    mutating func addFlick() -> (path: MovementPath, lift: Double, timing: ContactTiming) {
        let dwell = random.uniform(0.02, 0.05)
        let duration = random.uniform(0.12, 0.2)
        // Lifting after the velocity peak but well before the end leaves 70–95 % of the peak
        // speed at lift; the remaining quarter of the movement outlasts any scan period.
        let liftPhase = random.uniform(0.55, 0.72)
        var path = MovementPath(start: .zero)
        path.move(by: axisDirection() * (random.uniform(200, 420) * reach), from: dwell, over: duration)
        let lift = dwell + liftPhase * duration
        let offset = placement(of: [.movements(path)], during: 0...(lift + 0.02), margin: 20)
        path = path.translated(by: offset)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        addMarker(.release, at: timing.upTime)
        addCornerIntent(for: path, lift: lift, at: timing.upTime)
        return (path, lift, timing)
    }

    /// A drag that turns back without lifting, then comes to rest.
    ///
    /// The return submovement starts at 60–80 % of the outgoing one and lasts at least as
    /// long, so the outgoing move is decelerating and the return accelerating throughout
    /// their overlap: the velocity along the axis falls monotonically through zero exactly
    /// once, and `redirect` is that root of the model.
    mutating func planReversal() {
        let dwell = random.uniform(0.04, 0.08)
        let axis = axisDirection()
        let outLength = random.uniform(100, 200) * reach
        let outDuration = random.uniform(0.3, 0.5)
        let turnStart = dwell + outDuration * random.uniform(0.6, 0.8)
        let backDuration = outDuration * random.uniform(1.0, 1.3)
        let backLength = outLength * random.uniform(0.7, 1.2)
        let lateral = axis.perpendicular * (random.uniform(-0.1, 0.1) * backLength)
        var path = MovementPath(start: .zero)
        path.move(by: axis * outLength, from: dwell, over: outDuration)
        path.move(by: -axis * backLength + lateral, from: turnStart, over: backDuration)
        let lift = path.end + random.uniform(0.08, 0.2)
        let offset = placement(of: [.movements(path)], during: 0...lift, margin: 20)
        path = path.translated(by: offset)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        addCornerIntent(for: path, lift: lift, at: timing.upTime)
        let turn = path.velocityZeroCrossing(along: axis, in: turnStart...(dwell + outDuration))
        addMarker(.redirect, atLocal: turn)
    }

    /// A flick, then a second finger landing where the flung content has got to.
    mutating func planCatch() {
        let flick = addFlick()
        // Timed from the planned lift, not the scan that saw it, so the plan is the same at
        // every rate.
        let land = flick.lift + random.uniform(0.12, 0.3)
        let lift = flick.timing.up
        // Where content released at the lift velocity has coasted to when the finger lands,
        // under the standard scroll-view deceleration (0.998 per millisecond), computed by
        // repeated multiplication to stay exact across platforms.
        let milliseconds = Int(((land - lift) * 1000).rounded())
        var decay = 1.0
        for _ in 0..<milliseconds { decay *= 0.998 }
        let coast = flick.path.velocity(at: lift) * (0.998 * (1 - decay) / 0.002 / 1000)
        var target = flick.path.position(at: lift) + coast + randomDirection() * random.uniform(0, 6)
        let margin = 40.0
        target = Vector(x: min(max(target.x, margin), width - margin), y: min(max(target.y, margin), height - margin))
        let hold = random.uniform(0.15, 0.3)
        let path = restingPath(from: land, for: hold, slip: 0.3...1.2).translated(by: target)
        let catcher = addFinger(.movements(path), landing: land, lifting: land + hold)
        addMarker(.redirect, at: catcher.downTime)
    }
}
