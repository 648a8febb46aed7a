/// The newest samples of one contact, oldest first, at most `capacity` of them.
///
/// Shared by the planar and single-axis trackers: the window is chosen from the times
/// alone, so both axes of a contact always use the same samples.
struct SampleHistory: Sendable, Hashable {
    private(set) var times: [Int64] = []
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var newestTime: Int64? { times.last }

    /// Appends a sample; one at the newest sample's time replaces it (Android merges the
    /// move and pointer-down of the same instant this way). Returns `false`, keeping the
    /// history unchanged, for a sample older than the newest one.
    @discardableResult
    mutating func append(time: Int64, x: Double, y: Double) -> Bool {
        if let newest = times.last {
            if time < newest { return false }
            if time == newest {
                xs[xs.count - 1] = x
                ys[ys.count - 1] = y
                return true
            }
        }
        if times.count == capacity {
            times.removeFirst()
            xs.removeFirst()
            ys.removeFirst()
        }
        times.append(time)
        xs.append(x)
        ys.append(y)
        return true
    }

    mutating func removeAll() {
        times.removeAll(keepingCapacity: true)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
    }

    /// The indices of the samples a velocity at `time` is computed from: walking back from
    /// the newest sample not after `time`, while samples are within the horizon of it and
    /// no gap exceeds the stop gap, at most `maximumSampleCount` of them.
    ///
    /// Empty when no sample is at or before `time`, or when the newest such sample is more
    /// than the stop gap before `time` (the contact has stopped).
    func window(at time: Int64, configuration: VelocityTrackerConfiguration) -> Range<Int> {
        guard let newestIndex = times.lastIndex(where: { $0 <= time }) else { return 0..<0 }
        let newest = times[newestIndex]
        // Int64 subtraction cannot overflow for times within ±146 years of each other.
        if time - newest > configuration.stopGap { return 0..<0 }
        var oldestIndex = newestIndex
        var count = 1
        while oldestIndex > 0 && count < configuration.maximumSampleCount {
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
