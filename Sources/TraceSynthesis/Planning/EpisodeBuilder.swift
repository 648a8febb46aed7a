import TouchBenchSupport
import TouchInput

/// The planning context of one episode: its random stream, the screen, the digitizer
/// clocks, and the episode being filled in.
///
/// Planners work in seconds on the episode's local clock (zero at `episode.origin`) with the
/// screen in points; the builder snaps touch-downs and lifts to digitizer ticks and turns
/// local times into trace nanoseconds.
struct EpisodeBuilder {
    var episode: Episode
    var random: SeededRandom
    let screen: TraceMetadata.Screen
    let touchClock: SampleClock
    let pencilClock: SampleClock
    /// The lift speeds of a `pip-throw`, points per second.
    let throwSpeed: ClosedRange<Double>
    /// Whether the episode is a trace of its own rather than one of a session's. The corpus
    /// replays a lone drag, flick, reversal or catch through the `pip` scene as well as
    /// `scroll`, so those state the PIP corner they mean; a session's are replayed through
    /// scroll, home and button, where a corner means nothing.
    let isWholeTrace: Bool
    private(set) var nextID: UInt32
    /// The latest local time the plan asked for (a lift, the end of a hover, an event),
    /// before snapping to scans: the session spaces episodes from it, so that changing the
    /// rate or the jitter never shifts later gestures.
    private(set) var plannedEnd: Double = 0

    init(
        gesture: Gesture, origin: Int64, random: SeededRandom, screen: TraceMetadata.Screen,
        touchClock: SampleClock, pencilClock: SampleClock, firstID: UInt32,
        throwSpeed: ClosedRange<Double> = SynthesisOptions.defaultThrowSpeed, isWholeTrace: Bool = true
    ) {
        self.throwSpeed = throwSpeed
        self.isWholeTrace = isWholeTrace
        self.episode = Episode(gesture: gesture, origin: origin)
        self.random = random
        self.screen = screen
        self.touchClock = touchClock
        self.pencilClock = pencilClock
        self.nextID = firstID
    }

    var width: Double { screen.width }
    var height: Double { screen.height }
    /// How much larger movements are on this screen than on a phone: hands do not scale
    /// with the glass, so a tablet gets somewhat longer strokes, not proportionally longer.
    var reach: Double { screen.width > 600 ? 1.4 : 1 }

    // MARK: Time

    /// The first tick of `clock` at or after local time `t`.
    func tick(atOrAfter t: Double, on clock: SampleClock) -> Int64 {
        clock.firstTick(atOrAfter: absoluteTime(t))
    }

    /// The local time of tick `k` of `clock`.
    func localTime(ofTick k: Int64, on clock: SampleClock) -> Double {
        Double(clock.time(ofTick: k) - episode.origin) * 1e-9
    }

    /// Trace nanoseconds of local time `t`, rounded to the nearest nanosecond.
    func absoluteTime(_ t: Double) -> Int64 {
        episode.origin + Int64((t * 1e9).rounded())
    }

    /// Records that the plan reaches local time `t`.
    mutating func extendPlan(to t: Double) {
        plannedEnd = max(plannedEnd, t)
    }

    /// Adds a key, scroll or marker sample at local time `t`.
    mutating func addEvent(_ sample: InputSample, atLocal t: Double) {
        var sample = sample
        sample.time = absoluteTime(t)
        episode.events.append(sample)
        extendPlan(to: t)
    }

    mutating func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Contacts

    /// A finger that lands on the first scan at or after `land` and lifts on the first scan
    /// at or after `lift`, pressing steadily or, given a `pressure` profile, as it says.
    @discardableResult
    mutating func addFinger(
        _ path: ContactPath, landing land: Double, lifting lift: Double, modifiers: ModifierFlags = [],
        pressure: ForceProfile? = nil
    ) -> ContactTiming {
        let down = tick(atOrAfter: land, on: touchClock)
        let up = max(down + 1, tick(atOrAfter: lift, on: touchClock))
        extendPlan(to: lift)
        var style = FingerStyle(force: random.uniform(0.18, 0.42), radius: random.uniform(13, 19))
        style.pressure = pressure
        let plan = ContactPlan(
            kind: .touch, id: newID(), path: path, clock: touchClock, down: down, up: up,
            modifiers: modifiers, style: .finger(style))
        episode.contacts.append(plan)
        return timing(of: plan)
    }

    /// When a planned contact touches down and lifts.
    func timing(of plan: ContactPlan) -> ContactTiming {
        let down = plan.down ?? plan.firstTick
        let up = plan.up ?? plan.lastTick
        return ContactTiming(
            id: plan.id, downTime: plan.clock.time(ofTick: down), upTime: plan.clock.time(ofTick: up),
            down: localTime(ofTick: down, on: plan.clock), up: localTime(ofTick: up, on: plan.clock))
    }

    /// Adds a marker at trace time `time`.
    mutating func addMarker(_ marker: GroundTruthMarker, at time: Int64) {
        var sample = InputSample.marker(marker.label, at: time)
        sample.flags = .synthetic
        episode.events.append(sample)
    }

    /// Adds a marker at local time `t`.
    mutating func addMarker(_ marker: GroundTruthMarker, atLocal t: Double) {
        addMarker(marker, at: absoluteTime(t))
    }

    /// Adds an intent marker (`intent:<destination>`, docs/METRICS.md "Ground-truth
    /// markers"): from trace time `time` on, the gesture means `destination`.
    mutating func addIntent(_ destination: Destination, at time: Int64) {
        var sample = InputSample.marker(destination.intentLabel, at: time)
        sample.flags = .synthetic
        episode.events.append(sample)
    }

    /// Adds an intent marker at local time `t`.
    mutating func addIntent(_ destination: Destination, atLocal t: Double) {
        addIntent(destination, at: absoluteTime(t))
    }

    // MARK: Geometry

    /// A uniformly random direction.
    mutating func randomDirection() -> Vector {
        Vector.unit(angle: random.uniform(0, (2 * Double.pi)))
    }

    /// One of the four screen axes, tilted by up to `tilt` radians: flicks and swipes
    /// follow the content's axis, never quite exactly.
    mutating func axisDirection(tilt: Double = 0.14) -> Vector {
        let quadrant = Double(random.integer(in: 0...3))
        return Vector.unit(angle: quadrant * Double.pi / 2 + random.uniform(-tilt, tilt))
    }

    /// A translation that puts everything `path` visits during `interval` inside the screen
    /// with `margin` points to spare, chosen uniformly among those that do. Axes listed in
    /// `fixed` are left where the planner put them (an edge swipe starts at the edge).
    mutating func placement(
        of paths: [ContactPath], during interval: ClosedRange<Double>, margin: Double,
        fixX: Bool = false, fixY: Bool = false
    ) -> Vector {
        var minimum = Vector(x: Double.infinity, y: Double.infinity)
        var maximum = Vector(x: -Double.infinity, y: -Double.infinity)
        let steps = 128
        for path in paths {
            for step in 0...steps {
                let t = interval.lowerBound + (interval.upperBound - interval.lowerBound) * Double(step) / Double(steps)
                let p = path.position(at: t)
                minimum = Vector(x: min(minimum.x, p.x), y: min(minimum.y, p.y))
                maximum = Vector(x: max(maximum.x, p.x), y: max(maximum.y, p.y))
            }
        }
        func offset(_ low: Double, _ high: Double, _ extent: Double) -> Double {
            let from = margin - low
            let to = extent - margin - high
            return from <= to ? random.uniform(from, to) : (from + to) / 2
        }
        let dx = offset(minimum.x, maximum.x, width)
        let dy = offset(minimum.y, maximum.y, height)
        return Vector(x: fixX ? 0 : dx, y: fixY ? 0 : dy)
    }

    /// A random point at least `margin` points inside the screen.
    mutating func randomPoint(margin: Double) -> Vector {
        Vector(x: random.uniform(margin, width - margin), y: random.uniform(margin, height - margin))
    }
}

/// When a contact touched down and lifted, in trace nanoseconds and in local seconds.
struct ContactTiming: Sendable, Hashable {
    var id: UInt32
    /// The time of the `began` sample.
    var downTime: Int64
    /// The time of the `ended` sample.
    var upTime: Int64
    var down: Double
    var up: Double
}
