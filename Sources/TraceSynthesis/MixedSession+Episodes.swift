import TouchBenchSupport
import TouchInput

/// One episode of a ``MixedSession``: a gesture rendered frame by frame, so its samples come
/// out time-ordered without sorting.
struct MixedEpisode {
    var random: SeededRandom
    let origin: Int64
    var nextID: UInt32
    let width: Double, height: Double
    var samples: [InputSample] = []

    static let touchPeriod: Int64 = 4_166_667
    static let pencilPeriod: Int64 = 8_333_333

    init(random: SeededRandom, origin: Int64, firstID: UInt32, width: Double, height: Double) {
        self.random = random
        self.origin = origin
        nextID = firstID
        self.width = width
        self.height = height
    }

    // MARK: Gestures

    /// A drag that decelerates, turns back and returns most of the way: `redirect` at the turn.
    mutating func reversal() {
        let (x0, y0) = (random.uniform(0.25, 0.75) * width, random.uniform(0.25, 0.75) * height)
        let angle = random.uniform(0, 2 * Double.pi)
        let (ux, uy) = (Elementary.portableCos(angle), Elementary.portableSin(angle))
        let speed = random.uniform(300, 1200), turn = random.uniform(0.25, 0.6)
        stroke(duration: 1.8 * turn, marker: ("redirect", turn)) { t in
            let distance = speed * (t - t * t / (2 * turn))
            return (x0 + ux * distance, y0 + uy * distance)
        }
    }

    /// An edge swipe up that decelerates to rest and holds: `pause` when it slows below 10 pt/s.
    mutating func edgePause() {
        let x0 = random.uniform(0.2, 0.8) * width, y0 = height - 1
        let speed = random.uniform(800, 1500), stop = random.uniform(0.25, 0.45)
        let hold = random.uniform(0.25, 0.5), drift = random.uniform(-40, 40)
        stroke(duration: stop + hold, marker: ("pause", stop * (1 - 10 / speed))) { t in
            let s = Swift.min(t, stop)
            return (x0 + drift * s, y0 - speed * (s - s * s / (2 * stop)))
        }
    }

    /// A fast accelerating move lifted in flight: `release` at the lift.
    mutating func flick() {
        let vertical = random.chance(0.6)
        let (x0, y0) = (random.uniform(0.3, 0.7) * width, random.uniform(0.3, 0.7) * height)
        let (ux, uy) = vertical ? (0.05, random.sign()) : (random.sign(), 0.05)
        let acceleration = random.uniform(3000, 8000), duration = random.uniform(0.12, 0.25)
        stroke(duration: duration, marker: ("release", duration)) { t in
            let distance = 0.5 * acceleration * t * t
            return (x0 + ux * distance, y0 + uy * distance)
        }
    }

    /// Two to five fingers spreading or closing, turning and moving together.
    mutating func multiFinger() {
        let count = random.integer(in: 2...5)
        let (cx, cy) = (random.uniform(0.35, 0.65) * width, random.uniform(0.35, 0.65) * height)
        let radius = random.uniform(40, 100), growth = random.uniform(-0.6, 1.2)
        let turnRate = random.uniform(-1.5, 1.5), (vx, vy) = (random.uniform(-80, 80), random.uniform(-80, 80))
        let frames = Int(random.uniform(0.6, 2.0) * 240)
        let ids = (0..<count).map { _ in newID() }
        for frame in 0...frames {
            let time = touchTime(frame)
            let t = Double(time - origin) / 1e9
            let phase: SamplePhase = frame == 0 ? .began : frame == frames ? .ended : .moved
            let r = radius * Swift.max(0.3, 1 + growth * t)
            for (finger, id) in ids.enumerated() {
                let angle = 2 * Double.pi * Double(finger) / Double(count) + turnRate * t
                touch(time: time, phase: phase, id: id,
                      x: cx + vx * t + r * Elementary.portableCos(angle), y: cy + vy * t + r * Elementary.portableSin(angle),
                      coalesced: frame & 1 == 1)
            }
        }
    }

    /// A pencil stroke at 120 Hz with hover before and after, force and angles.
    mutating func pencil() {
        let id = newID()
        let (x0, y0) = (random.uniform(0.2, 0.6) * width, random.uniform(0.2, 0.8) * height)
        let (vx, vy) = (random.uniform(60, 250), random.uniform(-120, 120))
        let hover = 8, contact = Int(random.uniform(0.5, 1.5) * 120), after = 6
        let total = hover + contact + after
        for frame in 0..<total {
            let time = frameTime(frame, period: Self.pencilPeriod)
            let t = Double(frame) / 120
            let phase: SamplePhase =
                frame == 0 ? .hoverEntered : frame < hover ? .hoverMoved : frame == hover ? .began
                : frame < hover + contact - 1 ? .moved : frame == hover + contact - 1 ? .ended
                : frame == total - 1 ? .hoverExited : .hoverMoved
            let x = x0 + vx * t, y = y0 + vy * t + 6 * Elementary.portableSin(9 * t)
            samples.append(InputSample(
                time: time, kind: .pencil, phase: phase, id: id, x: grid(x, 256, width), y: grid(y, 256, height),
                force: phase.isInContact ? quantize(0.3 + 0.3 * random.unit(), 4096) : nil,
                altitude: quantize(0.9 + 0.2 * random.unit(), 4096), azimuth: quantize(0.7 + 0.1 * random.unit(), 4096)))
        }
    }

    /// A burst of trackpad scrolling, then a key pressed with a modifier.
    mutating func scrollAndKeys() {
        let (x, y) = (grid(random.uniform(0.2, 0.8) * width, 256, width), grid(random.uniform(0.2, 0.8) * height, 256, height))
        let frames = Int(random.uniform(0.3, 0.8) * 120)
        var time = origin
        for frame in 0...frames {
            time = frameTime(frame, period: Self.pencilPeriod)
            let phase: SamplePhase = frame == 0 ? .began : frame == frames ? .ended : .moved
            let delta = quantize(-2 - 6 * random.unit(), 256)
            samples.append(InputSample(time: time, kind: .scroll, phase: phase, x: x, y: y, scrollDelta: (0, delta)))
        }
        let modifiers: ModifierFlags = random.chance(0.5) ? [.command] : [.shift, .option]
        let key = UInt32(random.integer(in: 4...29))
        time += 30_000_000
        samples.append(InputSample(time: time, kind: .key, phase: .began, modifiers: modifiers, key: key))
        time += Int64(random.uniform(0.06, 0.12) * 1e9)
        samples.append(InputSample(time: time, kind: .key, phase: .ended, modifiers: modifiers, key: key))
    }

    /// A trackpad pointer travelling, hovering, then clicking where it stops.
    mutating func pointer() {
        let (x0, y0) = (random.uniform(0.1, 0.9) * width, random.uniform(0.1, 0.9) * height)
        let (x1, y1) = (random.uniform(0.1, 0.9) * width, random.uniform(0.1, 0.9) * height)
        let frames = Int(random.uniform(0.4, 0.9) * 120)
        for frame in 0...frames {
            let time = frameTime(frame, period: Self.pencilPeriod)
            let s = Double(frame) / Double(frames), ease = s * s * (3 - 2 * s)
            let phase: SamplePhase = frame == 0 ? .hoverEntered : .hoverMoved
            samples.append(InputSample(time: time, kind: .pointer, phase: phase, id: 1,
                                       x: grid(x0 + (x1 - x0) * ease, 256, width), y: grid(y0 + (y1 - y0) * ease, 256, height)))
        }
        let last = samples[samples.count - 1]
        samples.append(InputSample(time: last.time + 40_000_000, kind: .pointer, phase: .began, id: 1, x: last.x, y: last.y, buttons: 1))
        samples.append(InputSample(time: last.time + 120_000_000, kind: .pointer, phase: .ended, id: 1, x: last.x, y: last.y, buttons: 0))
    }

    /// A touch that lands and lifts within 100 ms, barely moving.
    mutating func tap() {
        let (x0, y0) = (random.uniform(0.1, 0.9) * width, random.uniform(0.1, 0.9) * height)
        stroke(duration: random.uniform(0.05, 0.1), marker: nil) { t in (x0 + 4 * t, y0 - 3 * t) }
    }

    // MARK: Rendering

    /// One finger following `position` (seconds since the episode's start) at 240 Hz; the
    /// marker, if any, follows the first sample at or after its time (seconds).
    private mutating func stroke(duration: Double, marker: (String, Double)?, position: (Double) -> (Double, Double)) {
        let id = newID()
        let frames = Swift.max(2, Int(duration * 240))
        var markerTime = marker.map { origin + Int64($0.1 * 1e9) }
        for frame in 0...frames {
            let time = touchTime(frame)
            let (x, y) = position(Double(time - origin) / 1e9)
            let phase: SamplePhase = frame == 0 ? .began : frame == frames ? .ended : .moved
            touch(time: time, phase: phase, id: id, x: x, y: y, coalesced: frame & 1 == 1)
            if let due = markerTime, let marker, time >= due || frame == frames {
                samples.append(.marker(marker.0, at: time))
                markerTime = nil
            }
        }
    }

    private mutating func touch(time: Int64, phase: SamplePhase, id: UInt32, x: Double, y: Double, coalesced: Bool) {
        samples.append(InputSample(
            time: time, kind: .touch, phase: phase, id: id,
            x: grid(x + 0.1 * random.gaussian(), 256, width), y: grid(y + 0.1 * random.gaussian(), 256, height),
            force: quantize(0.25 + 0.2 * random.unit(), 4096), majorRadius: quantize(7 + 2 * random.unit(), 256),
            majorRadiusTolerance: 1.5, flags: coalesced ? [.coalesced] : []))
    }

    private mutating func touchTime(_ frame: Int) -> Int64 { frameTime(frame, period: Self.touchPeriod) }

    /// Frame `frame` of a stream with `period`, with ±20 µs of digitizer timing jitter (far
    /// below a period, so frames stay in order); the first frame is at the origin.
    private mutating func frameTime(_ frame: Int, period: Int64) -> Int64 {
        frame == 0 ? origin : origin + Int64(frame) * period + Int64(random.integer(in: -20_000...20_000))
    }

    private mutating func newID() -> UInt32 {
        defer { nextID &+= 1 }
        return nextID
    }

    private func quantize(_ value: Double, _ steps: Double) -> Double { (value * steps).rounded() / steps }

    /// `value` on the 1/`steps` grid, kept on the screen.
    private func grid(_ value: Double, _ steps: Double, _ limit: Double) -> Double {
        quantize(Swift.min(Swift.max(value, 0), limit), steps)
    }
}
