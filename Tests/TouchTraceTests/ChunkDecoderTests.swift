import Testing
import TouchInput
@testable import TouchTrace

/// The chunk decoder's fast path (columns a block at a time) against the values encoded and
/// against the sample-by-sample reference decoder, on extreme and on damaged chunks.
@Suite("Chunk decoding: the block decoder and the reference agree")
struct ChunkDecoderTests {
    static let quanta = TraceMetadata(device: "test", source: "test").quanta

    @Test("extreme chunks round-trip exactly", arguments: [1, 2, 127, 128, 129, 300, 16384])
    func extremes(count: Int) throws {
        for (seed, times, steady) in [(1, TimeShape.small, false), (2, .huge, false), (3, .mixed, false), (4, .small, true)] {
            for presence in [0.0, 0.5, 1.0] {
                let samples = Self.chunk(count: count, seed: UInt64(seed * 10 + Int(presence * 2)), times: times, presence: presence,
                                         steady: steady)
                let (payload, header) = Self.encode(samples)
                let decoder = ChunkDecoder(quanta: Self.quanta)
                var fast: [InputSample] = [], reference: [InputSample] = [], blocks: [InputSample] = []
                try payload.withUnsafeBytes { raw in
                    try decoder.decode(raw, header: header, into: &fast)
                    try decoder.decodeSampleBySample(raw, header: header, into: &reference)
                    // The fast path itself takes every valid chunk (decode() would hide one that did not).
                    try decoder.decodeBlocksOnly(raw, header: header, into: &blocks)
                }
                #expect(fast == samples, "\(count) samples, \(times), presence \(presence)")
                #expect(reference == samples)
                #expect(blocks == samples)
            }
        }
    }

    @Test("a damaged payload decodes as sample by sample: the same samples or the same problem")
    func damaged() throws {
        var random = TestRandom(seed: 77)
        let decoder = ChunkDecoder(quanta: Self.quanta)
        var accepted = 0
        // Rounds from 1200 on damage steady chunks, whose deltas are small, as a finger's are.
        for round in 0..<1800 {
            let samples = Self.chunk(count: [1, 5, 130, 300][round % 4], seed: UInt64(round % 8), times: round % 3 == 0 ? .huge : .small,
                                     presence: [0.5, 1.0][round % 2], steady: round >= 1200)
            var (payload, header) = Self.encode(samples)
            for _ in 0..<(1 + random.below(3)) {
                let position = random.below(payload.count)
                payload[position] = random.below(2) == 0 ? payload[position] ^ UInt8(1 << random.below(8)) : UInt8(random.below(256))
            }
            switch random.below(8) {
            case 0: header.sampleCount += random.below(2) == 0 ? 1 : -1
            case 1: header.lastTime = header.lastTime == .max ? .max - 1 : header.lastTime + 1
            default: break
            }
            guard header.sampleCount >= 1 else { continue }
            var fast: [InputSample] = [], reference: [InputSample] = []
            let fastProblem = payload.withUnsafeBytes { raw in
                Result { () throws(ChunkDecodingProblem) in try decoder.decode(raw, header: header, into: &fast) }
            }
            let referenceProblem = payload.withUnsafeBytes { raw in
                Result { () throws(ChunkDecodingProblem) in try decoder.decodeSampleBySample(raw, header: header, into: &reference) }
            }
            switch (fastProblem, referenceProblem) {
            case (.success, .success):
                accepted += 1
                #expect(fast == reference, "round \(round)")
                // What the reference takes, the fast path takes itself, with the same samples.
                var blocks: [InputSample] = []
                let taken = payload.withUnsafeBytes { raw in (try? decoder.decodeBlocksOnly(raw, header: header, into: &blocks)) != nil }
                #expect(taken && blocks == reference, "round \(round)")
            case (.failure(let a), .failure(let b)):
                #expect(a.reason == b.reason, "round \(round)")
            default:
                Issue.record("round \(round): the block decoder \(fastProblem) but sample by sample \(referenceProblem)")
            }
        }
        // Some damage leaves a valid chunk (a changed value): both paths must then agree on it.
        #expect(accepted > 0)
    }

    enum TimeShape { case small, huge, mixed }

    static func encode(_ samples: [InputSample]) -> ([UInt8], ChunkHeader) {
        var encoder = ChunkEncoder(quanta: quanta)
        var payload: [UInt8] = []
        encoder.encode(samples[...], into: &payload)
        let header = ChunkHeader(sampleCount: samples.count, firstTime: samples[0].time, lastTime: samples[samples.count - 1].time,
                                 compressedSize: 0, rawSize: payload.count, payloadChecksum: 0)
        return (payload, header)
    }

    /// `count` samples of every kind and phase; each optional field present with
    /// probability `presence`; values on the grid, from 0 to the largest representable, of
    /// both signs; ids up to `UInt32.max`; times with small steps (byte planes), or steps up
    /// to the largest a chunk can span, from `Int64.min` to -1 or from 0 to `Int64.max`
    /// (varints), or both. A `steady` chunk's values instead wander a few quanta from sample to
    /// sample, as a finger's do: nearly every delta and residual a one-byte varint.
    static func chunk(count: Int, seed: UInt64, times shape: TimeShape, presence: Double, steady: Bool = false) -> [InputSample] {
        var random = TestRandom(seed: seed)
        // A chunk spans at most Int64.max nanoseconds (the writer cuts it there).
        let low: Int64 = seed % 2 == 0 ? 0 : .min
        var times: [Int64] = []
        var time: Int64 = shape == .small ? Int64(random.below(1000)) - 500 : 0
        for index in 0..<count {
            switch shape {
            case .small: time += Int64(random.below(3) == 0 ? 0 : random.below(5_000_000))
            case .huge: time = low + Int64(random.next() >> 1)
            case .mixed: time = index % 5 == 4 ? Int64(random.next() >> 1) : time + Int64(random.below(100))
            }
            times.append(time)
        }
        times.sort()
        if shape == .huge { times[0] = low; if count > 1 { times[count - 1] = low + .max } }
        let limit = Int64(Quantizer.limit) - 1
        var wandering: Int64 = 0
        func value(_ quantum: Double) -> Double {
            if steady {
                // Now and then a jump, so that the columns mix longer varints in.
                wandering += random.below(50) == 0 ? Int64(random.below(100_000)) - 50_000 : Int64(random.below(7)) - 3
                return Double(wandering) * quantum
            }
            let index: Int64 = switch random.below(4) {
            case 0: Int64(random.below(201)) - 100
            case 1: random.below(2) == 0 ? limit : -limit
            case 2: Int64(bitPattern: random.next()) % limit
            default: 0
            }
            return Double(index) * quantum
        }
        func present() -> Bool { random.unit() < presence }
        let ids: [UInt32] = [0, 1, 2, 3, .max]
        let labels = ["redirect", "", "a label longer than fifteen bytes", "pause"]
        return times.map { time in
            let kind = SampleKind.allCases[random.below(SampleKind.allCases.count)]
            let phase = SamplePhase.allCases[random.below(SamplePhase.allCases.count)]
            let id = random.below(4) == 0 ? UInt32(truncatingIfNeeded: random.next()) : ids[random.below(ids.count)]
            let location = present()
            let q = quanta
            let label = present() ? labels[random.below(labels.count)] : nil
            return InputSample(
                time: time, kind: kind, phase: phase, id: id,
                x: location ? value(q.position) : nil, y: location ? value(q.position) : nil,
                force: present() ? value(q.force) : nil, majorRadius: present() ? value(q.radius) : nil,
                majorRadiusTolerance: present() ? value(q.radius) : nil,
                altitude: present() ? value(q.angle) : nil, azimuth: present() ? value(q.angle) : nil,
                roll: present() ? value(q.angle) : nil,
                buttons: present() ? UInt32(truncatingIfNeeded: random.next()) : nil,
                modifiers: present() ? ModifierFlags(rawValue: UInt8(random.below(64))) : [],
                flags: present() ? SampleFlags(rawValue: UInt8(random.below(16))) : [],
                scrollDelta: present() ? (value(q.scroll), value(q.scroll)) : nil,
                key: present() ? UInt32(truncatingIfNeeded: random.next()) : nil,
                label: label == "" ? nil : label)
        }
    }
}
