import AllocationCounter
import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// `info`'s statistics: the tally (arrays for kinds, a scan for the contacts down, an array
/// for short intervals) against the plain dictionaries it replaced, on inputs that reach
/// past each array: more contacts down at once than the scan holds, intervals beyond the
/// array and at its edge, equal times, contacts that start with a lift.
@Suite("Trace statistics")
struct TraceStatisticsTests {
    /// The statistics as `info` computed them before the tally: a dictionary per count.
    struct Reference: Equatable {
        var sampleCount = 0
        var countsByKind: [SampleKind: Int] = [:]
        var contactCount = 0
        var markerLabels: [MarkerLabel: Int] = [:]
        var markersNotListed = 0
        var startTime: Int64?
        var endTime: Int64?
        var medianRateHz: [SampleKind: Double] = [:]

        init(_ samples: [InputSample]) {
            var live: [UInt64: Int64] = [:]
            var intervals: [SampleKind: [Int64: Int]] = [:]
            for sample in samples {
                sampleCount += 1
                countsByKind[sample.kind, default: 0] += 1
                if startTime == nil { startTime = sample.time }
                endTime = sample.time
                if let label = sample.markerLabel {
                    if let count = markerLabels[label] {
                        markerLabels[label] = count + 1
                    } else if markerLabels.count < TraceStatistics.maximumListedLabels {
                        markerLabels[label] = 1
                    } else {
                        markersNotListed += 1
                    }
                }
                guard sample.kind.isContact else { continue }
                let key = sample.contact.packed
                if let previous = live[key] {
                    intervals[sample.kind, default: [:]][(sample.time &- previous) / 1000, default: 0] += 1
                } else {
                    contactCount += 1
                }
                live[key] = sample.phase.isTerminal || sample.phase == .hoverExited ? nil : sample.time
            }
            for (kind, histogram) in intervals {
                let total = histogram.values.reduce(0, +)
                var seen = 0
                for micros in histogram.keys.sorted() {
                    seen += histogram[micros] ?? 0
                    if seen * 2 >= total {
                        if micros > 0 { medianRateHz[kind] = 1_000_000 / Double(micros) }
                        break
                    }
                }
            }
        }

        init(_ statistics: TraceStatistics) {
            sampleCount = statistics.sampleCount
            countsByKind = statistics.countsByKind
            contactCount = statistics.contactCount
            markerLabels = statistics.markerLabels
            markersNotListed = statistics.markersNotListed
            startTime = statistics.startTime
            endTime = statistics.endTime
            medianRateHz = statistics.medianRateHz
        }
    }

    /// Contacts of every kind landing, moving, hovering and lifting in random order, up to
    /// `maximumDown` down at once, with steps from 0 to `longestStep` ns. A landing takes the
    /// lowest id its kind has free, as a touch screen's slots do, so ids come back.
    static func contacts(count: Int, maximumDown: Int, longestStep: Int, seed: UInt64) -> [InputSample] {
        var random = TestRandom(seed: seed)
        var samples: [InputSample] = []
        var down: [(kind: SampleKind, id: UInt32)] = []
        func freeID(_ kind: SampleKind) -> UInt32 {
            var id: UInt32 = 0
            while down.contains(where: { $0.kind == kind && $0.id == id }) { id += 1 }
            return id
        }
        var time: Int64 = 1_000
        let kinds: [SampleKind] = [.touch, .pencil, .pointer]
        while samples.count < count {
            time += Int64(random.below(longestStep + 1))
            let choice = random.below(100)
            if choice < 3 {
                samples.append(.marker(["pause", "redirect", "release"][random.below(3)], at: time))
            } else if choice < 6 {
                samples.append(InputSample(time: time, kind: .scroll, phase: .moved, x: 1, y: 2, scrollDelta: (0, 1)))
            } else if choice < 8 {
                // A contact whose first sample is its lift (a cut recording).
                let kind = kinds[random.below(3)]
                samples.append(InputSample(time: time, kind: kind, phase: .ended, id: freeID(kind), x: 3, y: 4))
            } else if down.count < maximumDown && (down.isEmpty || choice < 20) {
                let kind = kinds[random.below(3)], id = freeID(kind)
                down.append((kind, id))
                let phase: SamplePhase = kind == .touch ? .began : [.began, .hoverEntered][random.below(2)]
                samples.append(InputSample(time: time, kind: kind, phase: phase, id: id, x: 5, y: 6))
            } else {
                let index = random.below(down.count)
                let (kind, id) = down[index]
                let phase: SamplePhase
                switch random.below(10) {
                case 0: phase = .ended
                case 1: phase = kind == .touch ? .cancelled : .hoverExited
                default: phase = kind == .touch ? .moved : [.moved, .hoverMoved][random.below(2)]
                }
                if phase.isTerminal || phase == .hoverExited { down.remove(at: index) }
                samples.append(InputSample(time: time, kind: kind, phase: phase, id: id, x: 7, y: 8))
            }
        }
        return samples
    }

    @Test("the same counts, contacts and median rates as plain dictionaries",
          arguments: [(maximumDown: 3, longestStep: 9_000_000), (maximumDown: 40, longestStep: 9_000_000),
                      (maximumDown: 12, longestStep: 80_000_000), (maximumDown: 200, longestStep: 2_000)])
    func matchesTheDictionaries(maximumDown: Int, longestStep: Int) throws {
        for seed in UInt64(1)...6 {
            let samples = Self.contacts(count: 6_000, maximumDown: maximumDown, longestStep: longestStep, seed: seed)
            let statistics = try TraceStatistics(source: SampleArraySource(metadata: TraceMetadata(), samples: samples), byteCount: 0)
            let expected = Reference(samples)
            #expect(Reference(statistics) == expected, "seed \(seed)")
            #expect(expected.contactCount > maximumDown, "the case starts more contacts than are down at once")
        }
    }

    /// A source need not be in time order: times that go back (negative intervals, counted by
    /// value below the array) and jump to either end of Int64 (intervals that wrap), among
    /// contacts down and lifting as before.
    @Test("times out of order and at the ends of Int64", arguments: [UInt64(1), 2, 3])
    func outOfOrderTimes(seed: UInt64) throws {
        var random = TestRandom(seed: seed &+ 100)
        let extremes: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1]
        var samples = Self.contacts(count: 4_000, maximumDown: 20, longestStep: 3_000_000, seed: seed)
        for index in samples.indices where random.below(5) == 0 {
            let time = random.below(3) == 0 ? extremes[random.below(extremes.count)] : samples[index].time - Int64(random.below(50_000_000))
            let sample = samples[index]
            samples[index] = sample.kind == .marker
                ? .marker(sample.label ?? "", at: time)
                : InputSample(time: time, kind: sample.kind, phase: sample.phase, id: sample.id, x: sample.x, y: sample.y)
        }
        let statistics = try TraceStatistics(source: SampleArraySource(metadata: TraceMetadata(), samples: samples), byteCount: 0)
        let expected = Reference(samples)
        #expect(Reference(statistics) == expected)
        #expect(expected.medianRateHz.count == 3)
    }

    /// Medians that fall below, at the edges of and beyond the array of short intervals, and
    /// equal times (intervals of 0, no rate).
    @Test("medians on each side of the array's range", arguments: [0, 1, 999, 32_767, 32_768, 32_769, 500_000])
    func medianAtTheEdges(micros: Int) throws {
        var samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 0, y: 0)]
        var time: Int64 = 0
        // Three intervals of `micros` µs and two of 4 ms: the median is `micros` µs.
        for step in [micros * 1000, 4_000_000, micros * 1000 + 999, 4_000_000, micros * 1000] {
            time += Int64(step)
            samples.append(InputSample(time: time, kind: .touch, phase: .moved, id: 1, x: 0, y: 0))
        }
        let statistics = try TraceStatistics(source: SampleArraySource(metadata: TraceMetadata(), samples: samples), byteCount: 0)
        #expect(Reference(statistics) == Reference(samples))
        #expect(statistics.medianRateHz[.touch] == (micros > 0 ? 1_000_000 / Double(micros) : nil))
        #expect(statistics.contactCount == 1)
    }

    @Test("a file read a chunk at a time gives what its samples one by one give")
    func fileMatchesItsSamples() throws {
        let scratch = ScratchDirectory()
        let samples = Self.contacts(count: 20_000, maximumDown: 24, longestStep: 5_000_000, seed: 9)
        let path = scratch.path("many.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 700)
        let fromFile = try TraceStatistics(reader: try TraceReader(path: path))
        #expect(Reference(fromFile) == Reference(try Samples.readAll(path)))
        #expect(fromFile.sampleCount == 20_000)
        #expect(fromFile.chunkCount >= 20_000 / 700)
    }

    /// `info`'s pass allocates per chunk (its decoding), never per sample: the tally's arrays
    /// are sized once, and a dictionary only takes what they cannot. Counted, not timed, on a
    /// trace and one four times as long with the same chunks.
    @Test func allocationsDoNotGrowPerSample() throws {
        try #require(allocation_counter_is_active() != 0)
        let scratch = ScratchDirectory()
        func allocations(samples count: Int) throws -> (all: UInt64, large: UInt64, chunks: Int) {
            let path = scratch.path("a\(count).touchtrace")
            _ = try Samples.write(Self.contacts(count: count, maximumDown: 6, longestStep: 2_000_000, seed: 4), to: path)
            let reader = try TraceReader(path: path)
            let (all, large) = (allocation_counter_thread_allocations(), allocation_counter_thread_large_allocations())
            let statistics = try TraceStatistics(reader: reader)
            #expect(statistics.sampleCount == count)
            return (allocation_counter_thread_allocations() - all, allocation_counter_thread_large_allocations() - large,
                    reader.chunks.count)
        }
        let short = try allocations(samples: 20_000), long = try allocations(samples: 80_000)
        // 60 000 more samples in 60 more chunks: about 75 allocations a chunk were measured,
        // one a sample would be 60 000.
        #expect(long.all - short.all < 6_000, "\(short) → \(long)")
        #expect(long.large == short.large)
        #expect(long.chunks >= 4 * short.chunks - 1)
    }
}
