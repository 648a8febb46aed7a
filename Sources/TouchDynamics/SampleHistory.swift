import TouchBenchSupport

/// The newest samples of one contact, oldest first, at most `capacity` of them.
///
/// Shared by the planar and single-axis trackers: the window is chosen from the times
/// alone, so both axes of a contact always use the same samples.
struct SampleHistory: Sendable, Hashable {
    // One array of three columns — times, then the bits of the xs, then of the ys — each
    // `span` long, so that a fit reads a window of each column in place: the rows were
    // gathered into stack buffers for every fit, two or three times per touch sample. The
    // live samples are rows start..<end: dropping the oldest only moves `start`, and once
    // `end` reaches the end of the columns the live rows are moved to the front, so an
    // append costs O(1) amortised. One array, not three: a copy of the history (a pan
    // shares a contact's fit by comparing a copy) retains one buffer, and an append checks
    // one for uniqueness. The positions are kept as bit patterns (read back as doubles in
    // place), so that every column is of one element type and no value is ever converted.
    private var storage: [Int64] = []
    /// The live rows.
    private var start = 0
    private var end = 0
    /// The oldest row of the newest sample's window (see ``window(at:)``), kept up to date
    /// on every append: every fit at or after the newest sample — a pause detector's on each
    /// sample, a scene's on each frame — used to walk back through the window to find it.
    private var newestWindowStart = 0
    let capacity: Int
    /// The windowing rules (``VelocityTrackerConfiguration``'s): the tracker's, fixed.
    private let horizon: Int64
    private let stopGap: Int64

    init(configuration: VelocityTrackerConfiguration) {
        capacity = max(1, configuration.maximumSampleCount)
        horizon = configuration.horizon
        stopGap = configuration.stopGap
    }

    /// Rows per column: grown as samples come up to twice the capacity, so that the live
    /// rows are moved at most once every `capacity` appends (and a capacity of millions does
    /// not allocate millions of rows at the first sample).
    private var span = 0

    var newestTime: Int64? { end > start ? storage[end - 1] : nil }

    /// How many samples are held.
    var count: Int { end - start }

    /// Appends a sample; one at the newest sample's time replaces it (Android merges the
    /// move and pointer-down of the same instant this way). Returns `false`, keeping the
    /// history unchanged, for a sample older than the newest one.
    @discardableResult
    mutating func append(time: Int64, x: Double, y: Double) -> Bool {
        // Wrapping index arithmetic below: every index is within the 3 × `span` rows, and the
        // overflow checks were a third of an append (it runs for every sample of every tracker).
        if end > start {
            let span = span
            let newest = storage[end &- 1]
            if time < newest { return false }
            if time == newest {
                // Same times, so the same windows.
                storage[span &+ end &- 1] = Int64(bitPattern: x.bitPattern)
                storage[2 &* span &+ end &- 1] = Int64(bitPattern: y.bitPattern)
                return true
            }
        }
        var start = start, end = end, windowStart = newestWindowStart
        if end &- start == capacity { start &+= 1 }
        if end == span && (span == 0 || end &- start > span / 2) {
            // No room at the end, and the live rows fill over half the columns: grow them.
            grow(keeping: start..<end)
            end &-= start
            windowStart &-= start
            start = 0
        }
        let span = span, capacity = capacity, horizon = horizon, stopGap = stopGap
        storage.withUnsafeMutableBufferPointer { columns in
            guard let base = columns.baseAddress else { return }
            if end == span {
                // Move the live rows to the front of each column: they are at most half of it,
                // so the two ranges never overlap.
                for column in 0..<3 {
                    let rows = base + column &* span
                    rows.update(from: rows + start, count: end &- start)
                }
                end &-= start
                windowStart &-= start
                start = 0
            }
            let row = end
            base[row] = time
            base[span &+ row] = Int64(bitPattern: x.bitPattern)
            base[2 &* span &+ row] = Int64(bitPattern: y.bitPattern)
            end = row &+ 1
            // The walk of `walkedWindow(at:)` from the new sample stops at the latest
            // gap over the stop gap, the oldest sample within the horizon, `capacity` samples
            // or the oldest held, whichever comes first. Each of these only moves forward as
            // samples are added (times strictly increase), so the new window starts no
            // earlier than the last one: carry on from there.
            if row == start || Self.exceeds(time, base[row &- 1], by: stopGap) {
                windowStart = row
            } else {
                windowStart = max(windowStart, start, row &- (capacity &- 1))
                while windowStart < row, Self.exceeds(time, base[windowStart], by: horizon) { windowStart &+= 1 }
            }
        }
        self.start = start
        self.end = end
        newestWindowStart = windowStart
        return true
    }

    /// Moves `live` to the front of new columns twice as long (64 rows at first, at most twice
    /// the capacity: then the live rows, under `capacity`, always fit in half of them).
    private mutating func grow(keeping live: Range<Int>) {
        let limit = capacity <= Int.max / 6 ? 2 * capacity : Int.max / 6
        let newSpan = span == 0 ? min(limit, 64) : span <= limit / 2 ? 2 * span : limit
        var grown = [Int64](repeating: 0, count: 3 * newSpan)
        for column in 0..<3 {
            grown.replaceSubrange((column * newSpan)..<(column * newSpan + live.count),
                                  with: storage[(column * span + live.lowerBound)..<(column * span + live.upperBound)])
        }
        storage = grown
        span = newSpan
    }

    /// Whether `newer - older` (times, `newer` the later) is over `limit`; a difference too
    /// large for an Int64 is, rather than a trap on an append.
    @inline(__always)
    private static func exceeds(_ newer: Int64, _ older: Int64, by limit: Int64) -> Bool {
        let (difference, overflow) = newer.subtractingReportingOverflow(older)
        return overflow || difference > limit
    }

    mutating func removeAll() {
        start = 0
        end = 0
        newestWindowStart = 0
    }

    /// Hands `body` the times, xs and ys of `window` (a range of ``window(at:)``) as three
    /// columns, read in place.
    func withSamples<Result>(
        in window: Range<Int>,
        _ body: (UnsafeBufferPointer<Int64>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Result
    ) -> Result {
        let span = span
        return storage.withUnsafeBufferPointer { columns in
            guard let base = columns.baseAddress, !window.isEmpty else {
                return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0),
                            UnsafeBufferPointer(start: nil, count: 0))
            }
            let times = UnsafeBufferPointer(start: base + window.lowerBound, count: window.count)
            return (base + span + window.lowerBound).withMemoryRebound(to: Double.self, capacity: window.count) { xs in
                (base + 2 * span + window.lowerBound).withMemoryRebound(to: Double.self, capacity: window.count) { ys in
                    body(times, UnsafeBufferPointer(start: xs, count: window.count),
                         UnsafeBufferPointer(start: ys, count: window.count))
                }
            }
        }
    }

    /// The live rows of the times and of the bits of the xs and ys (none before the columns
    /// are allocated, at the first append).
    private func withLiveColumns<Result>(_ body: (ArraySlice<Int64>, ArraySlice<Int64>, ArraySlice<Int64>) -> Result) -> Result {
        guard end > start else { return body([], [], []) }
        let span = span
        return body(storage[start..<end], storage[(span + start)..<(span + end)],
                    storage[(2 * span + start)..<(2 * span + end)])
    }

    // Equality and hashing see the live samples only, wherever they sit in the columns.
    static func == (a: SampleHistory, b: SampleHistory) -> Bool {
        guard a.capacity == b.capacity, a.count == b.count else { return false }
        return a.withLiveColumns { aTimes, aXs, aYs in
            b.withLiveColumns { bTimes, bXs, bYs in
                aTimes.elementsEqual(bTimes)
                    && zip(aXs, bXs).allSatisfy { Double(bitPattern: UInt64(bitPattern: $0)) == Double(bitPattern: UInt64(bitPattern: $1)) }
                    && zip(aYs, bYs).allSatisfy { Double(bitPattern: UInt64(bitPattern: $0)) == Double(bitPattern: UInt64(bitPattern: $1)) }
            }
        }
    }

    /// Whether `other` holds the same live samples bit for bit, so that any fit of the two
    /// gives the same bits (unlike `==`, 0 and -0 differ and a NaN matches itself). Compared
    /// with `memcmp`: the home scene's pan reads a contact's fit through it on every frame.
    func isBitwiseIdentical(to other: SampleHistory) -> Bool {
        guard capacity == other.capacity, count == other.count else { return false }
        guard count > 0 else { return true }
        let span = span, otherSpan = other.span, bytes = count * MemoryLayout<Int64>.stride
        return storage.withUnsafeBufferPointer { left in
            other.storage.withUnsafeBufferPointer { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return false }
                for column in 0..<3
                where memcmp(a + column * span + start, b + column * otherSpan + other.start, bytes) != 0 {
                    return false
                }
                return true
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(count)
        withLiveColumns { times, xs, ys in
            for (time, (x, y)) in zip(times, zip(xs, ys)) {
                hasher.combine(time)
                hasher.combine(Double(bitPattern: UInt64(bitPattern: x)))
                hasher.combine(Double(bitPattern: UInt64(bitPattern: y)))
            }
        }
    }

    /// The rows of the samples a velocity at `time` is computed from: walking back from the
    /// newest sample not after `time`, while samples are within the horizon of it and no gap
    /// exceeds the stop gap, at most `capacity` (the configuration's maximum sample count)
    /// of them.
    ///
    /// Empty when no sample is at or before `time`, or when the newest such sample is more
    /// than the stop gap before `time` (the contact has stopped).
    func window(at time: Int64) -> Range<Int> {
        guard end > start else { return 0..<0 }
        let newest = storage[end - 1]
        guard time < newest else {
            // Int64 subtraction cannot overflow for times within ±146 years of each other.
            return time - newest > stopGap ? 0..<0 : newestWindowStart..<end
        }
        return walkedWindow(at: time)
    }

    /// ``window(at:)`` found by walking back from the newest sample not after `time`: the
    /// definition, which the window kept for the newest sample matches (tests check it).
    func walkedWindow(at time: Int64) -> Range<Int> {
        storage.withUnsafeBufferPointer { times in
            var newestIndex = end - 1
            while newestIndex >= start, times[newestIndex] > time { newestIndex -= 1 }
            guard newestIndex >= start else { return 0..<0 }
            let newest = times[newestIndex]
            if time - newest > stopGap { return 0..<0 }
            var oldestIndex = newestIndex
            var count = 1
            while oldestIndex > start && count < capacity {
                let candidate = oldestIndex - 1
                let age = newest - times[candidate]
                let gap = times[oldestIndex] - times[candidate]
                if age > horizon || gap > stopGap { break }
                oldestIndex = candidate
                count += 1
            }
            return oldestIndex..<(newestIndex + 1)
        }
    }
}
