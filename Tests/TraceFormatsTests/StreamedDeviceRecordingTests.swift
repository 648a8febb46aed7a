import AllocationCounter
import Foundation
import Testing
import TestSupport
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// Issue 16: evemu events whose device is described in a separate `.desc`, and libinput
/// recordings without TouchBench's metadata comment (a device's own capture), stream as the
/// whole import reads them: the same samples, metadata and errors, in memory that does not
/// grow with the file.
@Suite("Streamed evemu with a .desc and libinput recordings of a device") struct StreamedDeviceRecordingTests {
    /// A folder of its own, so that no other test's `.desc` is found beside these recordings.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-device-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    typealias Streamed = (metadata: TraceMetadata, samples: [InputSample], streamed: Bool, heldBack: Int, cut: Int?)

    /// Every sample through `TraceInput`, whether it streamed, and what it reports at the end.
    static func streamed(_ path: String, _ format: TraceFormat, options: ImportOptions = ImportOptions()) throws -> Streamed {
        let input = try TraceInput(path: path, form: .foreign(format), options: options)
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        return (input.metadata, samples, !(input.source is SampleArraySource), input.heldBackEvents, input.cutLineDamage?.line)
    }

    /// The stream beside the whole import: the same samples, metadata and report, or the same
    /// error (words and line).
    static func compare(_ path: String, _ format: TraceFormat, options: ImportOptions = ImportOptions(), streams: Bool,
                        _ comment: Comment? = nil) throws {
        let whole: ImportedTrace
        do {
            whole = try TraceFormat.importTrace(from: path, format: format, options: options)
        } catch let wholeError as TraceFormatError {
            // Found before the first sample (a whole import's error), or when the stream reaches it.
            let error = #expect(throws: (any Error).self, comment) { try Self.streamed(path, format, options: options) }
            let place: (path: String?, line: Int?, reason: String)? = switch error {
            case let error as TraceFormatError: (error.path, error.line, error.reason)
            case let error as TraceFileError: (error.path, error.line, error.reason + ".")
            default: nil
            }
            #expect(place?.path == wholeError.path, comment)
            #expect(place?.line == wholeError.line, comment)
            #expect(place?.reason == wholeError.reason, comment)
            return
        }
        let stream = try Self.streamed(path, format, options: options)
        #expect(stream.streamed == streams, comment)
        #expect(stream.samples == whole.samples, comment)
        #expect(stream.metadata == whole.metadata, comment)
        #expect(stream.heldBack == whole.heldBackEvents, comment)
        #expect(stream.cut == whole.cutLine, comment)
    }

    static func lines(_ format: TraceFormat, metadata: TraceMetadata, samples: [InputSample]) throws -> [String] {
        try TraceFormat.export(format, metadata: metadata, samples: samples).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func session(_ format: TraceFormat, seconds: Double, seed: UInt64 = 37) throws -> [String] {
        let session = MixedSession(seed: seed, duration: seconds)
        return try lines(format, metadata: session.metadata, samples: Array(session))
    }

    static func write(_ lines: [String], _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func isDescription(_ line: String) -> Bool {
        line.count >= 2 && "NIPBA".contains(line.first ?? " ") && line.dropFirst().first == ":"
    }

    /// An evemu recording split as evemu-describe and evemu-record write a capture: the
    /// description lines in `NAME.desc`, the rest in `NAME.PART.events`; the events' path.
    static func split(_ lines: [String], name: String, part: String = "recording") throws -> String {
        _ = try write(lines.filter(isDescription), "\(name).desc")
        return try write(lines.filter { !isDescription($0) }, "\(name).\(part).events")
    }

    static func withoutTouchBenchComments(_ lines: [String]) -> [String] { lines.filter { !$0.hasPrefix("# TouchBench") } }

    /// A bundled trace's metadata and samples.
    static func bundled(_ trace: String) throws -> (metadata: TraceMetadata, samples: [InputSample]) {
        let input = try TraceInput(path: Golden.packageRoot.appendingPathComponent("Traces/\(trace).touchtrace").path)
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        return (input.metadata, samples)
    }

    @Test("every bundled trace streams back from an evemu .desc split and a libinput recording without TouchBench's metadata",
          arguments: Golden.corpusTraces)
    func corpusInTheShapesOfADevicesCapture(trace: String) throws {
        let (metadata, samples) = try Self.bundled(trace)
        let evemu = try Self.lines(.evemu, metadata: metadata, samples: samples)
        // As TouchBench writes it, its comments among the events; as a device records it.
        try Self.compare(try Self.split(evemu, name: "corpus-\(trace)"), .evemu, streams: true, "\(trace): .desc")
        let own = Self.withoutTouchBenchComments(evemu)
        try Self.compare(try Self.split(own, name: "corpus-own-\(trace)"), .evemu, streams: true, "\(trace): .desc, own")
        let libinput = try Self.lines(.libinput, metadata: metadata, samples: samples)
        let markersOnly = libinput.filter { !$0.hasPrefix("# TouchBench: ") }
        #expect(markersOnly.count == libinput.count - 1)
        try Self.compare(try Self.write(markersOnly, "corpus-\(trace).yml"), .libinput, streams: true, "\(trace): libinput")
        let bare = Self.withoutTouchBenchComments(libinput)
        try Self.compare(try Self.write(bare, "corpus-own-\(trace).yml"), .libinput, streams: true, "\(trace): libinput, own")
    }

    /// The `.desc` given (`convert --desc`) streams under any name; without one found beside
    /// it the device is what the events show, streamed too; a recording's own description
    /// wins over a `.desc`, and a partial one beside a `.desc` is the whole import's error.
    @Test func theDescriptionIsFoundAsTheWholeImportFindsIt() throws {
        let lines = try Self.session(.evemu, seconds: 4)
        let own = Self.withoutTouchBenchComments(lines)
        let events = try Self.split(own, name: "found")
        let whole = try TraceFormat.importTrace(from: events, format: .evemu)
        #expect(whole.metadata.extra["evemu.description"] == "found.desc")
        #expect(whole.metadata.extra["evdev.description"] == "declared")

        let elsewhere = try Self.write(own.filter(Self.isDescription), "elsewhere.description")
        let alone = try Self.write(own.filter { !Self.isDescription($0) }, "alone.events")
        try Self.compare(alone, .evemu, options: ImportOptions(descriptionPath: elsewhere), streams: true, "--desc")
        try Self.compare(alone, .evemu, streams: true, "no .desc: an observed device (StreamedObservedImportTests)")

        // A recording describing itself keeps its description, streamed as before.
        try Self.compare(try Self.write(own, "found.whole.events"), .evemu, streams: true, "own description beside a .desc")
        var partial = own.filter { !Self.isDescription($0) }
        partial.insert("N: a name alone", at: 1)
        let partialPath = try Self.write(partial, "found.partial.events")
        #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: partialPath, format: .evemu) }
        try Self.compare(partialPath, .evemu, streams: false, "partial description beside a .desc")
    }

    /// A malformed event line late in the recording: a stream that states its metadata reports
    /// it when it reaches it, after samples, naming the recording and the same line; a device's
    /// own recording (its metadata found first) is read whole at that error, as before. A bad
    /// line in the `.desc` names the `.desc` and its line. libinput: the whole import's error.
    @Test func aBadLineIsTheWholeImportsErrorAtTheSameLine() throws {
        var lines = try Self.session(.evemu, seconds: 5)
        let bad = lines.count - 10
        lines[bad] = "E: 1.000000 0003 zz 0001"
        for (name, recording) in [("bad", lines), ("bad-own", Self.withoutTouchBenchComments(lines))] {
            let events = try Self.split(recording, name: name)
            let line = (recording.filter { !Self.isDescription($0) }.firstIndex(of: lines[bad]) ?? -1) + 1
            let whole = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: events, format: .evemu) }
            #expect(whole?.line == line)
            try Self.compare(events, .evemu, streams: true, "\(name)")
            guard name == "bad" else { continue }
            let input = try TraceInput(path: events, form: .foreign(.evemu))
            var count = 0
            let error = #expect(throws: TraceFileError.self) { while try input.source.nextSample() != nil { count += 1 } }
            #expect(count > 1000, "the error arrives after the first samples")
            #expect(error?.line == line)
            #expect(error?.kind == .malformed)
            #expect(error?.path == events)
            #expect(error.map { whole?.reason.hasPrefix($0.reason) ?? false } == true, "\(String(describing: error))")
        }
        var description = lines.filter(Self.isDescription)
        description.insert("A: zz 0 1 0 0 0", at: 3)
        let descPath = try Self.write(description, "bad-desc.desc")
        let events = try Self.write(Self.withoutTouchBenchComments(lines.filter { !Self.isDescription($0) }), "bad-desc.recording.events")
        let whole = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: events, format: .evemu) }
        #expect(whole?.line == 4)
        #expect(whole?.path == descPath)
        try Self.compare(events, .evemu, streams: true, ".desc with a bad line")

        var libinput = Self.withoutTouchBenchComments(try Self.session(.libinput, seconds: 5))
        libinput[libinput.count - 5] = "    - [0, 1, 2]"
        let yml = try Self.write(libinput, "bad-own.yml")
        #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: yml, format: .libinput) }
        try Self.compare(yml, .libinput, streams: true, "libinput")
    }

    /// libinput without TouchBench's metadata keeps the rule of the layout: anything beyond
    /// frames, kernel events, comments and `libinput` or `hid` entries after `events:` is
    /// imported whole; CR LF and a cut last line stream.
    @Test func libinputOfADeviceOutsideTheLayoutIsImportedWhole() throws {
        let own = Self.withoutTouchBenchComments(try Self.session(.libinput, seconds: 6))
        let at = own.lastIndex { $0 == "  - evdev:" } ?? 1
        // `libinput record` writes the wall-clock time among the events now and then: a comment the stream skips.
        let inserted: [(lines: [String], name: String, streams: Bool)] = [
            (["  # Current time is 12:00:00", "", "", "    # a comment between two events of a frame"], "comments among the events", true),
            (["  # TouchBench-marker: 1500000000 among the events"], "a marker among the events", true),
            (["\t# a comment indented by a tab"], "a comment indented by a tab", false),
            (["  # TouchBench-marker: soon"], "a malformed marker", false),
            // `--with-libinput` and `--with-hidraw` entries, skipped by both imports.
            (["  - libinput:\n    - {time: 0.0, type: POINTER_MOTION}"], "a libinput entry", true),
            (["  - hid:\n      time: [  0, 123456]\n      hidraw: 0\n      data: [ 0x01, 0xff ]"], "a hid entry", true),
            (["  - libinput:\n    - [0, 1, 3, 53, 7]\n    - [0, 1, 0, 0, 0]"], "events in a libinput entry", true),
            (["  - libinput:"], "an empty libinput entry", true),
            // Entries the whole import reads (an `evdev` key: its events) or refuses.
            (["  - libinput:\n    - {time: 0.1}\n    evdev:\n    - [0, 1, 3, 53, 7]\n    - [0, 1, 0, 0, 0]"], "an evdev key in an entry", false),
            (["  - libinput:\n    - {time: 0.1, type: X"], "an unclosed flow mapping", false),
            (["  - hid:\n      time: 1\n      time: 2"], "a key twice", false),
            (["  - libinput:\n    - {time: 0.1}\n  foo: bar"], "a line indented less", false),
            (["  - libinput:\n" + (0..<70).map { String(repeating: "  ", count: $0 + 2) + "k\($0):" }.joined(separator: "\n")],
             "an entry nested too deeply", false),
        ]
        for (index, shape) in inserted.enumerated() {
            var lines = own
            // Empty strings keep places: the second comment goes between events of the frame.
            for (offset, line) in shape.lines.enumerated() where !line.isEmpty { lines.insert(line, at: at + offset) }
            try Self.compare(try Self.write(lines, "own-inserted-\(index).yml"), .libinput, streams: shape.streams, "\(shape.name)")
        }
        let crlf = "\u{FEFF}" + own.joined(separator: "\r\n")
        let crlfPath = Self.directory.appendingPathComponent("own-crlf.yml").path
        try crlf.write(toFile: crlfPath, atomically: false, encoding: .utf8)
        try Self.compare(crlfPath, .libinput, streams: true, "CR LF")
        let text = own.joined(separator: "\n")
        let cutPath = Self.directory.appendingPathComponent("own-cut.yml").path
        try (String(text.utf8.prefix(text.utf8.count * 2 / 3)) ?? "").write(toFile: cutPath, atomically: false, encoding: .utf8)
        try Self.compare(cutPath, .libinput, streams: true, "cut")
    }

    /// A device's own recordings (evemu events with a `.desc`, with and without TouchBench's
    /// comments; libinput without its metadata) of 10 and of 80 seconds: streamed, with as many
    /// allocations of 64 KiB and more (the read and spool buffers) for the long one as for the short one.
    @Test(arguments: ["evemu-desc", "evemu-desc-own", "libinput-own"])
    func aDevicesCaptureStreamsInBoundedMemory(shape: String) throws {
        try #require(allocation_counter_is_active() != 0)
        let format: TraceFormat = shape.hasPrefix("evemu") ? .evemu : .libinput
        func large(_ seconds: Double) throws -> UInt64 {
            let lines = try Self.session(format, seconds: seconds)
            let path = switch shape {
            case "evemu-desc": try Self.split(lines, name: "memory-\(shape)-\(Int(seconds))")
            case "evemu-desc-own": try Self.split(Self.withoutTouchBenchComments(lines), name: "memory-\(shape)-\(Int(seconds))")
            default: try Self.write(lines.filter { !$0.hasPrefix("# TouchBench: ") }, "memory-\(shape)-\(Int(seconds)).yml")
            }
            return try StreamedEvdevImportTests.largeAllocations(streaming: path, format)
        }
        let short = try large(10), long = try large(80)
        #expect(long == short, "\(shape): \(short) → \(long) allocations of 64 KiB and more")
        #expect(short <= 8, "\(shape): \(short) allocations of 64 KiB and more")
    }
}
