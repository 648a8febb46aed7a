import AllocationCounter
import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// A live capture writes its header with the first event, before it knows what only its end
/// tells (events held because their time stepped back): ``TraceWriter/finish(metadata:)``
/// writes the finished file anew with the final metadata (hostile report 2 bug 6).
@Suite("Finishing a trace with the metadata its end tells")
struct MetadataRewriteTests {
    static let metadata = TraceMetadata(device: "test", source: "test")

    /// Samples off the position grid, so that the quantisation error the footer keeps is not 0.
    static let samples = (0..<3000).map { index in
        InputSample(time: Int64(index) * 1_000_000, kind: .touch, phase: index == 0 ? .began : .moved, id: 1,
                    x: Double(index) / 3, y: 1.0 / 7)
    }

    /// Writes ``samples`` in chunks of 700 to `path`, finished with `final` metadata.
    static func write(to path: String, final: TraceMetadata) throws -> TraceWriter.Summary {
        var options = TraceWriter.Options()
        options.maximumChunkSamples = 700
        let writer = try TraceWriter(path: path, metadata: metadata, options: options)
        try writer.append(contentsOf: samples)
        return try writer.finish(metadata: final)
    }

    @Test("other metadata: the file is written anew with it, the chunks, samples and footer as they were")
    func changedMetadata() throws {
        let scratch = ScratchDirectory()
        let plain = try Self.write(to: scratch.path("plain.touchtrace"), final: Self.metadata)
        var final = Self.metadata
        final.extra["evdev.timeRegressions"] = "27"
        let summary = try Self.write(to: scratch.path("final.touchtrace"), final: final)
        let reader = try TraceReader(path: scratch.path("final.touchtrace"))
        #expect(reader.metadata == final)
        #expect(reader.damage == nil)
        #expect(try reader.verify().sampleCount == 3000)
        #expect(try Samples.readAll(scratch.path("final.touchtrace")) == (try Samples.readAll(scratch.path("plain.touchtrace"))))
        #expect(reader.chunks.count == 5 && summary.chunkCount == 5 && summary.sampleCount == 3000)
        #expect(summary.byteCount == reader.fileSize)
        // Only the header grew.
        let grown = try TraceLayout.encodeHeader(final).count - TraceLayout.encodeHeader(Self.metadata).count
        #expect(grown == #","evdev.timeRegressions":"27""#.utf8.count)
        #expect(summary.byteCount == plain.byteCount + grown)
        let error = try #require(reader.footer?.quantizationError)
        #expect(error == plain.quantizationError && error.position > 0)
        #expect(summary.quantizationError == plain.quantizationError)
        // The copy replaced the file: nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["final.touchtrace", "plain.touchtrace"])
    }

    @Test("the same metadata: the file is the one finish() writes")
    func sameMetadata() throws {
        let scratch = ScratchDirectory()
        _ = try Self.write(to: scratch.path("a.touchtrace"), final: Self.metadata)
        var options = TraceWriter.Options()
        options.maximumChunkSamples = 700
        let writer = try TraceWriter(path: scratch.path("b.touchtrace"), metadata: Self.metadata, options: options)
        try writer.append(contentsOf: Self.samples)
        try writer.finish()
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("a.touchtrace"))
            == (try Data(contentsOf: scratch.url.appendingPathComponent("b.touchtrace"))))
    }

    /// A rewrite that fails (here, metadata whose quanta the chunks were not encoded on; a
    /// full disk would do the same) leaves the finished file as it was, and says why: the
    /// recording is never lost for a count in its header.
    @Test("a rewrite that fails keeps the finished file and says why")
    func failedRewrite() throws {
        let scratch = ScratchDirectory()
        let plain = try Self.write(to: scratch.path("plain.touchtrace"), final: Self.metadata)
        var final = Self.metadata
        final.extra["evdev.timeRegressions"] = "27"
        final.quanta.position *= 2
        let summary = try Self.write(to: scratch.path("kept.touchtrace"), final: final)
        let why = try #require(summary.metadataNotWritten)
        #expect(why.description.contains("quanta"))
        #expect(summary.sampleCount == plain.sampleCount && summary.byteCount == plain.byteCount)
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("kept.touchtrace"))
            == (try Data(contentsOf: scratch.url.appendingPathComponent("plain.touchtrace"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["kept.touchtrace", "plain.touchtrace"])
    }

    @Test("a copy keeps the chunks' quanta, and a damaged file is left to repair")
    func copyRefusals() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("a.touchtrace")
        _ = try Self.write(to: path, final: Self.metadata)
        var coarser = Self.metadata
        coarser.quanta.position = 1.0 / 64
        let quanta = try #require(throws: TraceFileError.self) {
            try TraceReader(path: path).copy(to: scratch.path("b.touchtrace"), metadata: coarser)
        }
        #expect(quanta.description == "\(scratch.path("b.touchtrace")): cannot be written: its metadata's quanta are not those its chunks were encoded on.")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.dropLast(16).written(to: path)
        let damaged = try #require(throws: TraceFileError.self) { try TraceReader(path: path).copy(to: path, metadata: Self.metadata) }
        #expect(damaged == (try TraceReader(path: path).damage))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("b.touchtrace")))
    }

    /// The rewrite is a pass over the whole file (a recording of an hour is copied at its end),
    /// so it must cost per chunk, never per sample, and hold one chunk at a time: counted, not
    /// timed, on a trace and one four times as long with chunks of the same size.
    @Test("the copy allocates per chunk, not per sample, and no more large buffers for a longer trace")
    func copyCostDoesNotGrowPerSample() throws {
        try #require(allocation_counter_is_active() != 0)
        let scratch = ScratchDirectory()
        var final = Self.metadata
        final.extra["evdev.timeRegressions"] = "1"
        func allocations(samples count: Int) throws -> (all: UInt64, large: UInt64, smallBytes: UInt64, chunks: Int) {
            let path = scratch.path("a\(count).touchtrace")
            var options = TraceWriter.Options()
            options.maximumChunkSamples = 700
            let writer = try TraceWriter(path: path, metadata: Self.metadata, options: options)
            for start in stride(from: 0, to: count, by: 1000) {
                try writer.append(contentsOf: (start..<min(count, start + 1000)).map { index in
                    InputSample(time: Int64(index) * 1_000_000, kind: .touch, phase: index == 0 ? .began : .moved, id: 1,
                                x: Double(index % 400) / 3, y: 1.0 / 7)
                })
            }
            try writer.finish()
            let reader = try TraceReader(path: path)
            let before = (allocation_counter_thread_allocations(), allocation_counter_thread_large_allocations(),
                          allocation_counter_thread_small_bytes())
            let summary = try reader.copy(to: scratch.path("b\(count).touchtrace"), metadata: final)
            let after = (allocation_counter_thread_allocations(), allocation_counter_thread_large_allocations(),
                         allocation_counter_thread_small_bytes())
            #expect(summary.sampleCount == count)
            #expect(try TraceReader(path: scratch.path("b\(count).touchtrace")).verify().sampleCount == count)
            return (after.0 - before.0, after.1 - before.1, after.2 - before.2, reader.chunks.count)
        }
        let short = try allocations(samples: 20_000), long = try allocations(samples: 80_000)
        #expect(long.chunks >= 4 * short.chunks - 1)
        // 60 000 more samples in 86 more chunks: under one allocation a chunk was measured alone
        // (76; the index grows), 197 among the whole suite's parallel tests (the thread's count
        // then takes in the test machinery's), where one a sample would be 60 000.
        let moreChunks = UInt64(long.chunks - short.chunks)
        #expect(long.all - short.all <= 16 * moreChunks, "\(short) → \(long)")
        #expect(long.large <= short.large + 1, "\(short) → \(long)")
        #expect(long.smallBytes - short.smallBytes <= 1_024 * moreChunks, "\(short) → \(long)")
    }
}
