import TouchBenchSupport

/// The newest samples of one contact, oldest first, at most `capacity` of them.
///
/// Shared by the planar and single-axis trackers: the window is chosen from the times
/// alone, so both axes of a contact always use the same samples.
struct SampleHistory: Sendable, Hashable {
    /// One sample: a time in nanoseconds and a position.
    struct Entry: Sendable {
        var time: Int64
        var x: Double
        var y: Double
    }

    // The live samples are entries[start...]: dropping the oldest only moves `start`, and
    // the array is compacted once `start` reaches `capacity`, so an append costs O(1)
    // amortised instead of shifting the array every time (it runs for every touch sample a
    // scene's drag sees, which made it the replay's largest per-sample cost). One array,
    // not one per column: a copy of the history (`gestures`' pause detectors share a fit
    // by comparing a copy) retains one buffer instead of three, and an append checks one
    // for uniqueness.
    private var entries: [Entry] = []
    /// The index of the oldest live sample in the array.
    private var start = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var newestTime: Int64? { entries.count > start ? entries[entries.count - 1].time : nil }

    /// How many samples are held.
    var count: Int { entries.count - start }

    /// Appends a sample; one at the newest sample's time replaces it (Android merges the
    /// move and pointer-down of the same instant this way). Returns `false`, keeping the
    /// history unchanged, for a sample older than the newest one.
    @discardableResult
    mutating func append(time: Int64, x: Double, y: Double) -> Bool {
        if let newest = newestTime {
            if time < newest { return false }
            if time == newest {
                entries[entries.count - 1].x = x
                entries[entries.count - 1].y = y
                return true
            }
        }
        if count == capacity {
            start += 1
            if start >= capacity {
                entries.removeFirst(start)
                start = 0
            }
        }
        entries.append(Entry(time: time, x: x, y: y))
        return true
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        start = 0
    }

    /// Hands `body` the times, xs and ys of `window` (a range of ``window(at:configuration:)``)
    /// as three columns, gathered into stack buffers: the fits read each column in a row.
    func withSamples<Result>(
        in window: Range<Int>,
        _ body: (UnsafeBufferPointer<Int64>, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Result
    ) -> Result {
        let count = window.count
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: count) { times in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { positions in
                entries.withUnsafeBufferPointer { entries in
                    for (row, index) in window.enumerated() {
                        times.initializeElement(at: row, to: entries[index].time)
                        positions.initializeElement(at: row, to: entries[index].x)
                        positions.initializeElement(at: count + row, to: entries[index].y)
                    }
                }
                return body(UnsafeBufferPointer(times), UnsafeBufferPointer(rebasing: positions[..<count]),
                            UnsafeBufferPointer(rebasing: positions[count...]))
            }
        }
    }

    // Equality and hashing see the live samples only, wherever they sit in the array.
    static func == (a: SampleHistory, b: SampleHistory) -> Bool {
        a.capacity == b.capacity && a.count == b.count
            && zip(a.entries[a.start...], b.entries[b.start...]).allSatisfy { left, right in
                left.time == right.time && left.x == right.x && left.y == right.y
            }
    }

    /// Whether `other` holds the same live samples bit for bit, so that any fit of the two
    /// gives the same bits (unlike `==`, 0 and -0 differ and a NaN matches itself). Compared
    /// with `memcmp`: it runs on every touch sample, where the pause detectors share a fit.
    /// An entry is three 8-byte fields, so it has no padding to differ in.
    func isBitwiseIdentical(to other: SampleHistory) -> Bool {
        guard capacity == other.capacity, count == other.count else { return false }
        guard count > 0 else { return true }
        let stride = MemoryLayout<Entry>.stride
        return entries.withUnsafeBytes { left in
            other.entries.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return false }
                return memcmp(a + start * stride, b + other.start * stride, count * stride) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(count)
        for entry in entries[start...] {
            hasher.combine(entry.time)
            hasher.combine(entry.x)
            hasher.combine(entry.y)
        }
    }

    /// The indices of the samples a velocity at `time` is computed from: walking back from
    /// the newest sample not after `time`, while samples are within the horizon of it and
    /// no gap exceeds the stop gap, at most `maximumSampleCount` of them.
    ///
    /// Empty when no sample is at or before `time`, or when the newest such sample is more
    /// than the stop gap before `time` (the contact has stopped).
    func window(at time: Int64, configuration: VelocityTrackerConfiguration) -> Range<Int> {
        entries.withUnsafeBufferPointer { entries in
            var newestIndex = entries.count - 1
            while newestIndex >= start, entries[newestIndex].time > time { newestIndex -= 1 }
            guard newestIndex >= start else { return 0..<0 }
            let newest = entries[newestIndex].time
            // Int64 subtraction cannot overflow for times within ±146 years of each other.
            if time - newest > configuration.stopGap { return 0..<0 }
            var oldestIndex = newestIndex
            var count = 1
            while oldestIndex > start && count < configuration.maximumSampleCount {
                let candidate = oldestIndex - 1
                let age = newest - entries[candidate].time
                let gap = entries[oldestIndex].time - entries[candidate].time
                if age > configuration.horizon || gap > configuration.stopGap { break }
                oldestIndex = candidate
                count += 1
            }
            return oldestIndex..<(newestIndex + 1)
        }
    }
}
