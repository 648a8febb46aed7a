import TouchBenchSupport
import TouchInput

/// An indirect pointer: hovering onto targets, and parking over content to scroll.
extension EpisodeBuilder {
    /// Adds to `path` a travel from `from` to `target` starting at `t`, and returns when it
    /// ends. As in aimed reaching, a primary submovement covers 90–96 % of the distance
    /// (slightly off line) and an overlapping corrective one decelerates onto the target.
    mutating func travel(_ path: inout MovementPath, from: Vector, to target: Vector, at t: Double) -> Double {
        let distance = target - from
        let length = distance.length
        let duration = (0.12 + 0.022 * length.squareRoot()) * random.uniform(0.9, 1.1)
        let primary = distance * random.uniform(0.9, 0.96) + distance.perpendicular * random.uniform(-0.02, 0.02)
        path.move(by: primary, from: t, over: duration)
        let correctionStart = t + duration * random.uniform(0.7, 0.85)
        let correctionDuration = random.uniform(0.15, 0.25)
        path.move(by: distance - primary, from: correctionStart, over: correctionDuration)
        return max(t + duration, correctionStart + correctionDuration)
    }

    mutating func addPointer(_ path: MovementPath, until end: Double) -> ContactPlan {
        extendPlan(to: end)
        let hoverIn = tick(atOrAfter: 0, on: touchClock)
        let plan = ContactPlan(
            kind: .pointer, id: newID(), path: .movements(path), clock: touchClock, hoverIn: hoverIn,
            hoverOut: max(hoverIn + 1, tick(atOrAfter: end, on: touchClock)), style: .pointer,
            reportsOnlyWhileMoving: true)
        episode.contacts.append(plan)
        return plan
    }

    /// A mouse over `path` until `end` whose primary button is held over `pressing` (local
    /// seconds: `began` at the press, `ended` at the release), its samples carrying
    /// `modifiers` until `keyUp`; returns when it pressed and released.
    mutating func addPointer(_ path: MovementPath, until end: Double, pressing: ClosedRange<Double>,
                             modifiers: ModifierFlags = [], until keyUp: Double? = nil) -> ContactTiming {
        var plan = addPointer(path, until: end)
        episode.contacts.removeLast()
        let down = tick(atOrAfter: pressing.lowerBound, on: touchClock)
        plan.down = down
        plan.up = max(down + 1, tick(atOrAfter: pressing.upperBound, on: touchClock))
        plan.modifiers = modifiers
        plan.modifiersUntil = keyUp
        episode.contacts.append(plan)
        return timing(of: plan)
    }

    mutating func planPointerHover() {
        let margin = 40.0
        var position = randomPoint(margin: margin)
        var path = MovementPath(start: position)
        var t = 0.02
        for _ in 0..<random.integer(in: 3...5) {
            var target = randomPoint(margin: margin)
            while (target - position).length < 80 { target = randomPoint(margin: margin) }
            t = travel(&path, from: position, to: target, at: t) + random.uniform(0.25, 0.6)
            position = target
        }
        _ = addPointer(path, until: t)
    }

    /// The pointer moves over the content, then the wheel turns in two or three bursts of
    /// notches that come faster and scroll further as the finger gets going (wheel
    /// acceleration). Deltas follow the W3C convention: positive `dy` scrolls down. Scroll
    /// samples sit at the pointer's position and, like keys, have id 0 (the JSON Lines form
    /// gives them no id).
    mutating func planScrollWheel() {
        let start = randomPoint(margin: 40)
        let spot = Vector(
            x: random.uniform(0.3, 0.7) * width, y: random.uniform(0.3, 0.7) * height)
        var path = MovementPath(start: start)
        var t = travel(&path, from: start, to: spot, at: 0.02) + random.uniform(0.1, 0.3)
        let quantum = 1.0 / 256
        let x = ContactRenderer.quantize(spot.x, quantum)
        let y = ContactRenderer.quantize(spot.y, quantum)
        for _ in 0..<random.integer(in: 2...3) {
            let direction = random.chance(0.8) ? 1.0 : -1.0
            let notches = random.integer(in: 4...10)
            var interval = random.uniform(0.07, 0.11)
            for notch in 0..<notches {
                let phase: SamplePhase = notch == 0 ? .began : notch == notches - 1 ? .ended : .moved
                let acceleration = 1 + 2 * Double(notch) / Double(notches - 1)
                addEvent(
                    InputSample(
                        time: 0, kind: .scroll, phase: phase, x: x, y: y,
                        flags: .synthetic, scrollDelta: (0, direction * (10 * acceleration).rounded())),
                    atLocal: t)
                if notch < notches - 1 {
                    t += interval
                    interval = max(0.018, interval * random.uniform(0.75, 0.9))
                }
            }
            t += random.uniform(0.3, 0.7)
        }
        _ = addPointer(path, until: t)
    }
}
