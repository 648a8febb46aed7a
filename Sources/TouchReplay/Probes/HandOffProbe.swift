import TouchBenchSupport
import TouchInput

/// Velocity continuity where something else takes over the element (docs/METRICS.md
/// "Hand-offs"): a finger catching a running animation, an animation retargeted in flight,
/// content reaching an edge during momentum and handing over to its bounce. Each is the jump
/// between the element's velocity just before and just after the hand-off — against the
/// catching finger's velocity for a catch, since from then on the finger drives it. (A
/// release, the fourth hand-off, is ``ReleaseProbe``'s.)
struct HandOffProbe: Sendable {
    /// An element slower than this over the frame before a touch-down (points) is not caught:
    /// the redirection probe's catch rule.
    static let catchMotion = 0.5
    /// A target that moves by more than this between two animating frames (points) is
    /// retargeted: far above a spring's rounding, far below any change of destination.
    static let retargetDistance = 0.5
    /// Frames each side that the velocity at a hand-off is extrapolated from: a polynomial of
    /// degree 5 through 6 frames leaves well under 1 pt/s of a spring's own curvature at
    /// 120 Hz, where 4 frames left about 1 % of its speed.
    static let span = 6

    typealias Point = (vsync: Int64, x: Double, y: Double)

    private enum Kind: Sendable { case retarget, bounce }

    /// A hand-off waiting for the frames after it.
    private struct Pending: Sendable {
        var kind: Kind
        var time: Int64
        var before: [Point]
        var after: [Point] = []
    }

    /// A catch waiting for the frame after the one that consumed it.
    private struct Catch: Sendable {
        var contact: ContactKey
        var time: Int64
        /// A `redirect` marker at the touch's time says it is a catch (ground truth).
        var marked = false
        var element: (x: Double, y: Double)?
        var finger: (x: Double, y: Double)?
        var vsync: Int64 = 0
    }

    private(set) var catchJump = MetricAccumulator(quantum: 1e-6)
    private(set) var retargetJump = MetricAccumulator(quantum: 1e-6)
    private(set) var bounceJump = MetricAccumulator(quantum: 1e-6)

    /// The newest frames of the element's current free motion (animating, not tracking, no
    /// hand-off since): what a hand-off's velocity before is extrapolated from.
    private var motion = RecentWindow<Point>(capacity: span)
    private var pending: [Pending] = []
    private var caught: Catch?
    /// A catch's jump, measured, held until the catching contact drives the element (else
    /// the touch was not on it: a tap on a sheet's backdrop while the sheet moves).
    private var unconfirmed: (contact: ContactKey, time: Int64, jump: Double)?
    /// The time of the newest `redirect` marker.
    private var redirectMarker: Int64?
    /// The two newest frames: whether each was animating, and where the element was.
    private var animating = false
    private var last: Point?
    private var lastTarget: (x: Double, y: Double)?
    /// Whether the target was steady over the newest frame (a moving target, such as a
    /// pointer's spring chasing the hand, is a pursuit, not a retarget).
    private var targetSteady = false
    private var moving = false

    /// Takes a sample as it arrives; `downBefore` counts the contacts down before it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, downBefore: Int) {
        if sample.kind == .marker, sample.label == "redirect" {
            // Before or after the touch it marks, at the same time: the same catch.
            redirectMarker = sample.time
            if caught?.time == sample.time { caught?.marked = true }
            if unconfirmed?.time == sample.time { confirm() }
            return
        }
        guard sample.kind == .touch || sample.kind == .pencil, sample.phase == .began, downBefore == 0 else { return }
        unconfirmed = nil
        if animating && moving { caught = Catch(contact: sample.contact, time: sample.time, marked: redirectMarker == sample.time) }
        // A touch-down alone does not end the free motion (see `frame`): ending it here left a
        // retarget by a tap on a sheet's backdrop fewer frames before it, or none.
    }

    /// Takes a rendered frame; `batch` summarises its samples.
    mutating func frame(_ frame: FrameContext, batch: BatchSummary) {
        let state = frame.state
        let point: Point = (frame.record.vsync, state.x, state.y)
        // Most frames have no catch to measure: skip the call and its copies of the frame.
        if caught != nil || unconfirmed != nil { measureCatch(frame, point) }
        // Unheld: animating with no contact driving it. A frame that consumed a
        // touch-down is no retarget and ends the hand-offs waiting for frames (`free` below),
        // but it does not end the free motion a later hand-off's velocity before is taken
        // from: a touch elsewhere (a tap on a sheet's backdrop) is no hand-off, and one that
        // catches the element shows in the frames after it (it tracks the finger, or stops).
        let unheld = state.isAnimating && state.tracking == nil
        let touchedDown = batch.contains(.began) && frame.batch.contains { $0.phase == .began && ($0.kind == .touch || $0.kind == .pencil) }
        let free = unheld && !touchedDown
        // At rest on its own, not stopped by a touch (a catch): a hand-off waiting for frames
        // after it then rests from there.
        let resting = !state.isAnimating && state.tracking == nil && !touchedDown
        feedPending(point, free: free, resting: resting)
        var steady = false
        if let target = lastTarget {
            let dx = state.targetX - target.x, dy = state.targetY - target.y
            let shift = (dx * dx + dy * dy).squareRoot()
            steady = shift <= ResponseProbe.visibleChange
            // A target moved by continuous input (a pointer's spring chasing the hand) is a
            // pursuit, not a hand-off: only a discrete input (a lift, a key, a click) or none
            // retargets.
            let newest = frame.batch.last
            let discrete = newest.map { !($0.phase == .moved || $0.phase == .hoverMoved || $0.phase == .stationary) } ?? true
            if free && animating && targetSteady && discrete && shift > Self.retargetDistance {
                // Retargeted by what this frame consumed (its newest sample), else at its vsync.
                begin(.retarget, at: newest.map { Swift.min($0.time, point.vsync) } ?? point.vsync, frame: point)
            }
        }
        // Read from the signals here rather than gathered into an array per frame.
        for case .edgeBounce(let time) in frame.signals {
            begin(.bounce, at: time, frame: point)
            // Stopped dead at the edge in this very frame: no frame after it will come.
            if resting, let stopped = pending.popLast() { complete(stopped, rests: true) }
        }
        if unheld {
            motion.append(point)
        } else {
            motion.removeAll()
        }
        if let last { moving = abs(point.x - last.x) + abs(point.y - last.y) >= Self.catchMotion }
        last = point
        animating = state.isAnimating
        targetSteady = steady && state.isAnimating
        lastTarget = (state.targetX, state.targetY)
    }

    /// Measures the hand-offs still waiting at the end of the run with the frames they had.
    mutating func finish() {
        for entry in pending { complete(entry) }
        pending.removeAll()
    }

    private mutating func begin(_ kind: Kind, at time: Int64, frame point: Point) {
        // The frames of the free motion shown before the hand-off, and this frame when it
        // already shows what follows.
        let before = motion.elements.filter { $0.vsync < time }
        pending.append(Pending(kind: kind, time: time, before: before, after: point.vsync >= time ? [point] : []))
        // What follows is a new motion: later hand-offs extrapolate from it alone.
        motion.removeAll()
    }

    /// Adds a frame to the hand-offs waiting for frames after them; `resting` when the element
    /// came to rest in it, on its own.
    private mutating func feedPending(_ point: Point, free: Bool, resting: Bool) {
        var index = 0
        while index < pending.count {
            if free && point.vsync >= pending[index].time { pending[index].after.append(point) }
            if !free || pending[index].after.count >= Self.span {
                complete(pending[index], rests: resting)
                pending.remove(at: index)
                continue
            }
            index += 1
        }
    }

    /// Measures a hand-off from the frames it had. One after which the element came to rest
    /// within two frames rests from there: its velocity after is zero (content that stops dead
    /// at an edge, `scroll.bounce_keeps_velocity=0`, is then measured, as the docs say).
    private mutating func complete(_ entry: Pending, rests: Bool = false) {
        guard entry.before.count >= 2, entry.after.count >= 2 || rests else { return }
        let t = entry.time
        let before = Self.velocity(entry.before, at: t)
        let after = entry.after.count >= 2 ? Self.velocity(entry.after, at: t) : (x: 0.0, y: 0.0)
        let dx = after.x - before.x, dy = after.y - before.y
        let jump = (dx * dx + dy * dy).squareRoot()
        switch entry.kind {
        case .retarget: retargetJump.add(jump)
        case .bounce: bounceJump.add(jump)
        }
    }

    /// The catch's jump: the element's velocity over the first frame after the one that
    /// consumed the touch-down, against the catching finger's over the same frame.
    private mutating func measureCatch(_ frame: FrameContext, _ point: Point) {
        if let held = unconfirmed {
            if frame.state.tracking == held.contact {
                confirm()
            } else if frame.contacts.position(of: held.contact) == nil {
                unconfirmed = nil
            }
        }
        guard var entry = caught, let finger = frame.contacts.position(of: entry.contact) else {
            caught = nil
            return
        }
        guard let element = entry.element, let previous = entry.finger else {
            entry.element = (point.x, point.y)
            entry.finger = (finger.x, finger.y)
            entry.vsync = point.vsync
            caught = entry
            return
        }
        caught = nil
        let span = Double(point.vsync - entry.vsync) / 1e9
        guard span > 0 else { return }
        let dx = (point.x - element.x) - (finger.x - previous.x), dy = (point.y - element.y) - (finger.y - previous.y)
        let jump = (dx * dx + dy * dy).squareRoot() / span
        // Marked a catch, stopped with the finger, or driven by it: the hand-off was to
        // this finger.
        if entry.marked || !frame.state.isAnimating || frame.state.tracking == entry.contact {
            catchJump.add(jump)
        } else {
            unconfirmed = (entry.contact, entry.time, jump)
        }
    }

    private mutating func confirm() {
        if let held = unconfirmed { catchJump.add(held.jump) }
        unconfirmed = nil
    }

    /// The derivative at `time` (ns) of the polynomial through `points` (degree up to 5):
    /// the velocity of a smooth motion extrapolated to the instant of the hand-off, so that
    /// the motion's own acceleration over the frames in between is not counted as a jump.
    static func velocity(_ points: [Point], at time: Int64) -> (x: Double, y: Double) {
        // Seconds from the hand-off, for conditioning.
        let t = points.map { Double($0.vsync - time) / 1e9 }
        var vx = 0.0, vy = 0.0
        for i in t.indices {
            // L_i'(0) = Σ_{j≠i} 1/(t_i − t_j) · Π_{k≠i,j} (0 − t_k)/(t_i − t_k)
            var derivative = 0.0
            for j in t.indices where j != i {
                var term = 1 / (t[i] - t[j])
                for k in t.indices where k != i && k != j { term *= -t[k] / (t[i] - t[k]) }
                derivative += term
            }
            vx += points[i].x * derivative
            vy += points[i].y * derivative
        }
        return (vx, vy)
    }
}
