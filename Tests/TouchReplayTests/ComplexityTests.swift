import AllocationCounter
import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// Replay stays linear in the trace: the heap work per sample (allocations and bytes
/// requested, counted on this thread) does not grow with the trace's length or with its
/// density of markers. A hidden copy of a buffer that grows with the run (the redirection
/// probe once copied every event so far at each redirection) costs bytes per marker in
/// proportion to the markers before it, which these bounds catch without timing anything.
@Suite struct ReplayComplexityTests {
    struct Cost {
        var samples: Int
        var allocations: Double
        var bytes: Double
        /// Allocations of 64 KiB and more, and the bytes of the smaller ones.
        var largeAllocations: Double = 0
        var smallBytes: Double = 0
        var allocationsPerSample: Double { allocations / Double(samples) }
        var bytesPerSample: Double { bytes / Double(samples) }
    }

    /// Replays `samples` twice in a row (the second time shifted by whole seconds, so onto
    /// the same vsync grid) through `scene`, counting only the second time: by then the
    /// metric histograms have grown to the range of the values (a one-off, bounded cost), so
    /// what remains is the cost that recurs per sample, and any cost that grows with what
    /// came before shows in full.
    func cost(_ samples: [InputSample], metadata: TraceMetadata, scene: String) throws -> Cost {
        let shift = ((samples.last?.time ?? 0) / 1_000_000_000 + 2) * 1_000_000_000
        let twice = samples + samples.map { sample in
            var shifted = sample
            shifted.time += shift
            return shifted
        }
        let counted = Counted(samples: twice)
        let result = try Replayer.replay(samples: counted, metadata: metadata, sceneNamed: scene,
                                         settings: ReplaySettings(mode: .virtual))
        #expect(result.samples == 2 * samples.filter { $0.kind != .marker }.count)
        let (allocations, bytes) = counted.box.spent
        let (large, small) = counted.box.spentApart
        return Cost(samples: samples.count, allocations: allocations, bytes: bytes, largeAllocations: large, smallBytes: small)
    }

    /// The samples, noting the thread's allocation counters halfway and at the end.
    struct Counted: Sequence {
        final class Box: @unchecked Sendable {
            var start: (UInt64, UInt64) = (0, 0)
            var end: (UInt64, UInt64) = (0, 0)
            var startApart: (UInt64, UInt64) = (0, 0)
            var endApart: (UInt64, UInt64) = (0, 0)
            var spent: (Double, Double) { (Double(end.0 - start.0), Double(end.1 - start.1)) }
            var spentApart: (Double, Double) { (Double(endApart.0 - startApart.0), Double(endApart.1 - startApart.1)) }
        }
        let samples: [InputSample]
        let box = Box()

        struct Iterator: IteratorProtocol {
            let samples: [InputSample]
            var index = 0
            let box: Box
            mutating func next() -> InputSample? {
                if index == samples.count / 2 {
                    box.start = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
                    box.startApart = (allocation_counter_thread_large_allocations(), allocation_counter_thread_small_bytes())
                }
                guard index < samples.count else {
                    box.end = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
                    box.endApart = (allocation_counter_thread_large_allocations(), allocation_counter_thread_small_bytes())
                    return nil
                }
                defer { index += 1 }
                return samples[index]
            }
        }

        func makeIterator() -> Iterator { Iterator(samples: samples, box: box) }
    }

    /// What the second pass may still allocate once: a histogram meeting a new extreme.
    static let oneOffBytes = 4.0 * 1_048_576
    static let oneOffAllocations = 200.0
    static let scenes = ["scroll", "pip", "button", "sheet", "home", "pinch", "pointer", "menu", "board", "sidebar", "canvas", "press"]

    @Test(arguments: scenes)
    func heapWorkPerSampleDoesNotGrowWithLength(scene: String) throws {
        try #require(allocation_counter_is_active() != 0)
        // With a redirect marker every 25 ms on top of the session's own, so that anything
        // kept per redirection is plentiful.
        let short = MixedSession(seed: 3, duration: 40), long = MixedSession(seed: 3, duration: 160)
        let shortSamples = Self.withMarkers(Array(short), every: 25_000_000)
        let longSamples = Self.withMarkers(Array(long), every: 25_000_000)
        #expect(longSamples.count > 3 * shortSamples.count)
        try expectFlat(short: cost(shortSamples, metadata: short.metadata, scene: scene),
                       long: cost(longSamples, metadata: long.metadata, scene: scene), scene: scene)
    }

    /// Per sample, the long run costs what the short one does. Bytes are judged apart by
    /// size: an array that doubles inside the counted half copies itself in one large
    /// allocation whose size depends on where the doublings land (megabytes either way, so
    /// no bound on those bytes), but their number grows only with the logarithm of the
    /// length, while a copy of what came before at each marker or sample is one per marker.
    func expectFlat(short: Cost, long: Cost, scene: String) {
        let n = Double(long.samples)
        let shortSmall = short.smallBytes / Double(short.samples), longSmall = long.smallBytes / n
        #expect(longSmall <= shortSmall * 1.25 + Self.oneOffBytes / n,
                "\(scene): \(shortSmall) → \(longSmall) small-allocation bytes per sample")
        #expect(long.largeAllocations <= short.largeAllocations + 16,
                "\(scene): \(short.largeAllocations) → \(long.largeAllocations) allocations of 64 KiB or more")
        #expect(long.allocationsPerSample <= short.allocationsPerSample * 1.25 + Self.oneOffAllocations / n,
                "\(scene): \(short.allocationsPerSample) → \(long.allocationsPerSample) allocations per sample")
    }

    /// A marker every `spacing` on top of the session's own markers (about one every two
    /// seconds), taking `labels` in turn: the same contacts, many more redirections (or
    /// intents, or both).
    static func withMarkers(_ samples: [InputSample], every spacing: Int64, labels: [String] = ["redirect"]) -> [InputSample] {
        var dense: [InputSample] = []
        var next: Int64 = 0
        var index = 0
        for sample in samples {
            while next < sample.time {
                dense.append(.marker(labels[index % labels.count], at: next))
                index += 1
                next += spacing
            }
            dense.append(sample)
        }
        return dense
    }

    /// Intent markers of every scene's destinations, mixed with redirections: what the intent
    /// probe keeps per intent (the destination it waits for, the frame it first held) must
    /// not grow with what came before.
    static let intentLabels = ["intent:home", "redirect", "intent:corner2", "intent:open", "intent:closed", "intent:appSwitcher"]

    @Test(arguments: scenes)
    func heapWorkPerSampleDoesNotGrowWithIntentMarkers(scene: String) throws {
        try #require(allocation_counter_is_active() != 0)
        let short = MixedSession(seed: 7, duration: 40), long = MixedSession(seed: 7, duration: 160)
        let shortSamples = Self.withMarkers(Array(short), every: 25_000_000, labels: Self.intentLabels)
        let longSamples = Self.withMarkers(Array(long), every: 25_000_000, labels: Self.intentLabels)
        #expect(longSamples.filter { $0.kind == .marker && ($0.label ?? "").hasPrefix("intent:") }.count > 4000)
        try expectFlat(short: cost(shortSamples, metadata: short.metadata, scene: scene),
                       long: cost(longSamples, metadata: long.metadata, scene: scene), scene: scene)
    }

    @Test(arguments: scenes)
    func heapWorkPerMarkerDoesNotGrowWithMarkerDensity(scene: String) throws {
        try #require(allocation_counter_is_active() != 0)
        let session = MixedSession(seed: 5, duration: 60)
        let natural = Array(session)
        let sparse = Self.withMarkers(natural, every: 100_000_000), dense = Self.withMarkers(natural, every: 25_000_000)
        // A first pass on this thread touches the lazily built runtime caches and grows the
        // scene's histograms, so the three measured passes differ only by their markers.
        _ = try cost(dense, metadata: session.metadata, scene: scene)
        let naturalCost = try cost(natural, metadata: session.metadata, scene: scene)
        let sparseCost = try cost(sparse, metadata: session.metadata, scene: scene)
        let denseCost = try cost(dense, metadata: session.metadata, scene: scene)
        let sparseAdded = Double(sparse.count - natural.count), denseAdded = Double(dense.count - natural.count)
        #expect(sparseAdded >= 500)
        #expect(denseAdded >= 4 * sparseAdded - 10)
        // Each redirection may cost its event and bookkeeping, the same at any density, plus
        // the one-off growth of a histogram; a copy of the events so far would make each
        // four times dearer at four times the density (hundreds of MiB here).
        let ratio = denseAdded / sparseAdded
        let sparseAllocations = max(0, sparseCost.allocations - naturalCost.allocations)
        let denseAllocations = denseCost.allocations - naturalCost.allocations
        // Bytes are judged apart by size. The small allocations' bytes are what a marker
        // costs (its event, its bookkeeping): a quarter MiB of slack, some 100 bytes a marker
        // at this density, where a copy of the frame ring per redirection costs kilobytes. A
        // large allocation is a buffer doubling or a copy of one: the three runs may differ by
        // a few doublings (a longer run crosses another power of two inside the counted half,
        // which swings the total bytes by megabytes, hence no bound on those), while a copy
        // of the events so far at each redirection is one large allocation per marker.
        let sparseSmall = max(0, sparseCost.smallBytes - naturalCost.smallBytes)
        let denseSmall = denseCost.smallBytes - naturalCost.smallBytes
        // Half a MiB of slack: the measured CPU time's histogram grows with timing noise, more
        // under load (a clean CI run read 278 KB at a quarter MiB), while a copy per
        // redirection would cost megabytes here.
        #expect(denseSmall <= sparseSmall * ratio * 1.3 + 512 * 1024,
                "\(scene): \(sparseSmall / sparseAdded) → \(denseSmall / denseAdded) small-allocation bytes per marker")
        #expect(denseCost.largeAllocations <= naturalCost.largeAllocations + 8,
                "\(scene): \(naturalCost.largeAllocations) → \(denseCost.largeAllocations) allocations of 64 KiB or more")
        #expect(denseAllocations <= sparseAllocations * ratio * 1.3 + Self.oneOffAllocations,
                "\(scene): \(sparseAllocations / sparseAdded) → \(denseAllocations / denseAdded) allocations per marker")
    }
}
