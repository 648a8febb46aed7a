import TouchBenchSupport

/// Gestures of several fingers: pinch, rotate and multi-finger swipes.
extension EpisodeBuilder {
    /// A pinch whose first finger lands at `land` (local seconds).
    mutating func planPinch(at land: Double = 0) {
        let spreads = random.chance(0.5)
        let near = random.uniform(50, 80)
        let far = min(width, height) * random.uniform(0.5, 0.62) * (reach > 1 ? 0.55 : 1)
        let (from, to) = spreads ? (near, far) : (far, near)
        let start = land + random.uniform(0.06, 0.1)
        let duration = random.uniform(0.35, 0.6)
        let timing = PolarPath.Movement1D(start: start, duration: duration)
        // A pinch also turns a little: hands never keep the axis exactly.
        addFingerPair(
            separation: from, separationChange: to - from, separationTiming: timing,
            angleChange: random.uniform(-0.1, 0.1), angleTiming: timing, largest: max(from, to), landing: land)
    }

    mutating func planRotate() {
        let separation = random.uniform(110, 170) * reach
        let start = random.uniform(0.06, 0.1)
        let duration = random.uniform(0.45, 0.8)
        let turn = random.sign() * random.uniform(0.5, 1.4)
        let change = separation * random.uniform(-0.1, 0.1)
        addFingerPair(
            separation: separation, separationChange: change,
            separationTiming: PolarPath.Movement1D(start: start + 0.02, duration: duration * 0.9),
            angleChange: turn, angleTiming: PolarPath.Movement1D(start: start, duration: duration),
            largest: separation + max(0, change))
    }

    /// Two fingers at either end of a segment through a common centre; the first lands at
    /// `land`, the second and its lift a few milliseconds after the first's, as real pairs of
    /// fingers do.
    private mutating func addFingerPair(
        separation: Double, separationChange: Double, separationTiming: PolarPath.Movement1D,
        angleChange: Double, angleTiming: PolarPath.Movement1D, largest: Double, landing land: Double = 0
    ) {
        let half = largest / 2 + 24
        let center = Vector(
            x: random.uniform(half, max(half, width - half)), y: random.uniform(half, max(half, height - half)))
        let angle = random.uniform(0, Double.pi)
        let first = PolarPath(
            center: center, side: 1, separation: separation, separationChange: separationChange,
            separationTiming: separationTiming, angle: angle, angleChange: angleChange, angleTiming: angleTiming)
        var second = first
        second.side = -1
        let lift = first.end + random.uniform(0.05, 0.15)
        addFinger(.polar(first), landing: land, lifting: lift)
        addFinger(.polar(second), landing: land + random.uniform(0.005, 0.03), lifting: lift + random.uniform(0.005, 0.03))
    }

    /// Three to five fingers in an arc land within 40 ms, swipe together (each with its own
    /// small gain and timing) and lift one by one after stopping.
    mutating func planMultiFinger() {
        let count = random.integer(in: 3...5)
        let spacing = random.uniform(17, 22)
        let direction = axisDirection(tilt: 0.1)
        let length = random.uniform(120, 240) * reach
        let duration = random.uniform(0.3, 0.5)
        var paths: [MovementPath] = []
        var lands: [Double] = []
        for index in 0..<count {
            let x = (Double(index) - Double(count - 1) / 2) * spacing
            // Fingertips lie on an arc: the middle fingers reach further up than the outer ones.
            var path = MovementPath(start: Vector(x: x, y: 0.006 * x * x))
            path.move(
                by: direction * (length * random.uniform(0.95, 1.05)),
                from: 0.08 + random.uniform(-0.015, 0.015), over: duration * random.uniform(0.95, 1.05))
            paths.append(path)
            lands.append(random.uniform(0, 0.04))
        }
        let lift = paths.reduce(0) { max($0, $1.end) }
        let offset = placement(of: paths.map { .movements($0) }, during: 0...(lift + 0.15), margin: 20)
        for (path, land) in zip(paths, lands) {
            addFinger(.movements(path.translated(by: offset)), landing: land, lifting: lift + random.uniform(0.03, 0.12))
        }
    }
}
