import TouchBenchSupport
import TouchInput

/// The picture-in-picture window of the reference `pip` scene as a person sees it: 160 × 90
/// pt, 16 pt from the sides, below a 44 pt status bar and above a 34 pt home indicator,
/// resting in the bottom-right corner. A `pip-throw` grabs it there.
struct PipLayout {
    static let size = (width: 160.0, height: 90.0)
    static let margin = 16.0
    static let top = 44.0
    static let bottom = 34.0

    /// The window's centre resting in corner `index` (0 top left, 1 top right, 2 bottom left,
    /// 3 bottom right) of a `width` × `height` screen.
    static func centre(_ index: Int, width: Double, height: Double) -> Vector {
        let left = margin + size.width / 2, right = width - margin - size.width / 2
        let top = margin + top + size.height / 2, bottom = height - margin - bottom - size.height / 2
        return Vector(x: index % 2 == 0 ? left : right, y: index < 2 ? top : bottom)
    }

    /// The pan's hysteresis, points: the window follows the finger from where it crossed it.
    static let hysteresis = 10.0

    /// The corner a one-finger move means when it grabs the window resting in the
    /// bottom-right corner of a `width` × `height` screen, or `nil` when it means none clearly.
    ///
    /// The window follows `path` 1:1 from where it crosses the hysteresis, is let go at local
    /// time `lift` with the path's velocity projected under the standard deceleration, and is
    /// meant for the corner nearest to where that leaves it. The path is the plan's, without
    /// noise, so a throw ending near the line of equal distance to two corners means neither:
    /// the resting point must clear that line by 12 pt (a few points of digitizer noise and
    /// the hysteresis) plus what an estimate of the lift velocity may move it, a quarter of
    /// the projected travel along it and a twentieth across it (speed is estimated from a few
    /// noisy samples to within about a quarter, direction to within a few degrees, and a
    /// long projection magnifies both).
    static func cornerMeant(by path: MovementPath, lift: Double, width: Double, height: Double) -> Int? {
        // Millisecond steps place the crossing within a fraction of a point at any speed a
        // hand reaches.
        var crossing: Vector?
        var t = 0.0
        while t <= lift {
            let position = path.position(at: t)
            if (position - path.start).length >= hysteresis {
                crossing = position
                break
            }
            t += 0.001
        }
        guard let crossing else { return 3 }
        // The projection is linear in the velocity: a second's worth of 1 pt/s, times it.
        let projection = path.velocity(at: lift) * EpisodeBuilder.projectedDistance(speed: 1)
        let rest = centre(3, width: width, height: height) + (path.position(at: lift) - crossing) + projection
        let corners = (0..<4).map { centre($0, width: width, height: height) }
        let distances = corners.map { ($0 - rest).length }
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return nil }
        for other in corners.indices where other != best {
            let separation = corners[other] - corners[best]
            let normal = separation * (1 / separation.length)
            // The distance from the resting point to the line of equal distance to both corners.
            let clearance = (distances[other] * distances[other] - distances[best] * distances[best])
                / (2 * separation.length)
            let along = abs(projection.x * normal.x + projection.y * normal.y)
            let across = abs(projection.x * normal.y - projection.y * normal.x)
            if clearance < 12 + 0.25 * along + 0.05 * across { return nil }
        }
        return best
    }
}

/// Gestures planned for one reference scene's starting state, with the destination they
/// mean written as intent markers.
extension EpisodeBuilder {
    /// Where content released at `speed` pt/s comes to rest under the standard deceleration
    /// (0.998 per millisecond): speed · 0.998 / 0.002 / 1000 seconds' worth.
    static func projectedDistance(speed: Double) -> Double { speed * 0.998 / 0.002 / 1000 }

    /// The PIP window grabbed in the bottom-right corner and thrown toward another corner,
    /// lifted at a speed drawn from ``throwSpeed``: the finger travels what the projection of
    /// that speed does not cover (at least 24 pt), so a fast flick lets go near the start and
    /// a slow toss carries the window most of the way. `intent:cornerN` at the lift.
    mutating func planPipThrow() {
        let start = PipLayout.centre(3, width: width, height: height)
        let grab = start + Vector(x: random.uniform(-50, 50), y: random.uniform(-25, 25))
        let corner = random.integer(in: 0...2)
        let aim = PipLayout.centre(corner, width: width, height: height) - start
        let distance = aim.length
        let speed = random.uniform(throwSpeed.lowerBound, throwSpeed.upperBound)
        // A few degrees off the line to the corner, as a real aim is.
        let tilt = random.uniform(-0.06, 0.06)
        let cosine = Elementary.portableCos(tilt), sine = Elementary.portableSin(tilt)
        let unit = aim * (1 / distance)
        let direction = Vector(x: unit.x * cosine - unit.y * sine, y: unit.x * sine + unit.y * cosine)
        let travel = max(24, distance - Self.projectedDistance(speed: speed))
        let (path, lift) = throwMove(from: grab, along: direction, travel: travel, speed: speed, landing: 0)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        addMarker(.release, at: timing.upTime)
        addIntent(.corner(corner), at: timing.upTime)
    }

    /// A throw: a finger landing at local time `landing` on `grab`, resting 30–60 ms, then a
    /// minimum-jerk move along `direction` let go after `travel` points at `speed` pt/s.
    /// Returns the path and the local lift time.
    mutating func throwMove(from grab: Vector, along direction: Vector, travel: Double, speed: Double,
                            landing: Double, durations: ClosedRange<Double> = 0.1...0.9) -> (path: MovementPath, lift: Double) {
        // Lifting at phase τ of a minimum-jerk move of length L over d seconds leaves
        // L·p(τ) travelled at speed L·v(τ)/d; with r = v(τ)/p(τ) = d·speed/travel, a duration
        // d in `durations` (0.1–0.9 s) picks the phase (r falls from 3.75 at τ = 0.5 to 0.24 at 0.9).
        let lowest = max(0.25, durations.lowerBound * speed / travel), highest = min(3.7, durations.upperBound * speed / travel)
        let ratio = lowest <= highest ? random.uniform(lowest, highest) : min(max(lowest, 0.25), 3.7)
        let phase = bisect(0.5...0.9) { MinimumJerk.velocity($0) / MinimumJerk.position($0) > ratio }
        let length = travel / MinimumJerk.position(phase)
        let duration = length * MinimumJerk.velocity(phase) / speed
        let dwell = random.uniform(0.03, 0.06)
        var path = MovementPath(start: grab)
        path.move(by: direction * length, from: landing + dwell, over: duration)
        return (path, landing + dwell + phase * duration)
    }

    /// A tap that opens a closed bottom sheet (`intent:open` at its lift), then, once the
    /// sheet is open, a fast flick down on it (`intent:closed` at the release).
    mutating func planSheetDismiss() {
        let hold = random.uniform(0.06, 0.12)
        let spot = Vector(x: random.uniform(0.25, 0.75) * width, y: random.uniform(0.45, 0.85) * height)
        let tap = addFinger(.movements(restingPath(from: 0, for: hold, slip: 0.2...0.9).translated(by: spot)),
                            landing: 0, lifting: hold)
        addIntent(.open, at: tap.upTime)
        // The sheet opens critically damped (response 0.35 s): at rest well within 0.7 s.
        let land = hold + random.uniform(0.7, 1.0)
        let dwell = random.uniform(0.02, 0.05)
        let duration = random.uniform(0.12, 0.2)
        let liftPhase = random.uniform(0.55, 0.72)
        let tilt = random.uniform(-0.1, 0.1)
        let direction = Vector(x: Elementary.portableSin(tilt), y: Elementary.portableCos(tilt))
        let grab = Vector(x: random.uniform(0.25, 0.75) * width, y: random.uniform(0.25, 0.4) * height)
        var path = MovementPath(start: grab)
        path.move(by: direction * (random.uniform(200, 320) * reach), from: land + dwell, over: duration)
        let flick = addFinger(.movements(path), landing: land, lifting: land + dwell + liftPhase * duration)
        addMarker(.release, at: flick.upTime)
        addIntent(.closed, at: flick.upTime)
    }
}

