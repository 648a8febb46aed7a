import AllocationCounter
import Foundation
import Testing
import TestSupport
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// evemu recordings, getevent logs and libinput recordings TouchBench wrote and CSV files with
/// a phase column are read as streams (`TraceInput` decodes them line by line): the same
/// samples and metadata as the whole import, the same errors at the same lines, and memory
/// that does not grow with the file.
@Suite("Streamed text imports") struct StreamedImportTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-import-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func write(_ format: TraceFormat, _ metadata: TraceMetadata, _ samples: [InputSample], name: String) throws -> String {
        let path = directory.appendingPathComponent("\(name).\(format.rawValue)").path
        try TraceFormat.export(format, metadata: metadata, samples: samples, to: path)
        return path
    }

    static func mixed(_ format: TraceFormat, seconds: Double, name: String) throws -> String {
        let session = MixedSession(seed: 23, duration: seconds)
        return try write(format, session.metadata, Array(session), name: name)
    }

    /// Every sample of `path` through `TraceInput`, and whether it streamed.
    static func streamed(_ path: String, _ format: TraceFormat) throws -> (metadata: TraceMetadata, samples: [InputSample], streamed: Bool) {
        let input = try TraceInput(path: path, form: .foreign(format))
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        return (input.metadata, samples, !(input.source is SampleArraySource))
    }

    static let streamedForms: [TraceFormat] = [.evemu, .csv, .getevent, .libinput]

    @Test(arguments: streamedForms)
    func streamReadsWhatTheWholeImportReads(format: TraceFormat) throws {
        let path = try Self.mixed(format, seconds: 40, name: "mixed-\(format.rawValue)")
        let whole = try TraceFormat.importTrace(from: path, format: format)
        let stream = try Self.streamed(path, format)
        #expect(stream.streamed)
        #expect(whole.samples.count > 10_000)
        #expect(whole.samples.contains { $0.kind == .marker })
        #expect(stream.samples == whole.samples)
        #expect(stream.metadata == whole.metadata)
    }

    @Test("every bundled trace streams back from evemu, getevent and libinput as the whole import reads it", arguments: Golden.corpusTraces)
    func corpusThroughEvdevForms(trace: String) throws {
        let input = try TraceInput(path: Golden.packageRoot.appendingPathComponent("Traces/\(trace).touchtrace").path)
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        for format in [TraceFormat.evemu, .getevent, .libinput] {
            let path = try Self.write(format, input.metadata, samples, name: "corpus-\(trace)")
            let whole = try TraceFormat.importTrace(from: path, format: format)
            let stream = try Self.streamed(path, format)
            #expect(stream.streamed, "\(format.rawValue)")
            #expect(stream.samples == whole.samples, "\(format.rawValue)")
            #expect(stream.metadata == whole.metadata, "\(format.rawValue)")
        }
    }

    /// A marker whose comment comes after later events (microsecond rounding puts a marker
    /// written after a frame before it) goes where the whole import puts it.
    @Test func markersOutOfFileOrderGoWhereTheWholeImportPutsThem() throws {
        let session = MixedSession(seed: 5, duration: 10)
        let path = try Self.write(.evemu, session.metadata, Array(session), name: "markers")
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Move every marker comment five event lines further down and one ahead in time.
        var index = 0
        var moved = 0
        while index < lines.count - 6 {
            if lines[index].hasPrefix("# TouchBench-marker: ") {
                let line = lines.remove(at: index)
                lines.insert(line, at: index + 5)
                moved += 1
                index += 6
            } else {
                index += 1
            }
        }
        #expect(moved > 3)
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let whole = try TraceFormat.importTrace(from: path, format: .evemu)
        let stream = try Self.streamed(path, .evemu)
        #expect(stream.streamed)
        #expect(stream.samples == whole.samples)
    }

    @Test func malformedLineAfterSamplesIsAnErrorNamingIt() throws {
        for format in [TraceFormat.evemu, .csv] {
            let path = try Self.mixed(format, seconds: 5, name: "bad-\(format.rawValue)")
            var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let bad = lines.count - 10
            lines[bad] = format == .evemu ? "E: 1.000000 0003 zz 0001" : "1,touch,moved,1,x,2"
            try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
            let whole = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
            let streamed = #expect(throws: TraceFileError.self) { try Self.streamed(path, format) }
            #expect(whole?.line == bad + 1)
            #expect(streamed?.line == bad + 1, "\(format.rawValue): \(String(describing: streamed))")
            #expect(streamed?.kind == .malformed)
            #expect(streamed.map { whole?.reason.hasPrefix($0.reason) ?? false } == true)
        }
    }

    @Test func descriptionAfterTheEventsIsRefusedByTheStream() throws {
        let path = try Self.mixed(.evemu, seconds: 3, name: "late-description")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text += "A: 28 0 255 0 0 0\n"   // ABS_MISC, an axis the description does not declare
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let error = #expect(throws: TraceFileError.self) { try Self.streamed(path, .evemu) }
        #expect(error?.reason.contains("before the events") == true)
    }

    @Test func csvWithoutPhasesStreamsInTwoPasses() throws {
        let csv = Self.directory.appendingPathComponent("no-phase.csv").path
        try "t,kind,id,x,y\n0,touch,1,1,1\n1000,touch,1,2,2\n".write(toFile: csv, atomically: false, encoding: .utf8)
        let fromCSV = try Self.streamed(csv, .csv)
        #expect(fromCSV.streamed)
        #expect(fromCSV.samples.map(\.phase) == [.began, .ended])
    }

    /// The mixed session as a CSV without a phase column (keys left out: they need one),
    /// ending in a one-row pencil and touch; its path and row count.
    static func phaselessCSV(seconds: Double, name: String) throws -> (path: String, rows: Int) {
        let session = MixedSession(seed: 29, duration: seconds)
        var text = "t,kind,id,x,y,dx,dy,key,label\n"
        var rows = 0
        for sample in session {
            switch sample.kind {
            case .touch, .pencil, .pointer:
                text += "\(sample.time),\(sample.kind.name),\(sample.id),\(sample.x),\(sample.y),,,,\n"
            case .scroll: text += "\(sample.time),scroll,,,,\(sample.scrollDelta?.dx ?? 0),\(sample.scrollDelta?.dy ?? 0),,\n"
            case .key: continue
            case .marker: text += "\(sample.time),marker,,,,,,,\(sample.label ?? "")\n"
            }
            rows += 1
        }
        let end = session.map(\.time).max() ?? 0
        text += "\(end),pencil,1,5,5,,,,\n" + "\(end),touch,77,5,5,,,,\n"
        let csv = directory.appendingPathComponent("\(name).csv").path
        try text.write(toFile: csv, atomically: false, encoding: .utf8)
        return (csv, rows)
    }

    /// Issue 16: a CSV without a phase column was imported whole (its contacts' last rows are
    /// known only at the end); it now streams through a scratch file, with the whole import's
    /// phases: a contact of one row begins, ids in either kind are separate, a reused id is one
    /// contact from its first row to its last.
    @Test func csvWithoutPhasesReadsWhatTheWholeImportReads() throws {
        let (csv, rows) = try Self.phaselessCSV(seconds: 30, name: "no-phase-mixed")
        let whole = try TraceFormat.importTrace(from: csv, format: .csv)
        let stream = try Self.streamed(csv, .csv)
        #expect(stream.streamed)
        #expect(whole.samples.count == rows + 2)
        #expect(stream.samples == whole.samples)
        #expect(stream.metadata == whole.metadata)
        #expect(stream.samples.last?.phase == .began)
        #expect(stream.samples.filter { $0.phase == .ended }.count == whole.samples.filter { $0.phase == .ended }.count)
    }

    @Test("a phaseless CSV fails as the whole import does: a bad row at once, backward time after every row parses")
    func csvWithoutPhasesFailsAsTheWholeImport() throws {
        let backwards = Self.directory.appendingPathComponent("no-phase-back.csv").path
        try "t,kind,id,x,y\r\n0,touch,1,1,1\r\n2000,touch,1,2,2\r\n1000,touch,1,2,2\r\n3000,touch,1,3,3".write(toFile: backwards, atomically: false, encoding: .utf8)
        let backwardsError = try #require(throws: (any Error).self) { try Self.streamed(backwards, .csv) }
        #expect("\(backwardsError)".contains("no-phase-back.csv:4: the time goes backwards"), "\(backwardsError)")
        let both = Self.directory.appendingPathComponent("no-phase-both.csv").path
        try "t,kind,id,x,y\n0,touch,1,1,1\n2000,touch,1,2,2\n1000,touch,1,2,2\n3000,touch,1,x,3\n".write(toFile: both, atomically: false, encoding: .utf8)
        let wholeError = try #require(throws: (any Error).self) { try TraceFormat.importTrace(from: both, format: .csv) }
        let streamError = try #require(throws: (any Error).self) { try Self.streamed(both, .csv) }
        #expect("\(streamError)" == "\(wholeError)")
        #expect("\(streamError)".contains(":5:"), "\(streamError)")
    }

    /// An evemu recording of its own (a description, no TouchBench comments) streams, its
    /// metadata found by decoding it once; TouchBench's markers without its metadata, or a
    /// description that changes after the first event, are left to the whole import.
    @Test func aRecordingOfItsOwnStreams() throws {
        let session = MixedSession(seed: 31, duration: 6)
        let lines = try EvemuExporter.export(metadata: session.metadata, samples: Array(session)).split(separator: "\n").map(String.init)
        func compare(_ lines: [String], name: String, streams: Bool) throws {
            let path = Self.directory.appendingPathComponent("\(name).evemu").path
            try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
            let whole = try TraceFormat.importTrace(from: path, format: .evemu)
            let stream = try Self.streamed(path, .evemu)
            #expect(stream.streamed == streams, "\(name)")
            #expect(stream.samples == whole.samples, "\(name)")
            #expect(stream.metadata == whole.metadata, "\(name)")
        }
        let own = lines.filter { !$0.hasPrefix("# TouchBench") }
        try compare(own, name: "own", streams: true)
        #expect(lines.contains { $0.hasPrefix("# TouchBench-marker: ") })
        try compare(lines.filter { !$0.hasPrefix("# TouchBench: ") }, name: "markers-only", streams: false)
        var late = own
        let firstEvent = try #require(late.firstIndex { $0.hasPrefix("E: ") })
        late.insert("A: 28 0 255 0 0 0", at: firstEvent + 10)   // an axis declared after the first event
        try compare(late, name: "described-late", streams: false)
        // A second N: line is a second description, refused by both readings alike.
        var renamed = own
        renamed.insert("N: renamed", at: firstEvent + 10)
        let path = Self.directory.appendingPathComponent("renamed.evemu").path
        try renamed.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let whole = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .evemu) }
        #expect(whole?.line == firstEvent + 11)
        #expect(whole?.reason == "holds a second device description (a second N: line); one recording describes one device.")
        #expect(throws: (any Error).self) { try Self.streamed(path, .evemu) }
    }

    /// Every real recording streams and reads the same as whole: those that carry their own
    /// description, and (since issue 16's `.desc` stream) those described by the `.desc` beside them.
    @Test(.enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent: the shared recordings are not in this checkout"),
          arguments: SharedData.recordings)
    func realRecordingsStream(name: String) throws {
        let path = SharedData.path(name)
        let whole = try TraceFormat.importTrace(from: path, format: .evemu)
        let stream = try Self.streamed(path, .evemu)
        let described = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").contains { $0.hasPrefix("N: ") }
        #expect(stream.streamed)
        #expect(described == (whole.metadata.extra["evemu.description"] == nil), "a .desc is read when the recording has no description")
        #expect(stream.samples == whole.samples)
        #expect(stream.metadata == whole.metadata)
    }

    /// Memory bounded by a block, not by the file: the allocations of 64 KiB and more (the
    /// read buffers) are as many for a long file as for a short one, where an importer holding
    /// the trace doubles its arrays again and again. And the work per sample does not grow:
    /// the allocations per sample of an 80 s file are those of a 10 s one (a hidden copy per
    /// marker, or a buffer rebuilt per line, shows up here without timing anything).
    @Test(arguments: streamedForms.map { ($0, true) } + [(.csv, false)])
    func largeAllocationsDoNotGrowWithTheFile(format: TraceFormat, withPhases: Bool) throws {
        try #require(allocation_counter_is_active() != 0)
        func countedWithoutKeeping(_ seconds: Double) throws -> (large: UInt64, perSample: Double) {
            let path = withPhases ? try Self.mixed(format, seconds: seconds, name: "keep-\(Int(seconds))")
                : try Self.phaselessCSV(seconds: seconds, name: "keep-no-phase-\(Int(seconds))").path
            let start = allocation_counter_thread_large_allocations()
            let allocations = allocation_counter_thread_allocations()
            let input = try TraceInput(path: path, form: .foreign(format))
            var count = 0
            while try input.source.nextSample() != nil { count += 1 }
            #expect(count > 1000)
            let perSample = Double(allocation_counter_thread_allocations() - allocations) / Double(count)
            return (allocation_counter_thread_large_allocations() - start, perSample)
        }
        let short = try countedWithoutKeeping(10), long = try countedWithoutKeeping(80)
        #expect(long.large == short.large, "\(format.rawValue): \(short.large) → \(long.large) allocations of 64 KiB and more")
        #expect(short.large <= 6)
        print("streamed \(format.rawValue) import: \(short.perSample) → \(long.perSample) allocations per sample, 10 → 80 s")
        #expect(long.perSample <= short.perSample * 1.05 + 0.01, "\(format.rawValue): \(short.perSample) → \(long.perSample) allocations per sample")
    }
}
