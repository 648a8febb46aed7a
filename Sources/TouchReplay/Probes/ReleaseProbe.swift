import TouchDynamics
import TouchInput

/// What happens after the hand lets go (docs/METRICS.md "Release outcome"): for each lift of
/// the last contact that the scene follows with an animation, the time until the element
/// rests, how far past its resting place it swings and how often it crosses it, and the
/// distance thrown; for each release with momentum (a lift at 100 pt/s or more, after the
/// element tracked the finger 1:1), how far the scene's committed target lies from the
/// documented projection of the release velocity, and the jump in the element's velocity
/// across the hand-off.
struct ReleaseProbe: Sendable {
    /// A lift slower than this (pt/s, lsq2 at the lift) is a put-down, not a throw.
    static let releaseSpeed = 100.0
    /// Crossings of the resting place closer than this (points) are not counted.
    static let crossingFloor = 0.01

    private struct Episode: Sendable {
        var lift: Int64
        var startX: Double, startY: Double
        /// The documented projection of the release, when the lift was a release with momentum.
        var expected: (x: Double, y: Double)?
        var consumed = false
        var animating = false
        /// Frames since the lift: (vsync, x, y); the first is the frame that consumed it.
        var path: [(vsync: Int64, x: Double, y: Double)] = []
    }

    private(set) var projectionError = MetricAccumulator(quantum: 1e-6)
    private(set) var throwDistance = MetricAccumulator(quantum: 1e-6)
    private(set) var settle = MetricAccumulator.milliseconds()
    private(set) var overshoot = MetricAccumulator(quantum: 1e-6)
    private(set) var oscillations = MetricAccumulator(quantum: 1)
    private(set) var velocityJump = MetricAccumulator(quantum: 1e-6)

    private var primary: ContactKey?
    /// Whether the primary contact lifted while another was still down: the next of those to
    /// move becomes the primary, so that the last lift is measured whichever finger landed
    /// first (two fingers landing at one instant are listed in either order).
    private var handsOver = false
    private var tracker = VelocityTracker(strategy: .lsq2)
    private var lastMoveX = 0.0, lastMoveY = 0.0
    /// element − finger when the scene first tracked the primary contact.
    private var offset: (x: Double, y: Double)?
    private var trackedAtLastFrame = false
    private var episode: Episode?
    /// A release with momentum whose velocity jump waits for the frames after it: the
    /// element's velocity over the last two frames before the lift, and the frames since
    /// (the first is the one that consumed the lift). Kept apart from the episode: the jump
    /// is measured whether the element then animates, stops dead, or is caught later.
    private var handOff: (before: (x: Double, y: Double), frames: [(vsync: Int64, x: Double, y: Double)])?
    /// The two newest frames: (vsync, x, y).
    private var newest: (vsync: Int64, x: Double, y: Double)?
    private var older: (vsync: Int64, x: Double, y: Double)?

    /// Takes a sample as it arrives; `downAfter` counts the contacts down after it. Inlined
    /// into the frame loop's feeding, so what only landings and lifts need is out of line.
    @inline(__always)
    mutating func observe(_ sample: InputSample, downAfter: Int) {
        // A scroll step moves the content on its own: the frames after a release no longer
        // show what the release handed over.
        if sample.kind == .scroll { handOff = nil }
        guard sample.kind == .touch || sample.kind == .pencil, sample.phase.isInContact else { return }
        if sample.phase == .began || (primary == nil && handsOver) { choosePrimary(sample) }
        guard sample.contact == primary else { return }
        _ = tracker.add(time: sample.time, x: sample.x, y: sample.y)
        guard sample.phase.isTerminal else {
            lastMoveX = sample.x; lastMoveY = sample.y
            return
        }
        lift(at: sample.time, downAfter: downAfter)
    }

    /// A landing interrupts whatever the last release started, and is the primary contact
    /// when there is none; after the primary lifted with others down, the next of them to move
    /// is.
    @inline(never)
    private mutating func choosePrimary(_ sample: InputSample) {
        if sample.phase == .began {
            episode = nil
            handOff = nil
            guard primary == nil else { return }
        } else if sample.phase.isTerminal {
            return
        }
        primary = sample.contact
        handsOver = false
        tracker.reset()
        offset = nil
    }

    /// The primary contact lifted: a release when no other contact is down.
    @inline(never)
    private mutating func lift(at time: Int64, downAfter: Int) {
        primary = nil
        handsOver = downAfter > 0
        guard downAfter == 0 else { return }
        var next = Episode(lift: time, startX: newest?.x ?? 0, startY: newest?.y ?? 0)
        let velocity = tracker.velocity()
        if (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() >= Self.releaseSpeed,
           trackedAtLastFrame, let offset {
            next.expected = (lastMoveX + offset.x + project(0, velocity: velocity.x, decelerationRate: .normal),
                             lastMoveY + offset.y + project(0, velocity: velocity.y, decelerationRate: .normal))
            if let newest, let older, newest.vsync > older.vsync {
                let span = Double(newest.vsync - older.vsync) / 1e9
                handOff = (((newest.x - older.x) / span, (newest.y - older.y) / span), [])
            }
        }
        episode = next
    }

    /// Takes a rendered frame.
    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state, vsync = frame.record.vsync
        if let id = primary, state.tracking == id, offset == nil, let finger = frame.contacts.position(of: id) {
            offset = (state.x - finger.x, state.y - finger.y)
        }
        trackedAtLastFrame = primary != nil && state.tracking == primary
        older = newest
        newest = (vsync, state.x, state.y)
        if handOff != nil { measureHandOff(vsync: vsync, x: state.x, y: state.y, animating: state.isAnimating) }
        // Changed in place: a copy shares the path, so appending to it copied the path, and
        // storing it back copied the episode (every frame of a long settle).
        guard let consumed = episode?.consumed else { return }
        if !consumed {
            episode?.consumed = true
            if let expected = episode?.expected {
                let dx = state.targetX - expected.x, dy = state.targetY - expected.y
                projectionError.add((dx * dx + dy * dy).squareRoot())
            }
        }
        episode?.path.append((vsync, state.x, state.y))
        if state.isAnimating {
            episode?.animating = true
            return
        }
        guard let current = episode.take(), current.animating else { return }
        finish(current, restAt: frame.record.presentation)
    }

    /// Adds a frame after a release; at the third (two after the one that consumed the
    /// lift) the velocity over the last two is set against the velocity before the lift.
    /// When the scene stops animating at the first or second, the element rests from there:
    /// its velocity after is zero, and the next frame the engine renders (for later input,
    /// however long after) says nothing of the hand-off.
    private mutating func measureHandOff(vsync: Int64, x: Double, y: Double, animating: Bool) {
        guard var pending = handOff.take() else { return }
        pending.frames.append((vsync, x, y))
        var after = (x: 0.0, y: 0.0)
        if pending.frames.count < 3 {
            guard !animating else {
                handOff = pending
                return
            }
        } else {
            let a = pending.frames[1], b = pending.frames[2]
            let span = Double(b.vsync - a.vsync) / 1e9
            guard span > 0 else {
                handOff = nil
                return
            }
            after = ((b.x - a.x) / span, (b.y - a.y) / span)
        }
        handOff = nil
        let jx = after.x - pending.before.x, jy = after.y - pending.before.y
        velocityJump.add((jx * jx + jy * jy).squareRoot())
    }

    private mutating func finish(_ episode: Episode, restAt presentation: Int64) {
        guard let rest = episode.path.last else { return }
        settle.add(Double(presentation - episode.lift))
        let tx = rest.x - episode.startX, ty = rest.y - episode.startY
        let travel = (tx * tx + ty * ty).squareRoot()
        throwDistance.add(travel)
        guard travel >= 0.5 else { return }
        let ux = tx / travel, uy = ty / travel
        var peak = 0.0, crossings = 0, side = 0
        for point in episode.path {
            let along = (point.x - rest.x) * ux + (point.y - rest.y) * uy
            peak = Swift.max(peak, along)
            guard abs(along) > Self.crossingFloor else { continue }
            let now = along > 0 ? 1 : -1
            if side != 0 && now != side { crossings += 1 }
            side = now
        }
        overshoot.add(peak / travel * 100)
        oscillations.add(Double(crossings))
    }
}
