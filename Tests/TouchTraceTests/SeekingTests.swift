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

    /// `forEachSample` (how `gestures` and `velocity` read a whole source) hands over the samples
    /// `nextSample()` yields, in order: over a window, over the whole file, and over what is
    /// left once some were taken one by one; a source without chunks takes the protocol's loop.
    @Test("a source's samples handed over in place are the ones it yields one by one", arguments: windows)
    func forEachSample(from: Int64, to: Int64) throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 1500, seed: 11)
        let path = scratch.path("each.touchtrace")
        _ = try Samples.write(samples, to: path, chunkSamples: 128)
        let reader = try TraceReader(path: path)
        let expected = samples.filter { $0.time >= from && $0.time < to }
        let source = TraceSampleSource(reader: reader, window: from..<to)
        var got: [InputSample] = []
        for _ in 0..<Swift.min(3, expected.count) { if let sample = try source.nextSample() { got.append(sample) } }
        try source.forEachSample { got.append($0) }
        #expect(got == expected)
        var all: [InputSample] = []
        try TraceSampleSource(reader: reader).forEachSample { all.append($0) }
        #expect(all == samples)
        var fromArray: [InputSample] = []
        try SampleArraySource(metadata: reader.metadata, samples: expected).forEachSample { fromArray.append($0) }
        #expect(fromArray == expected)
    }

    /// Runs in a child process (an exit test), so the other tests running in parallel in
    /// this process cannot move its resident memory. The child exits with 0 when writing and
    /// then reading a million samples grew its peak memory by less than 24 MB: whole-file
    /// buffers would cost well over 100 MB (≥ 112 bytes a sample in memory), one chunk of 4096
    /// samples well under 1 MB.
    @Test("a million samples stream through with flat memory")
    func flatMemory() async {
        await #expect(processExitsWith: .success) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flat-\(getpid())")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("million.touchtrace").path
            let before = SeekingTests.peakResidentBytes()
            do {
                let writer = try TraceWriter(path: path, metadata: TraceMetadata())
                var x = 0.0
                for index in 0..<1_000_000 {
                    x += 0.5
                    try writer.append(InputSample(time: Int64(index) * 125_000, kind: .pointer, phase: .hoverMoved,
                                                  id: UInt32(index / 10_000), x: x.truncatingRemainder(dividingBy: 1000), y: 3))
                }
                guard try writer.finish().sampleCount == 1_000_000 else { exit(2) }
                let reader = try TraceReader(path: path)
                var cursor = reader.makeCursor()
                var count = 0
                var last: Int64 = -1
                while let sample = try cursor.next() {
                    guard sample.time > last else { exit(3) }
                    last = sample.time
                    count += 1
                }
                guard count == 1_000_000 else { exit(4) }
            } catch {
                exit(5)
            }
            let growth = SeekingTests.peakResidentBytes() - before
            exit(growth < 24 << 20 ? 0 : 6)
        }
    }

    /// The process's peak resident memory (VmHWM), in bytes.
    static func peakResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
