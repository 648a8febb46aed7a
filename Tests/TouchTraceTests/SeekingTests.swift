import Foundation
import Testing
import TouchInput
@testable import TouchTrace

@Suite("Seeking and streaming")
struct SeekingTests {
    static let windows: [(Int64, Int64)] = [
        (0, 1), (100_000_000, 250_000_000), (333_333_333, 333_333_334), (0, .max), (-5, 10), (2_000_000_000, 3_000_000_000),
    ]

    @Test("a window returns exactly its samples and decodes only the chunks it overlaps",
          arguments: windows)
    func window(from: Int64, to: Int64) throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 2000, seed: 5)
        let path = scratch.path("seek.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 100)
        let reader = try TraceReader(path: path)
        var cursor = reader.makeCursor(from: from, to: to)
        var got: [InputSample] = []
        while let sample = try cursor.next() { got.append(sample) }
        #expect(got == samples.filter { $0.time >= from && $0.time < to })
        let needed = reader.chunks.filter { $0.lastTime >= from && $0.firstTime < to }.count
        #expect(reader.chunksDecoded == needed)
    }

    @Test("batches cover the same window as single samples")
    func batches() throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 1500, seed: 9)
        let path = scratch.path("batch.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 128)
        let reader = try TraceReader(path: path)
        var cursor = reader.makeCursor(from: 200_000_000, to: 600_000_000)
        var got: [InputSample] = []
        try cursor.forEachBatch { got.append(contentsOf: $0) }
        #expect(got == samples.filter { $0.time >= 200_000_000 && $0.time < 600_000_000 })
    }

    @Test("a million samples stream through with flat memory")
    func flatMemory() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("million.touchtrace")
        let before = residentBytes()
        let writer = try TraceWriter(path: path, metadata: TraceMetadata())
        var x = 0.0
        for index in 0..<1_000_000 {
            x += 0.5
            try writer.append(InputSample(time: Int64(index) * 125_000, kind: .pointer, phase: .hoverMoved,
                                          id: UInt32(index / 10_000), x: x.truncatingRemainder(dividingBy: 1000), y: 3))
        }
        let summary = try writer.finish()
        let afterWriting = residentBytes()
        #expect(summary.sampleCount == 1_000_000)
        let reader = try TraceReader(path: path)
        var cursor = reader.makeCursor()
        var count = 0
        var last: Int64 = -1
        while let sample = try cursor.next() {
            #expect(sample.time > last)
            last = sample.time
            count += 1
        }
        let afterReading = residentBytes()
        #expect(count == 1_000_000)
        // Whole-file buffers would cost well over 100 MB (≥ 112 bytes a sample in memory);
        // one chunk of 4096 samples costs well under 1 MB.
        #expect(afterWriting - before < 24 << 20, "writing grew RSS by \(afterWriting - before) bytes")
        #expect(afterReading - before < 24 << 20, "reading grew RSS by \(afterReading - before) bytes")
    }

    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * 4096
    }
}
