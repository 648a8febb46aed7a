import TouchBenchSupport

/// The newest samples of one contact, oldest first, at most `capacity` of them.
///
/// Shared by the planar and single-axis trackers: the window is chosen from the times
/// alone, so both axes of a contact always use the same samples.
struct SampleHistory: Sendable, Hashable {
    // The live samples are storage[start...]: dropping the oldest only moves `start`, and
    // the arrays are compacted once `start` reaches `capacity`, so an append costs O(1)
    // amortised instead of shifting three arrays every time (it runs for every touch
    // sample a scene's drag sees, which made it the replay's largest per-sample cost).
    private(set) var times: [Int64] = []
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []
    /// The index of the oldest live sample in the arrays.
    private var start = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var newestTime: Int64? { times.count > start ? times[times.count - 1] : nil }

    /// How many samples are held.
    var count: Int { times.count - start }

    /// Appends a sample; one at the newest sample's time replaces it (Android merges the
    /// move and pointer-down of the same instant this way). Returns `false`, keeping the
    /// history unchanged, for a sample older than the newest one.
    @discardableResult
    mutating func append(time: Int64, x: Double, y: Double) -> Bool {
        if let newest = newestTime {
            if time < newest { return false }
            if time == newest {
                xs[xs.count - 1] = x
                ys[ys.count - 1] = y
                return true
            }
        }
        if count == capacity {
            start += 1
            if start >= capacity { compact() }
        }
        times.append(time)
        xs.append(x)
        ys.append(y)
        return true
    }

    private mutating func compact() {
        times.removeFirst(start)
        xs.removeFirst(start)
        ys.removeFirst(start)
        start = 0
    }

    mutating func removeAll() {
        times.removeAll(keepingCapacity: true)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        start = 0
    }

    // Equality and hashing see the live samples only, wherever they sit in the arrays.
    static func == (a: SampleHistory, b: SampleHistory) -> Bool {
        a.capacity == b.capacity && a.times[a.start...].elementsEqual(b.times[b.start...])
            && a.xs[a.start...].elementsEqual(b.xs[b.start...]) && a.ys[a.start...].elementsEqual(b.ys[b.start...])
    }

    /// Whether `other` holds the same live samples bit for bit, so that any fit of the two
    /// gives the same bits (unlike `==`, 0 and -0 differ and a NaN matches itself). Compared
    /// with `memcmp`: it runs on every touch sample, where the pause detectors share a fit.
    func isBitwiseIdentical(to other: SampleHistory) -> Bool {
        guard capacity == other.capacity, count == other.count else { return false }
        return Self.sameBytes(times, from: start, other.times, from: other.start, count: count)
            && Self.sameBytes(xs, from: start, other.xs, from: other.start, count: count)
            && Self.sameBytes(ys, from: start, other.ys, from: other.start, count: count)
    }

    private static func sameBytes<Element>(
        _ u: [Element], from i: Int, _ v: [Element], from j: Int, count: Int
    ) -> Bool {
        guard count > 0 else { return true }
        let stride = MemoryLayout<Element>.stride
        return u.withUnsafeBytes { left in
            v.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return false }
                return memcmp(a + i * stride, b + j * stride, count * stride) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(count)
        for index in start..<times.count {
            hasher.combine(times[index])
            hasher.combine(xs[index])
            hasher.combine(ys[index])
        }
    }

    /// The indices of the samples a velocity at `time` is computed from: walking back from
    /// the newest sample not after `time`, while samples are within the horizon of it and
    /// no gap exceeds the stop gap, at most `maximumSampleCount` of them.
    ///
    /// Empty when no sample is at or before `time`, or when the newest such sample is more
    /// than the stop gap before `time` (the contact has stopped).
    func window(at time: Int64, configuration: VelocityTrackerConfiguration) -> Range<Int> {
        guard let newestIndex = times[start...].lastIndex(where: { $0 <= time }) else { return 0..<0 }
        let newest = times[newestIndex]
        // Int64 subtraction cannot overflow for times within ±146 years of each other.
        if time - newest > configuration.stopGap { return 0..<0 }
        var oldestIndex = newestIndex
        var count = 1
        while oldestIndex > start && count < configuration.maximumSampleCount {
            let candidate = oldestIndex - 1
            let age = newest - times[candidate]
            let gap = times[oldestIndex] - times[candidate]
            if age > configuration.horizon || gap > configuration.stopGap { break }
            oldestIndex = candidate
            count += 1
        }
        return oldestIndex..<(newestIndex + 1)
    }
}
