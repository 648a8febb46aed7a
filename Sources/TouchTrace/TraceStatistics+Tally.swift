import TouchInput

extension TraceStatistics {
    /// The running counts of ``TraceStatistics``' one pass, taken a sample at a time.
    ///
    /// Per sample it used to hash into three dictionaries (the count of its kind, its
    /// contact's last time, the histogram of its kind's intervals): two thirds of `info`'s
    /// time on an hour of input. Kinds are counted in an array, the few contacts down at once
    /// are found by a scan, and intervals under ``denseMicroseconds`` are counted in an array;
    /// dictionaries hold only what those cannot (many contacts down at once, long or negative
    /// intervals), so memory stays bounded by the distinct values, as before.
    struct Tally {
        /// Intervals from 0 to this many microseconds (exclusive) are counted in an array:
        /// every rate above 30.5 Hz.
        static let denseMicroseconds = 1 << 15
        /// How many contacts down at once are found by a scan before a dictionary takes over.
        static let scannedContacts = 16

        var sampleCount = 0
        private var kindCounts = [Int](repeating: 0, count: SampleKind.allCases.count)
        var contactCount = 0
        var markerLabels: [MarkerLabel: Int] = [:]
        var markersNotListed = 0
        var startTime: Int64?
        var endTime: Int64?
        /// Contacts down (or hovering) and their last sample's time: the first
        /// ``scannedContacts`` in an array, the rest in `moreLive`. A contact is in one place.
        private var live: [(key: UInt64, time: Int64)] = []
        private var moreLive: [UInt64: Int64] = [:]
        /// Per contact kind (by raw value): intervals in microseconds under
        /// ``denseMicroseconds`` counted by index (empty until the kind's first interval),
        /// the others by value.
        private var denseIntervals: [[Int]] = Array(repeating: [], count: SampleKind.allCases.count)
        private var sparseIntervals: [[Int64: Int]] = Array(repeating: [:], count: SampleKind.allCases.count)

        init() {
            live.reserveCapacity(Self.scannedContacts)
        }

        @inline(__always)
        mutating func add(_ sample: InputSample) {
            sampleCount += 1
            kindCounts[Int(sample.kind.rawValue)] += 1
            if startTime == nil { startTime = sample.time }
            endTime = sample.time
            if let label = sample.markerLabel { count(label) }
            guard sample.kind.isContact else { return }
            let key = sample.contact.packed
            let ends = sample.phase.isTerminal || sample.phase == .hoverExited
            if let previous = takeLive(key, replacingWith: ends ? nil : sample.time) {
                countInterval((sample.time &- previous) / 1000, of: sample.kind)
            } else {
                contactCount += 1
            }
        }

        /// Counts the samples of `samples` in order.
        mutating func add(_ samples: ArraySlice<InputSample>) {
            for index in samples.indices { add(samples[index]) }
        }

        private mutating func count(_ label: MarkerLabel) {
            if let count = markerLabels[label] {
                markerLabels[label] = count + 1
            } else if markerLabels.count < TraceStatistics.maximumListedLabels {
                markerLabels[label] = 1
            } else {
                markersNotListed += 1
            }
        }

        /// The last time of contact `key` if it is live; it is then live at `time`, or no
        /// longer live when `time` is `nil`.
        @inline(__always)
        private mutating func takeLive(_ key: UInt64, replacingWith time: Int64?) -> Int64? {
            // Newest first: the contact of the last sample is the likeliest.
            var index = live.count - 1
            while index >= 0 {
                if live[index].key == key {
                    let previous = live[index].time
                    if let time {
                        live[index].time = time
                    } else {
                        live.remove(at: index)
                    }
                    return previous
                }
                index -= 1
            }
            let previous = moreLive.isEmpty ? nil : moreLive[key]
            if let time {
                if previous == nil && live.count < Self.scannedContacts {
                    live.append((key, time))
                } else {
                    moreLive[key] = time
                }
            } else if previous != nil {
                moreLive[key] = nil
            }
            return previous
        }

        @inline(__always)
        private mutating func countInterval(_ microseconds: Int64, of kind: SampleKind) {
            let kindIndex = Int(kind.rawValue)
            guard microseconds >= 0 && microseconds < Int64(Self.denseMicroseconds) else {
                sparseIntervals[kindIndex][microseconds, default: 0] += 1
                return
            }
            if denseIntervals[kindIndex].isEmpty { denseIntervals[kindIndex] = Array(repeating: 0, count: Self.denseMicroseconds) }
            denseIntervals[kindIndex][Int(microseconds)] += 1
        }

        /// The samples of each kind that has any.
        var countsByKind: [SampleKind: Int] {
            var counts: [SampleKind: Int] = [:]
            for kind in SampleKind.allCases where kindCounts[Int(kind.rawValue)] > 0 {
                counts[kind] = kindCounts[Int(kind.rawValue)]
            }
            return counts
        }

        /// Per contact kind with intervals, the rate of its median interval (none where that
        /// median is under a microsecond).
        var medianRateHz: [SampleKind: Double] {
            var rates: [SampleKind: Double] = [:]
            for kind in SampleKind.allCases {
                if let micros = medianInterval(of: kind), micros > 0 { rates[kind] = 1_000_000 / Double(micros) }
            }
            return rates
        }

        /// The lower median of a kind's intervals in whole microseconds (the first value at
        /// which half of them are counted), `nil` without intervals: the sparse values below
        /// the array's range, the array, then those above it.
        private func medianInterval(of kind: SampleKind) -> Int64? {
            let dense = denseIntervals[Int(kind.rawValue)], sparse = sparseIntervals[Int(kind.rawValue)]
            let total = dense.reduce(0, +) + sparse.values.reduce(0, +)
            guard total > 0 else { return nil }
            var seen = 0
            let sparseKeys = sparse.keys.sorted()
            for micros in sparseKeys where micros < 0 {
                seen += sparse[micros] ?? 0
                if seen * 2 >= total { return micros }
            }
            for (micros, count) in dense.enumerated() where count > 0 {
                seen += count
                if seen * 2 >= total { return Int64(micros) }
            }
            for micros in sparseKeys where micros >= 0 {
                seen += sparse[micros] ?? 0
                if seen * 2 >= total { return micros }
            }
            return nil
        }
    }
}
