import AllocationCounter
import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// Hostile round 5: `verify --repair` lost intact chunks whenever something other than the
/// chunk itself lied — a chunk header whose times its samples do not reach, an index entry,
/// a flipped bit in the metadata — and chunks out of file order cost one of the two. Every
/// chunk whose checksums hold and that decodes is now kept, in time order, unless it
/// overlaps one kept before it.
@Suite("Repair keeps every chunk that decodes")
struct RepairTests {
    /// Twelve chunks of 50 samples, the file's bytes, and its chunk table.
    private static func fixture(_ scratch: ScratchDirectory) throws -> (samples: [InputSample], bytes: [UInt8], chunks: [ChunkInfo]) {
        let samples = Samples.mixed(count: 600, seed: 3)
        let path = scratch.path("whole.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 50)
        let reader = try TraceReader(path: path)
        return (samples, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), reader.chunks)
    }

    /// The samples of every chunk but those of `left`.
    private static func samples(_ samples: [InputSample], without left: Set<Int>) -> [InputSample] {
        samples.enumerated().filter { !left.contains($0.offset / 50) }.map(\.element)
    }

    /// The bytes of `chunk` (header and payload).
    private static func bytes(of chunk: ChunkInfo, in file: [UInt8]) -> [UInt8] {
        Array(file[chunk.offset..<(chunk.offset + chunk.length)])
    }

    private static func store<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { for (index, byte) in $0.enumerated() { bytes[offset + index] = byte } }
    }

    /// Repairs `bytes` (written to a scratch file) and checks that what `verify` promises is
    /// what the repair keeps; the repaired file's samples.
    private static func repaired(_ bytes: [UInt8], _ scratch: ScratchDirectory) throws -> (report: RepairReport, samples: [InputSample]) {
        let path = scratch.path("damaged.touchtrace")
        try Data(bytes).written(to: path)
        let reader = try TraceReader(salvaging: path)
        #expect(throws: TraceFileError.self) { try reader.verify() }
        let promised = try reader.recoverable()
        let report = try reader.repair(to: scratch.path("repaired.touchtrace"))
        #expect(promised.chunkCount == report.chunkCount && promised.sampleCount == report.sampleCount)
        #expect(try TraceReader(path: scratch.path("repaired.touchtrace")).verify().sampleCount == report.sampleCount)
        return (report, try Samples.readAll(scratch.path("repaired.touchtrace")))
    }

    @Test("a chunk whose header claims a later end than its samples reach costs itself alone", arguments: [false, true])
    func lyingChunkHeader(keepIndex: Bool) throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        var bytes = keepIndex ? whole : Array(whole[0..<(chunks[11].offset + chunks[11].length)])
        let lying = chunks[3].offset
        // The last time at the limit, and the header's checksum made to hold again.
        Self.store(Int64(1) << 62 - 1, at: lying + 16, in: &bytes)
        Self.store(CRC32C.checksum(Array(bytes[lying..<(lying + 36)])), at: lying + 36, in: &bytes)
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 11 && report.droppedChunkCount == 1 && report.overlappingChunkCount == 0)
        #expect(kept == Self.samples(samples, without: [3]))
    }

    @Test("an index entry that disagrees with an intact chunk costs nothing")
    func lyingIndexEntry() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        var bytes = whole
        let indexOffset = Int(bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: whole.count - 16, as: UInt64.self)) })
        let indexLength = Int(bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: whole.count - 8, as: UInt32.self)) })
        // Entry 1's sample count (offset 24 of its 32 bytes), and the index checksum made to hold.
        Self.store(UInt32(65_536), at: indexOffset + 8 + 32 + 24, in: &bytes)
        let checksumAt = indexOffset + indexLength - 4
        Self.store(CRC32C.checksum(Array(bytes[indexOffset..<checksumAt])), at: checksumAt, in: &bytes)
        let path = scratch.path("index.touchtrace")
        try Data(bytes).written(to: path)
        #expect(throws: TraceFileError.self) { try TraceReader(path: path).verify() }
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.droppedChunkCount == 0)
        #expect(kept == samples)
        #expect(chunks.count == 12)
    }

    @Test("chunks written out of order are both kept, in time order")
    func swappedChunks() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        var bytes = Array(whole[0..<chunks[4].offset])
        bytes += Self.bytes(of: chunks[5], in: whole) + Self.bytes(of: chunks[4], in: whole)
        for chunk in chunks[6...] { bytes += Self.bytes(of: chunk, in: whole) }
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.droppedChunkCount == 0 && report.overlappingChunkCount == 0)
        #expect(kept == samples)
    }

    @Test("a copy of a chunk, or a chunk overlapping one kept, is left out and counted")
    func overlappingChunks() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        var bytes = Array(whole[0..<(chunks[11].offset + chunks[11].length)])
        bytes += Self.bytes(of: chunks[6], in: whole) + Self.bytes(of: chunks[2], in: whole)
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.droppedChunkCount == 0 && report.overlappingChunkCount == 2)
        #expect(kept == samples)
    }

    @Test("a damaged chunk header where the walk expected a chunk is counted, with the index kept or not", arguments: [false, true])
    func damagedChunkHeaderIsCounted(keepIndex: Bool) throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        var bytes = keepIndex ? whole : Array(whole[0..<(chunks[11].offset + chunks[11].length)])
        bytes[chunks[5].offset + 10] ^= 0x40
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 11 && report.droppedChunkCount == 1 && report.overlappingChunkCount == 0)
        #expect(kept == Self.samples(samples, without: [5]))
    }

    /// A chunk of another recording that decodes but overlaps others: the repair keeps the
    /// chunks holding more samples (the stray one costs its own 30, not the 600 it overlaps;
    /// keeping the earliest start first kept it and lost all twelve).
    @Test("a stray chunk overlapping many costs the fewer samples", arguments: [30, 700])
    func strayChunk(straySamples: Int) throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        let first = try #require(samples.first?.time), last = try #require(samples.last?.time)
        let step = (last - first + 2) / Int64(straySamples - 1)
        let stray = (0..<straySamples).map { index in
            InputSample(time: first - 1 + Int64(index) * step, kind: .touch, phase: index == 0 ? .began : .moved, id: 77,
                        x: Double(index), y: 3)
        }
        let strayPath = scratch.path("stray.touchtrace")
        _ = try Samples.write(stray, to: strayPath, chunkSamples: 1000)
        let strayReader = try TraceReader(path: strayPath)
        let strayBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: strayPath)))
        #expect(strayReader.chunks.count == 1)
        let bytes = Array(whole[0..<chunks[0].offset]) + Self.bytes(of: strayReader.chunks[0], in: strayBytes)
            + Array(whole[chunks[0].offset..<(chunks[11].offset + chunks[11].length)])
        let (report, kept) = try Self.repaired(bytes, scratch)
        if straySamples < 600 {
            #expect(report.chunkCount == 12 && report.overlappingChunkCount == 1)
            #expect(kept == samples)
        } else {
            #expect(report.chunkCount == 1 && report.overlappingChunkCount == 12)
            #expect(kept == (try Samples.readAll(strayPath)))
        }
    }

    @Test("the set kept holds the most samples, then the most chunks, in time order")
    func mostSamplesWithoutOverlap() {
        func chunk(_ first: Int64, _ last: Int64, _ count: Int, _ offset: Int) -> ChunkInfo {
            ChunkInfo(offset: offset, length: 50, sampleCount: count, firstTime: first, lastTime: last)
        }
        let a = chunk(0, 10, 5, 100), b = chunk(10, 20, 5, 200), c = chunk(5, 15, 9, 300), d = chunk(20, 20, 1, 400)
        let e = chunk(20, 20, 1, 500), f = chunk(20, 30, 4, 600)
        // a + b (10 samples) beat c (9); d and e, two different chunks of one instant, both fit
        // between b and f, in file order.
        #expect(TraceReader.mostSamplesWithoutOverlap([f, e, c, b, a, d]) == [a, b, d, e, f])
        // c (9) beats a alone (5) when b is gone.
        #expect(TraceReader.mostSamplesWithoutOverlap([a, c]) == [c])
        // Equal samples: the more chunks.
        let g = chunk(0, 20, 10, 700)
        #expect(TraceReader.mostSamplesWithoutOverlap([g, a, b]) == [a, b])
        #expect(TraceReader.mostSamplesWithoutOverlap([]) == [])
    }

    /// The file bytes of `chunkCount` chunks of 20 samples, all at one instant, followed by a
    /// copy of the chunks numbered `copied`; and the samples.
    private static func instantWithCopies(_ scratch: ScratchDirectory, chunkCount: Int, copied: [Int])
        throws -> (bytes: [UInt8], samples: [InputSample]) {
        let instant = (0..<(20 * chunkCount)).map { index in
            InputSample(time: 7_000, kind: .touch, phase: index == 0 ? .began : .moved, id: 1, x: Double(index), y: 2)
        }
        let path = scratch.path("instant.touchtrace")
        _ = try Samples.write(instant, to: path, chunkSamples: 20)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = try TraceReader(path: path).chunks
        #expect(chunks.count == chunkCount)
        let last = chunks[chunkCount - 1]
        return (Array(whole[0..<(last.offset + last.length)]) + copied.flatMap { Self.bytes(of: chunks[$0], in: whole) }, instant)
    }

    /// Chunks of one instant never overlap, and a recording may hold equal ones (131 072 equal
    /// markers at one time fill eight: hostile round 6, where dropping "copies" lost seven of a
    /// valid file's eight), so every one is kept, a copy too.
    @Test("equal chunks of one instant are all kept, after the chunk or interleaved with others",
          arguments: [(2, [1]), (3, [0, 1])])
    func equalChunksOfOneInstant(chunkCount: Int, copied: [Int]) throws {
        let scratch = ScratchDirectory()
        let (bytes, instant) = try Self.instantWithCopies(scratch, chunkCount: chunkCount, copied: copied)
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == chunkCount + copied.count && report.overlappingChunkCount == 0)
        #expect(kept == instant + copied.flatMap { instant[(20 * $0)..<(20 * $0 + 20)] })
    }

    @Test("a copy of a chunk that spans time overlaps it and is left out")
    func copyOfAChunkThatSpansTime() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        let bytes = whole + Self.bytes(of: chunks[4], in: whole)
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.overlappingChunkCount == 1)
        #expect(kept == samples)
    }

    /// Hostile round 6: the start of another recording's chunk (its header intact, its payload
    /// cut) claimed bytes that held intact chunks, and the scan skipped them unseen.
    @Test("intact chunks inside the claimed length of a cut chunk are found", arguments: [false, true])
    func chunksInsideACutChunk(keepIndex: Bool) throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        // A header claiming the rest of the file and more than a chunk, its checksum holding.
        var cut = Array(whole[chunks[0].offset..<(chunks[0].offset + ContainerFormat.chunkHeaderSize)])
        Self.store(UInt32(whole.count - chunks[3].offset - 100), at: 24, in: &cut)
        Self.store(CRC32C.checksum(Array(cut[0..<36])), at: 36, in: &cut)
        let tail = keepIndex ? whole.count : chunks[11].offset + chunks[11].length
        let bytes = Array(whole[0..<chunks[2].offset]) + cut + Array(whole[chunks[2].offset..<tail])
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.droppedChunkCount == 1)
        #expect(kept == samples)
    }

    @Test("a chunk written after the index is kept; another file joined after it is not read")
    func chunksAfterTheIndex() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, chunks) = try Self.fixture(scratch)
        let later = (0..<10).map { index in
            InputSample(time: (samples.last?.time ?? 0) + 1_000 + Int64(index), kind: .touch, phase: index == 0 ? .began : .moved,
                        id: 9, x: 1, y: 1)
        }
        let laterPath = scratch.path("later.touchtrace")
        _ = try Samples.write(later, to: laterPath, chunkSamples: 100)
        let laterWhole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: laterPath)))
        let laterChunk = Self.bytes(of: try TraceReader(path: laterPath).chunks[0], in: laterWhole)
        let appended = try Self.repaired(whole + laterChunk, scratch)
        let laterSamples = try Samples.readAll(laterPath)
        #expect(appended.report.chunkCount == 13 && appended.samples == samples + laterSamples)
        // The whole of another file: its chunks may be on other quanta, so the repair stops there.
        let joined = try Self.repaired(whole + laterWhole, scratch)
        #expect(joined.report.chunkCount == 12 && joined.samples == samples)
        #expect(chunks.count == 12)
    }

    @Test("a damaged header whose metadata still reads: repair keeps every chunk with it; other readers refuse it")
    func damagedHeader() throws {
        let scratch = ScratchDirectory()
        let (samples, whole, _) = try Self.fixture(scratch)
        var bytes = whole
        // "test" → "tost" in the device name: valid JSON, valid metadata, checksum broken.
        let json = Array(#""device":"test""#.utf8)
        let at = try #require((0..<200).first { Array(bytes[$0..<($0 + json.count)]) == json })
        bytes[at + json.count - 4] = UInt8(ascii: "o")
        let path = scratch.path("header.touchtrace")
        try Data(bytes).written(to: path)
        let refusal = try #require(throws: TraceFileError.self) { try TraceReader(path: path) }
        #expect(refusal.description == "\(path) at byte 0: has a damaged header (checksum mismatch).")
        let salvaging = try TraceReader(salvaging: path)
        #expect(salvaging.headerDamage == refusal && salvaging.damage == refusal)
        #expect(salvaging.metadata.device == "tost")
        let (report, kept) = try Self.repaired(bytes, scratch)
        #expect(report.chunkCount == 12 && report.damage?.reason == refusal.reason && report.damage?.offset == 0)
        #expect(kept == samples)
        #expect(try TraceReader(path: scratch.path("repaired.touchtrace")).metadata.device == "tost")

        // Metadata that no longer reads leaves nothing to decode the chunks with: refused.
        bytes[at] = UInt8(ascii: "{")
        try Data(bytes).written(to: path)
        let broken = try #require(throws: TraceFileError.self) { try TraceReader(salvaging: path) }
        #expect(broken.offset == 0 && broken.description.hasPrefix("\(path) at byte 0: has a damaged header (checksum mismatch) whose metadata does not read either (is not valid JSON)"))
        #expect(broken.description.hasSuffix("so none can be recovered."))
        #expect(throws: refusal) { try TraceReader(path: path) }
    }

    @Test("metadata of the wrong shape is named as such, not as invalid JSON", arguments: [
        ("null", "the metadata is not an object"),
        (#"{"screen":{"width":390,"height":844}}"#, "screen.scale is missing"),
        (#"{"quanta":{"position":0.5}}"#, "quanta.radius is missing"),
        (#"{"foo":5}"#, "foo is not a string: free metadata keys hold strings"),
    ])
    func wrongShapeMetadata(json: String, reason: String) throws {
        let scratch = ScratchDirectory()
        let (_, whole, chunks) = try Self.fixture(scratch)
        var header = ContainerFormat.fileMagic + [1, 0, 0, 0]
        withUnsafeBytes(of: UInt32(json.utf8.count).littleEndian) { header += $0 }
        header += Array(json.utf8)
        withUnsafeBytes(of: CRC32C.checksum(header).littleEndian) { header += $0 }
        let path = scratch.path("shape.touchtrace")
        try Data(header + Array(whole[chunks[0].offset...])).written(to: path)
        let error = try #require(throws: TraceFileError.self) { try TraceReader(path: path) }
        #expect(error.description == "\(path) at byte 16: has metadata that the format does not allow: \(reason).")
    }

    /// The repair is a pass over the whole file (scan, decode, choice, copy): it allocates per
    /// chunk, never per sample. Counted, not timed, on a file whose writer died and one four
    /// times as long with chunks of the same size.
    @Test("the repair allocates per chunk, not per sample")
    func repairCostDoesNotGrowPerSample() throws {
        try #require(allocation_counter_is_active() != 0)
        let scratch = ScratchDirectory()
        func allocations(samples count: Int) throws -> (all: UInt64, large: UInt64, chunks: Int) {
            let path = scratch.path("long\(count).touchtrace")
            _ = try Samples.write(Samples.mixed(count: count, seed: 5), to: path, chunkSamples: 500)
            let reader = try TraceReader(path: path)
            let chunks = reader.chunks
            // Without its index, as a writer that died leaves it.
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            try whole.prefix(chunks[chunks.count - 1].offset + chunks[chunks.count - 1].length).written(to: path)
            let damaged = try TraceReader(salvaging: path)
            let before = (allocation_counter_thread_allocations(), allocation_counter_thread_large_allocations())
            let report = try damaged.repair(to: scratch.path("repaired\(count).touchtrace"))
            let after = (allocation_counter_thread_allocations(), allocation_counter_thread_large_allocations())
            #expect(report.sampleCount == count)
            return (after.0 - before.0, after.1 - before.1, chunks.count)
        }
        let short = try allocations(samples: 20_000), long = try allocations(samples: 80_000)
        let moreChunks = UInt64(long.chunks - short.chunks)
        #expect(moreChunks >= 100)
        // 60 000 more samples in 120 more chunks: about 55 allocations a chunk were measured
        // (decoding one allocates, as info's pass does), where one a sample would be 60 000.
        #expect(long.all - short.all <= 100 * moreChunks, "\(short) → \(long)")
        #expect(long.large <= short.large + 2, "\(short) → \(long)")
    }
}
