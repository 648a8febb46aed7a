import AllocationCounter
import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// `convert` to an evdev text form writes through a sink that surveys the samples as they
/// arrive, parks them on disk and writes the text in a second pass (to a Chrome trace, one
/// that writes each event as it comes): the same bytes as the export of the whole array, the
/// same refusals, and memory that does not grow with the trace.
@Suite("Streamed evdev exports") struct StreamedExportTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-export-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `samples` through the sink `convert` uses; the allocations of 64 KiB and more
    /// made inside the sink's own calls.
    @discardableResult
    static func sinkExport(_ format: TraceFormat, _ metadata: TraceMetadata, _ samples: some Sequence<InputSample>,
                           to path: String) throws -> UInt64 {
        var large = allocation_counter_thread_large_allocations()
        let sink = try TraceOutput.sink(writing: .foreign(format), to: path, metadata: metadata)
        var inside = allocation_counter_thread_large_allocations() - large
        for sample in samples {
            large = allocation_counter_thread_large_allocations()
            try sink.append(sample)
            inside += allocation_counter_thread_large_allocations() - large
        }
        large = allocation_counter_thread_large_allocations()
        try sink.finishWriting()
        return inside + allocation_counter_thread_large_allocations() - large
    }

    @Test(arguments: [TraceFormat.evemu, .libinput, .getevent, .chromeTrace])
    func sinkWritesTheBytesOfTheWholeExport(format: TraceFormat) throws {
        // Fingers, a pencil that hovers, lifts and leaves, scrolls, keys and markers.
        let session = MixedSession(seed: 5, duration: 12)
        let samples = Array(session)
        #expect(Set(samples.map(\.kind)).isSuperset(of: [.touch, .pencil, .marker]))
        let whole = try TraceFormat.export(format, metadata: session.metadata, samples: samples)
        let path = Self.path("whole.\(format.rawValue)")
        defer { unlink(path) }
        try Self.sinkExport(format, session.metadata, samples, to: path)
        let streamed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(streamed.utf8.count == whole.utf8.count)
        #expect(streamed == whole)
    }

    /// A block of samples and a chunk of text: as many large allocations for 80 s as for 10 s,
    /// where a sink holding the trace doubles its array again and again. The Chrome trace was
    /// built whole until hostile report 17 (765 MB for a one-hour session).
    @Test(arguments: [TraceFormat.evemu, .libinput, .getevent, .chromeTrace])
    func largeAllocationsDoNotGrowWithTheTrace(format: TraceFormat) throws {
        try #require(allocation_counter_is_active() != 0)
        defer { for name in ["warm", "short", "long"] { unlink(Self.path("\(name).\(format.rawValue)")) } }
        // Tables built once per process (names of every kind of event) are not the trace's.
        try Self.sinkExport(format, MixedSession(seed: 23, duration: 10).metadata, MixedSession(seed: 23, duration: 10),
                            to: Self.path("warm.\(format.rawValue)"))
        let short = try Self.sinkExport(format, MixedSession(seed: 23, duration: 10).metadata, MixedSession(seed: 23, duration: 10),
                                        to: Self.path("short.\(format.rawValue)"))
        let long = try Self.sinkExport(format, MixedSession(seed: 23, duration: 80).metadata, MixedSession(seed: 23, duration: 80),
                                       to: Self.path("long.\(format.rawValue)"))
        #expect(long == short, "\(format.rawValue): \(short) → \(long) allocations of 64 KiB and more")
        #expect(short <= 8)
    }

    /// What evdev timestamps cannot express is refused when the output would be written,
    /// naming the file, and the file already there is left as it was.
    @Test(arguments: [TraceFormat.evemu, .libinput, .getevent])
    func refusalsLeaveThePreviousFile(format: TraceFormat) throws {
        let path = Self.path("keep.\(format.rawValue)")
        defer { unlink(path) }
        try "previous\n".write(toFile: path, atomically: false, encoding: .utf8)
        let metadata = TraceMetadata(device: "test", source: "test")
        let outOfOrder: [InputSample] = [
            InputSample(time: 1_000_000, kind: .touch, phase: .began, id: 1, x: 10, y: 10),
            InputSample(time: 3_000_000, kind: .touch, phase: .moved, id: 1, x: 12, y: 10),
            InputSample(time: 2_000_000, kind: .touch, phase: .ended, id: 1, x: 14, y: 10),
        ]
        #expect {
            try Self.sinkExport(format, metadata, outOfOrder, to: path)
        } throws: { error in
            guard let error = error as? TraceFileError else { return false }
            return error.path == path && error.description.contains("sample 3 is earlier than the one before it")
        }
        var negative = outOfOrder
        negative[0].time = -5
        negative[2].time = 4_000_000
        #expect(throws: TraceFileError.self) { try Self.sinkExport(format, metadata, negative, to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous\n")
    }
}
