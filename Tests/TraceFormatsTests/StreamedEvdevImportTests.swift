import AllocationCounter
import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// The getevent and libinput streams (two passes over the lines) on what they must read as
/// the whole import does, and on what they must leave to it.
@Suite("Streamed getevent and libinput imports") struct StreamedEvdevImportTests {
    typealias Streamed = (metadata: TraceMetadata, samples: [InputSample], streamed: Bool)

    static func lines(_ format: TraceFormat, seed: UInt64 = 31, seconds: Double = 6) throws -> [String] {
        let session = MixedSession(seed: seed, duration: seconds)
        let text = try TraceFormat.export(format, metadata: session.metadata, samples: Array(session))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func file(_ text: String, _ format: TraceFormat, name: String) throws -> String {
        let path = StreamedImportTests.directory.appendingPathComponent("\(name).\(format.rawValue)").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The stream's samples and metadata, or its error, beside the whole import's.
    static func compare(_ path: String, _ format: TraceFormat, expectStreamed: Bool) throws {
        let whole: ImportedTrace
        do {
            whole = try TraceFormat.importTrace(from: path, format: format)
        } catch let wholeError as TraceFormatError {
            let error = #expect(throws: TraceFormatError.self) { try StreamedImportTests.streamed(path, format) }
            #expect(error?.line == wholeError.line)
            #expect(error?.reason == wholeError.reason)
            return
        }
        let stream = try StreamedImportTests.streamed(path, format)
        #expect(stream.streamed == expectStreamed)
        #expect(stream.samples == whole.samples)
        #expect(stream.metadata == whole.metadata)
    }

    @Test(arguments: [TraceFormat.getevent, .libinput])
    func windowsLineEndingsAndAByteOrderMarkStream(format: TraceFormat) throws {
        let text = "\u{FEFF}" + (try Self.lines(format)).joined(separator: "\r\n")
        try Self.compare(try Self.file(text, format, name: "crlf"), format, expectStreamed: true)
    }

    @Test(arguments: [TraceFormat.getevent, .libinput])
    func fileCutMidLineReadsAsTheWholeImportReadsIt(format: TraceFormat) throws {
        let text = (try Self.lines(format)).joined(separator: "\n")
        let cut = String(text.utf8.prefix(text.utf8.count * 2 / 3)) ?? ""
        try Self.compare(try Self.file(cut, format, name: "cut"), format, expectStreamed: true)
    }

    /// A bad line late in the file: the first pass finds it before any sample, with the whole
    /// import's words and line (libinput leaves the file to the whole import).
    @Test(arguments: [TraceFormat.getevent, .libinput])
    func badLineLateIsTheWholeImportsError(format: TraceFormat) throws {
        var lines = try Self.lines(format)
        lines[lines.count - 5] = format == .getevent ? "[   1.000000] /dev/input/event0: EV_ABS zz" : "    - [0, 1, 2]"
        let path = try Self.file(lines.joined(separator: "\n"), format, name: "bad-late")
        #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
        try Self.compare(path, format, expectStreamed: true)
    }

    /// getevent: a second device's events interleaved (the touchscreen is still chosen by its
    /// events) and the choice by name stream; so does the log without TouchBench's metadata
    /// (a device's own capture), its metadata found by decoding the spooled events once.
    @Test func geteventWithTwoDevicesAndWithoutMetadata() throws {
        var lines = try Self.lines(.getevent)
        var index = lines.firstIndex { $0.hasPrefix("[") } ?? 0
        var inserted = 0
        while index < lines.count, inserted < 40 {
            if lines[index].hasPrefix("["), index % 7 == 0 {
                lines.insert("[       0.000001] /dev/input/event5: EV_KEY       KEY_A                DOWN", at: index)
                inserted += 1
                index += 1
            }
            index += 1
        }
        #expect(inserted == 40)
        let twoDevices = try Self.file(lines.joined(separator: "\n"), .getevent, name: "two-devices")
        try Self.compare(twoDevices, .getevent, expectStreamed: true)
        // A device's own capture (none of TouchBench's comments) streams too; TouchBench's
        // markers or mapping without its metadata are imported whole.
        let capture = lines.filter { !$0.hasPrefix("# TouchBench") }.joined(separator: "\n")
        try Self.compare(try Self.file(capture, .getevent, name: "capture"), .getevent, expectStreamed: true)
        #expect(lines.contains { $0.hasPrefix("# TouchBench-marker: ") })
        let markersOnly = lines.filter { !$0.hasPrefix("# TouchBench: ") }.joined(separator: "\n")
        try Self.compare(try Self.file(markersOnly, .getevent, name: "markers-only"), .getevent, expectStreamed: false)
    }

    /// libinput: a blank line, a comment (which `libinput record` writes among the events), a
    /// `libinput` entry (`--with-libinput`, skipped by both imports) and an extra frame stream;
    /// what they may not hold is in ``StreamedDeviceRecordingTests``.
    @Test(arguments: ["", "  # a comment", "  - libinput:\n    - {time: 0.0, type: POINTER_MOTION}", "  - evdev:\n    - [0, 0, 0, 0, 0]"])
    func libinputBeyondTheWrittenLayoutStreams(extra: String) throws {
        var lines = try Self.lines(.libinput)
        let at = (lines.lastIndex { $0 == "  - evdev:" } ?? 1)
        lines.insert(extra, at: at)
        let path = try Self.file(lines.joined(separator: "\n"), .libinput, name: "beyond-\(extra.count)")
        try Self.compare(path, .libinput, expectStreamed: true)
    }

    /// Equal timestamps, values at the edges of their types: the same samples either way.
    @Test func equalTimesAndExtremeValues() throws {
        var lines = try Self.lines(.getevent)
        for index in lines.indices where lines[index].contains("ABS_MT_PRESSURE") && index % 3 == 0 {
            lines[index] = lines[index].replacingOccurrences(of: #"[0-9a-f]{8}$"#, with: "7fffffff", options: .regularExpression)
        }
        if let first = lines.firstIndex(where: { $0.hasPrefix("[") }), let stamp = lines[first].split(separator: "]").first {
            for index in first..<min(first + 60, lines.count) where lines[index].hasPrefix("[") {
                lines[index] = String(stamp) + "]" + (lines[index].split(separator: "]", maxSplits: 1).last ?? "")
            }
        }
        try Self.compare(try Self.file(lines.joined(separator: "\n"), .getevent, name: "extremes"), .getevent, expectStreamed: true)
    }

    /// An `# EVEMU` version comment after the first event (fuzz finding: the whole import took
    /// the last one, the stream the header's): the header's version, streamed or whole.
    @Test(arguments: ["# EVEMU 1.3", "# EVEMU 80562", "  # EVEMU 9"])
    func aLateVersionCommentIsIgnored(late: String) throws {
        var lines = try Self.lines(.evemu).filter { !$0.hasPrefix("# TouchBench") }
        let header = try #require(lines.firstIndex { $0.hasPrefix("# EVEMU ") })
        lines[header] = "# EVEMU 1.2"
        let event = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        lines.insert(late, at: event + 7)
        let path = try Self.file(lines.joined(separator: "\n"), .evemu, name: "late-version-\(late.count)")
        try Self.compare(path, .evemu, expectStreamed: true)
        #expect(try TraceFormat.importTrace(from: path, format: .evemu).metadata.extra["evemu.version"] == "1.2")
    }

    /// A device's own capture (getevent; evemu-record, with its description; libinput record)
    /// of 10 and of 80 seconds: streamed, with as many allocations of 64 KiB and more (the read
    /// and spool buffers) for the long one as for the short one.
    @Test(arguments: [TraceFormat.getevent, .evemu, .libinput])
    func aDevicesOwnCaptureStreamsInBoundedMemory(format: TraceFormat) throws {
        try #require(allocation_counter_is_active() != 0)
        func large(_ seconds: Double) throws -> UInt64 {
            let text = try Self.lines(format, seconds: seconds).filter { !$0.hasPrefix("# TouchBench") }.joined(separator: "\n")
            return try Self.largeAllocations(streaming: try Self.file(text, format, name: "capture-\(Int(seconds))"), format)
        }
        let short = try large(10), long = try large(80)
        #expect(long == short, "\(format.rawValue): \(short) → \(long) allocations of 64 KiB and more")
    }

    /// The allocations of 64 KiB and more made while `path` is opened and read to its end,
    /// checking that it streamed (more than 1000 samples, not an array of the whole import).
    static func largeAllocations(streaming path: String, _ format: TraceFormat) throws -> UInt64 {
        let start = allocation_counter_thread_large_allocations()
        let input = try TraceInput(path: path, form: .foreign(format))
        var count = 0
        while try input.source.nextSample() != nil { count += 1 }
        #expect(count > 1000)
        #expect(!(input.source is SampleArraySource))
        return allocation_counter_thread_large_allocations() - start
    }
}
