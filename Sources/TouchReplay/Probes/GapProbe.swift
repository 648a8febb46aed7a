import TouchInput

/// How far the element shown lags the finger it tracks (docs/METRICS.md "Presented gap").
///
/// When a scene first names a contact as driving its element 1:1, the probe fixes the offset
/// between them, k = element − finger (the finger's newest consumed position), for the rest
/// of that contact's life: it never re-anchors, so an element that snaps, loses the touch
/// offset or drifts while rubber-banding shows. For every frame that tracks the contact:
/// - `tracking_error_pt`: ‖element − k − finger‖, finger the newest position consumed;
/// - `presented_gap_pt`: the same against the finger interpolated at the frame's
///   presentation time P (from the samples around P, so the frame is measured once the
///   trace has reached P);
/// - `presented_lag_ms`: P − the time at which the finger's path (sample to sample, at
///   most 250 ms back) came nearest to element − k: how far behind the finger it is shown.
struct GapProbe: Sendable {
    static let lagHorizon: Int64 = 250_000_000
    private static let capacity = 256
    /// The most points of one contact a bounding box covers: the walk passes a block whose
    /// box lies farther from the element than the nearest segment so far without visiting
    /// its segments (a finger moving at 240 Hz leaves about four blocks in 250 ms; eight-point
    /// blocks did a little worse, thirty-two no better).
    private static let blockSize = 16

    private struct Point: Sendable {
        var time: Int64 = 0
        var id = ContactKey(kind: .touch, id: 0)
        var x = 0.0, y = 0.0
        /// The sequence number of the same contact's point before this one (0: none). The walk
        /// follows these links instead of stepping over every other contact's points: with five
        /// fingers and a pencil the ring holds about 50 ms of any one of them among 256 points.
        var previous = 0
        /// The first point of this point's block (up to ``blockSize`` consecutive points of
        /// its contact), how many points of the block it closes, and their bounding box.
        var blockStart = 0
        var blockLength = 0
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
    }

    private struct Waiting: Sendable {
        var presentation: Int64
        var id: ContactKey
        var x: Double, y: Double
    }

    private(set) var tracking = MetricAccumulator(quantum: 1e-6)
    private(set) var gap = MetricAccumulator(quantum: 1e-6)
    private(set) var lag = MetricAccumulator.milliseconds()
    private var history = [Point](repeating: Point(), count: capacity)
    /// Points stored so far; point n (from 1) lies in slot n mod capacity, and the ring holds
    /// the newest `capacity` of them.
    private var sequence = 0
    /// Each contact's newest point, by ``ContactKey/packed`` (sequence numbers).
    private var newest = NewestPoints()
    private var anchorID: ContactKey?
    private var kx = 0.0, ky = 0.0
    private var waiting: [Waiting] = []
    /// Whether the walk passes blocks whose box cannot win (tests turn it off to compare
    /// with the walk over every segment).
    var passesBlocks = true
    /// Blocks the walk has passed so far.
    private(set) var blocksPassed = 0

    init() {
        waiting.reserveCapacity(8)
    }

    /// Takes a sample as it arrives.
    @inline(__always)
    mutating func observe(_ sample: InputSample) {
        // A hovering pointer drives its scene as a finger does.
        guard sample.kind.isContact else { return }
        sequence += 1
        let previous = newest.replace(sample.contact.packed, with: sequence, oldest: sequence - Self.capacity)
        let x = sample.x, y = sample.y
        var point = Point(time: sample.time, id: sample.contact, x: x, y: y, previous: previous,
                          blockStart: sequence, blockLength: 1, minX: x, minY: y, maxX: x, maxY: y)
        if previous > 0 {
            let before = history[previous & (Self.capacity - 1)]
            if before.blockLength < Self.blockSize {
                point.blockStart = before.blockStart
                point.blockLength = before.blockLength + 1
                point.minX = Swift.min(before.minX, x)
                point.minY = Swift.min(before.minY, y)
                point.maxX = Swift.max(before.maxX, x)
                point.maxY = Swift.max(before.maxY, y)
            }
        }
        history[sequence & (Self.capacity - 1)] = point
        let ending = sample.phase.isTerminal || sample.phase == .hoverExited
        if !waiting.isEmpty { resolve(id: sample.contact, reached: sample.time, ending: ending) }
        if ending && anchorID == sample.contact { anchorID = nil }
    }

    /// Takes a rendered frame.
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state
        guard let id = state.tracking, let finger = frame.contacts.position(of: id) else { return }
        if anchorID != id {
            anchorID = id
            kx = state.x - finger.x
            ky = state.y - finger.y
        }
        let x = state.x - kx, y = state.y - ky
        tracking.add(((x - finger.x) * (x - finger.x) + (y - finger.y) * (y - finger.y)).squareRoot())
        waiting.append(Waiting(presentation: frame.record.presentation, id: id, x: x, y: y))
    }

    /// Measures the frames that wait for finger `id` once the trace has reached `reached`
    /// (or the contact ended: the finger stays where it lifted).
    private mutating func resolve(id: ContactKey, reached: Int64, ending: Bool) {
        var index = 0
        while index < waiting.count {
            let entry = waiting[index]
            guard entry.id == id, ending || entry.presentation <= reached else { index += 1; continue }
            measure(entry)
            waiting.remove(at: index)
        }
    }

    /// The frames still waiting when the trace ends: the finger stays where it was last seen.
    mutating func finish() {
        for entry in waiting { measure(entry) }
        waiting.removeAll()
    }

    private mutating func measure(_ entry: Waiting) {
        let start = newest.latest(entry.id.packed, oldest: sequence - Self.capacity)
        let oldest = Swift.max(0, sequence - Self.capacity)
        let (gap, lag) = history.withUnsafeBufferPointer {
            Self.walk($0, from: start, after: oldest, for: entry, passingBlocks: passesBlocks, passed: &blocksPassed)
        }
        if let gap { self.gap.add(gap) }
        if let lag { self.lag.add(lag) }
    }

    /// The gap and lag of one frame: the finger's path back from P, walked newest first. The
    /// newest point at or before P is the first vertex, preceded by P itself (interpolated, or
    /// the newest point if none is after P). Each segment is measured as the walk reaches it;
    /// the walk keeps slots and coordinates, never a copy of a point, and reads the ring in
    /// place (copies of optional points were most of its work), and steps from one point of
    /// the finger to its previous one (`start` is its newest; points numbered `oldest` or less
    /// have left the ring). Nil when no point of the finger at or before P is left.
    ///
    /// Past the first segment the walk passes whole blocks: every segment from a point back
    /// to its block's first point lies in the box the point keeps, so where that box is
    /// farther from the element than the nearest segment so far (by a margin far beyond
    /// rounding), none of them can win and the walk resumes from the block's first point.
    /// Points older than the ring or the horizon lie only behind a block that is passed, so
    /// the walk may stop there: no segment it leaves unvisited could have won.
    private static func walk(_ ring: UnsafeBufferPointer<Point>, from start: Int, after oldest: Int, for entry: Waiting,
                             passingBlocks: Bool, passed: inout Int) -> (gap: Double?, lag: Double?) {
        var newer = -1
        var started = false
        // The newer end of the next segment.
        var ax = 0.0, ay = 0.0, aTime: Int64 = 0
        var gap: Double?
        var best = Double.infinity, bestTime = entry.presentation
        var passing = Double.infinity
        var number = start
        while number > oldest {
            let slot = number & (capacity - 1)
            number = ring[slot].previous
            let time = ring[slot].time
            if time > entry.presentation { newer = slot; continue }
            let bx = ring[slot].x, by = ring[slot].y
            if !started {
                started = true
                aTime = entry.presentation
                if newer >= 0, ring[newer].time > time {
                    let f = Double(entry.presentation - time) / Double(ring[newer].time - time)
                    ax = bx + f * (ring[newer].x - bx)
                    ay = by + f * (ring[newer].y - by)
                } else {
                    ax = bx
                    ay = by
                }
                let gx = entry.x - ax, gy = entry.y - ay
                gap = (gx * gx + gy * gy).squareRoot()
            }
            // The path reaches back at most `lagHorizon` from P: a segment that crosses it is
            // measured up to the point where it does (measured whole, it gave lags past 250 ms).
            var cx = bx, cy = by, cTime = time
            let beyond = entry.presentation - time > lagHorizon
            if beyond, aTime > time {
                let horizon = entry.presentation - lagHorizon
                let f = Double(aTime - horizon) / Double(aTime - time)
                cx = ax + f * (bx - ax)
                cy = ay + f * (by - ay)
                cTime = horizon
            }
            let dx = cx - ax, dy = cy - ay
            let length = dx * dx + dy * dy
            var u = length > 0 ? ((entry.x - ax) * dx + (entry.y - ay) * dy) / length : 0
            u = Swift.min(1, Swift.max(0, u))
            let px = ax + u * dx - entry.x, py = ay + u * dy - entry.y
            let squared = px * px + py * py
            // Newest first: a later point of the path wins a tie (a finger at rest is not behind).
            // The square root is taken only where it may pass: a square above `passing`
            // (the bound squared, widened far beyond rounding) has a root above the bound.
            if !(squared > passing) {
                let distance = squared.squareRoot()
                if distance < best - 1e-9 {
                    best = distance
                    bestTime = aTime - Int64((u * Double(aTime - cTime)).rounded())
                    let bound = (best - 1e-9) * (1 + 1e-15)
                    passing = bound > 0 ? bound * bound : -1
                }
            }
            ax = bx
            ay = by
            aTime = time
            if beyond { break }
            if passingBlocks && ring[slot].blockLength > 1 {
                let box = ring[slot]
                let ox = Swift.max(box.minX - entry.x, 0, entry.x - box.maxX)
                let oy = Swift.max(box.minY - entry.y, 0, entry.y - box.maxY)
                let reach = best + 1e-6 + best * 1e-9
                // False for NaN and while `best` is infinite: then the block is walked.
                if ox * ox + oy * oy > reach * reach {
                    let first = box.blockStart
                    guard first > oldest else { break }
                    let firstSlot = first & (capacity - 1)
                    guard entry.presentation - ring[firstSlot].time <= lagHorizon else { break }
                    ax = ring[firstSlot].x
                    ay = ring[firstSlot].y
                    aTime = ring[firstSlot].time
                    number = ring[firstSlot].previous
                    passed &+= 1
                }
            }
        }
        return (gap, started ? Double(entry.presentation - bestTime) : nil)
    }

}
