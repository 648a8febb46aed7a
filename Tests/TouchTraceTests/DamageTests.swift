import Foundation
import Testing
import TouchInput
@testable import TouchTrace

@Suite("Damaged, truncated and hostile files")
struct DamageTests {
    /// A trace of about a dozen chunks, its bytes and its chunk table.
    private static func fixture(_ scratch: ScratchDirectory) throws -> (samples: [InputSample], bytes: [UInt8], chunks: [ChunkInfo], dataStart: Int) {
        let samples = Samples.mixed(count: 600, seed: 3)
        let path = scratch.path("whole.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 50)
        let reader = try TraceReader(path: path)
        return (samples, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), reader.chunks, reader.dataStart)
    }

    @Test("a file cut at any byte after its header fails verify naming an offset; repair keeps exactly the complete chunks")
    func truncation() throws {
        let scratch = ScratchDirectory()
        let (samples, bytes, chunks, dataStart) = try Self.fixture(scratch)
        #expect(chunks.count == 12)
        let cut = scratch.path("cut.touchtrace")
        let repaired = scratch.path("repaired.touchtrace")
        for length in dataStart..<bytes.count {
            try Data(bytes[0..<length]).written(to: cut)
            let reader = try TraceReader(path: cut)
            #expect(throws: TraceFileError.self) { try reader.verify() }
            let damage = try #require(reader.damage)
            #expect(damage.kind == .malformed)
            #expect(damage.offset != nil)
            let complete = chunks.filter { $0.offset + $0.length <= length }
            #expect(reader.chunks == complete, "cut at \(length)")
            guard length % 5 == 0 || length == bytes.count - 1 else { continue }
            let report = try reader.repair(to: repaired)
            #expect(report.chunkCount == complete.count)
            let expected = Array(samples.prefix(complete.reduce(0) { $0 + $1.sampleCount }))
            #expect(try Samples.readAll(repaired) == expected)
            #expect(try TraceReader(path: repaired).verify().sampleCount == expected.count)
        }
    }

    @Test("any single flipped byte is detected and never decoded as data")
    func flippedBytes() throws {
        let scratch = ScratchDirectory()
        let (samples, bytes, _, _) = try Self.fixture(scratch)
        let path = scratch.path("flipped.touchtrace")
        var random = TestRandom(seed: 11)
        // Looked up in a set: a scan of the 600 samples per sample read was most of the test's time.
        let truth = Set(samples)
        for position in 0..<bytes.count {
            var damaged = bytes
            damaged[position] ^= UInt8(1 + random.below(255))
            try Data(damaged).written(to: path)
            let problem = Self.verificationProblem(path)
            #expect(problem?.kind == .malformed, "byte \(position): \(String(describing: problem))")
            // Whatever a damaged file still yields must be true samples, never garbage.
            if position % 17 == 0 {
                #expect(Self.readableSamples(path).allSatisfy { truth.contains($0) })
            }
        }
    }

    private static func verificationProblem(_ path: String) -> TraceFileError? {
        do {
            let reader = try TraceReader(path: path)
            _ = try reader.verify()
            return nil
        } catch {
            return error
        }
    }

    private static func readableSamples(_ path: String) -> [InputSample] {
        guard let reader = try? TraceReader(path: path) else { return [] }
        var good: [InputSample] = []
        for index in reader.chunks.indices {
            if let chunk = try? reader.samples(inChunk: index) { good.append(contentsOf: chunk) }
        }
        return good
    }

    @Test("repair skips a damaged middle chunk and keeps the ones after it")
    func repairAroundDamage() throws {
        let scratch = ScratchDirectory()
        let (samples, bytes, chunks, _) = try Self.fixture(scratch)
        var damaged = bytes
        damaged[chunks[5].offset + 60] ^= 0x40
        // Drop the index too, so the recovery scan must resynchronise past the damage.
        let path = scratch.path("holed.touchtrace")
        try Data(damaged[0..<(chunks[11].offset + chunks[11].length)]).written(to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.count == 11)
        #expect(reader.damage?.offset == chunks[5].offset)
        let promised = try reader.recoverable()
        let report = try reader.repair(to: scratch.path("fixed.touchtrace"))
        #expect(promised.chunkCount == report.chunkCount && promised.sampleCount == report.sampleCount)
        let expected = samples.enumerated().filter { $0.offset / 50 != 5 }.map(\.element)
        #expect(try Samples.readAll(scratch.path("fixed.touchtrace")) == expected)
    }

    /// A damaged chunk the index still lists: verify promised every listed chunk, but repair
    /// leaves the damaged one out; what it promises (``TraceReader/recoverable()``) is now
    /// what repair keeps.
    @Test func verifyPromisesWhatRepairKeeps() throws {
        let scratch = ScratchDirectory()
        let (samples, bytes, chunks, _) = try Self.fixture(scratch)
        var damaged = bytes
        damaged[chunks[5].offset + 60] ^= 0x40
        let path = scratch.path("damaged.touchtrace")
        try Data(damaged).written(to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.count == 12)
        #expect(throws: TraceFileError.self) { try reader.verify() }
        let promised = try reader.recoverable()
        let report = try reader.repair(to: scratch.path("fixed.touchtrace"))
        #expect(promised.chunkCount == 11 && promised.sampleCount == 550)
        #expect(report.chunkCount == 11 && report.sampleCount == 550 && report.droppedChunkCount == 1)
        #expect(try Samples.readAll(scratch.path("fixed.touchtrace")) == samples.enumerated().filter { $0.offset / 50 != 5 }.map(\.element))
    }

    @Test("hostile headers are refused with a sentence, not a crash or a huge allocation")
    func hostile() throws {
        let scratch = ScratchDirectory()
        let (_, bytes, chunks, dataStart) = try Self.fixture(scratch)
        let path = scratch.path("hostile.touchtrace")
        func expectMalformed(_ data: [UInt8], _ note: Comment) throws {
            try Data(data).written(to: path)
            let problem = Self.verificationProblem(path)
            #expect(problem?.kind == .malformed, note)
            #expect(problem?.description.hasPrefix(path) == true, note)
        }
        try expectMalformed([], "empty file")
        try expectMalformed(Array("{\"t\":0,\"kind\":\"touch\"}\n".utf8), "JSON Lines fed as a trace")
        var wrongMagic = bytes
        wrongMagic[1] = 0
        try expectMalformed(wrongMagic, "wrong magic")
        var hugeMetadata = Array(bytes[0..<16])
        hugeMetadata[12] = 0xFF; hugeMetadata[13] = 0xFF; hugeMetadata[14] = 0xFF; hugeMetadata[15] = 0x7F
        try expectMalformed(hugeMetadata + [UInt8](repeating: 0, count: 100), "metadata length past the end")
        // A chunk header forged with a valid checksum but absurd counts and sizes.
        for (count, compressed, raw) in [(UInt32.max, UInt32(10), UInt32(10)), (10, UInt32.max, 10), (10, 10, UInt32.max), (0, 10, 10)] {
            var header: [UInt8] = []
            header.appendLittleEndian(ContainerFormat.chunkMagic)
            header.appendLittleEndian(count)
            header.appendLittleEndian(Int64(0))
            header.appendLittleEndian(Int64(1))
            header.appendLittleEndian(compressed)
            header.appendLittleEndian(raw)
            header.appendLittleEndian(UInt32(0))
            header.appendLittleEndian(CRC32C.checksum(header))
            try expectMalformed(Array(bytes[0..<dataStart]) + header + [UInt8](repeating: 7, count: 64), "forged chunk \(count) \(compressed) \(raw)")
        }
        // A zero-length chunk: a header with nothing after it.
        try expectMalformed(Array(bytes[0..<(chunks[0].offset + ContainerFormat.chunkHeaderSize)]), "zero-length chunk")
        // An index that claims millions of entries.
        let indexOffset = chunks[11].offset + chunks[11].length
        var bigIndex = bytes
        bigIndex[indexOffset + 4] = 0xFF; bigIndex[indexOffset + 5] = 0xFF; bigIndex[indexOffset + 6] = 0xFF
        try expectMalformed(bigIndex, "index count")
    }

    @Test("a payload that passes its checksum but lies about its contents is refused")
    func forgedPayload() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("forged.touchtrace")
        let header = try TraceLayout.encodeHeader(TraceMetadata())
        for payload: [UInt8] in [[20] + [UInt8](repeating: 0, count: 20), [3, 1, 1, 1, 0, 0, 0], [20] + [UInt8](repeating: 200, count: 30)] {
            var compressed: [UInt8] = []
            let size = try ZstdCompressor().compress(payload, into: &compressed)
            compressed.removeLast(compressed.count - size)
            let chunk = ChunkHeader(sampleCount: 5, firstTime: 0, lastTime: 100, compressedSize: compressed.count,
                                    rawSize: payload.count, payloadChecksum: CRC32C.checksum(compressed))
            try Data(header + chunk.encoded() + compressed).written(to: path)
            let reader = try TraceReader(path: path)
            #expect(reader.chunks.count == 1)
            #expect(throws: TraceFileError.self) { try reader.samples(inChunk: 0) }
        }
    }
}
