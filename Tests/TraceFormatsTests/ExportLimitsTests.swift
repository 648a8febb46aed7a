import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Issue 15, hostile report M3–M5: an export never writes a file touchbench's importers refuse
/// (lines over the 1 MiB limit, evdev times beyond ±(2^62 − 1) ns), the evdev importers refuse times
/// outside that range naming the line, and events held at the previous time are counted.
@Suite("Export limits, evdev time range and held-back times")
struct ExportLimitsTests {
    static let evdevForms: [TraceFormat] = [.evemu, .libinput, .getevent]

    /// The metadata whose `# TouchBench:` comment line is `length` bytes long.
    static func metadata(commentLength length: Int) -> TraceMetadata {
        var metadata = TraceMetadata(device: "pad")
        metadata.extra["note"] = ""
        var comments = TouchBenchComments()
        comments.metadata = metadata
        let overhead = comments.metadataLine?.utf8.count ?? 0
        metadata.extra["note"] = String(repeating: "a", count: length - overhead)
        return metadata
    }

    @Test("an evdev metadata comment at the line limit round-trips; one byte more is refused by both export paths alike", arguments: evdevForms)
    func metadataCommentAtTheLimit(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        let samples = EvemuExportTests.synthetic
        let fits = Self.metadata(commentLength: ExportLimits.maximumLineLength)
        let path = directory.url.appendingPathComponent("fits.\(format.rawValue)").path
        try TraceFormat.export(format, metadata: fits, samples: samples, to: path)
        #expect(try TraceFormat.importTrace(from: path, format: format).metadata == fits)

        let over = Self.metadata(commentLength: ExportLimits.maximumLineLength + 1)
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.export(format, metadata: over, samples: samples) }
        #expect(whole.reason.contains("metadata comment would make a line of 1 048 577 bytes, over the 1 048 576-byte line limit"))
        let sinkPath = directory.url.appendingPathComponent("sink.\(format.rawValue)").path
        let sink = try #require(throws: TraceFileError.self) {
            let sink = try TraceOutput.sink(writing: .foreign(format), to: sinkPath, metadata: over)
            for sample in samples { try sink.append(sample) }
            try sink.finishWriting()
        }
        #expect(sink.path == sinkPath)
        #expect(sink.description.contains(String(whole.reason.dropLast())))
        #expect(!FileManager.default.fileExists(atPath: sinkPath))
    }

    @Test("a marker label too long for a line is refused, in evdev forms before anything is written", arguments: evdevForms + [.csv])
    func longMarkerLabel(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        // 524 288 quotes: 0.5 MiB in evdev comments, 1 MiB and more once CSV doubles them.
        let label = String(repeating: format == .csv ? "\"" : "ab", count: 524_288)
        var samples = EvemuExportTests.synthetic
        samples.insert(.marker(label, at: samples[1].time), at: 2)
        let path = directory.url.appendingPathComponent("out.\(format.rawValue)").path
        let error = try #require(throws: (any Error).self) { try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples, to: path) }
        #expect("\(error)".contains("the label of sample 3 (a marker at \(samples[1].time) ns) would make a line of"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: path))
        // The whole-string export (CSVExporter, the evdev survey) refuses the same marker in the same words.
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples) }
        #expect(whole.reason.hasPrefix("the label of sample 3 (a marker at \(samples[1].time) ns) would make a line of"), "\(whole)")
        #expect(whole.reason.hasSuffix("cannot be written as \(format.rawValue)."))
        // convert's conversion names the input and refuses before the sink sees the marker.
        let refusal = try #require(throws: TraceFileError.self) {
            try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "in.jsonl", writing: .foreign(format), to: path)
        }
        #expect(refusal.path == "in.jsonl")
        #expect(refusal.description.contains("cannot be written as \(format.rawValue)"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Hostile report 16 M6: a contact id beyond a tracking id's range was refused naming the
    /// output file as if it were at fault; both export paths now name the input and the sample.
    @Test("a touch id beyond an evdev tracking id is refused naming the input and the sample", arguments: evdevForms)
    func trackingIDBeyondRange(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        var samples = EvemuExportTests.synthetic
        samples[2].id = UInt32(Int32.max) + 1
        samples[5].id = UInt32(Int32.max) + 1
        let path = directory.url.appendingPathComponent("out.\(format.rawValue)").path
        let expected = "the contact id 2147483648 is beyond 2 147 483 647, the largest evdev tracking id, in sample 3 "
            + "(a touch at 1000000 ns), so it cannot be written as \(format.rawValue)"
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples) }
        #expect(whole.reason == expected + ".")
        let refusal = try #require(throws: TraceFileError.self) {
            try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "in.jsonl", writing: .foreign(format), to: path)
        }
        #expect(refusal.path == "in.jsonl")
        #expect(refusal.description.contains(expected), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: path))
        // The largest id that fits still round-trips.
        samples[2].id = UInt32(Int32.max)
        samples[5].id = UInt32(Int32.max)
        try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples, to: path)
        let again = try TraceFormat.importTrace(from: path, format: format)
        #expect(again.samples.contains { $0.kind == .touch && $0.id == UInt32(Int32.max) })
    }

    @Test("an empty trace cannot be written as a text form; the container may be empty")
    func emptyTraces() throws {
        let directory = try HostileTextTests.Directory()
        for form in [TraceForm.jsonl] + (Self.evdevForms + [.csv]).map(TraceForm.foreign) {
            #expect(ExportLimits.emptyProblem(form)?.contains("touchbench cannot read back an empty \(form.name) file") == true)
            let path = directory.url.appendingPathComponent("empty.\(form.name)").path
            let refusal = try #require(throws: TraceFileError.self) {
                try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: []), named: "empty.touchtrace", writing: form, to: path)
            }
            #expect(refusal.path == "empty.touchtrace")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        let container = directory.url.appendingPathComponent("empty.touchtrace").path
        #expect(try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: []), named: "in.jsonl", writing: .touchtrace, to: container).samples == 0)
        #expect(try TraceReader(path: container).sampleCount == 0)
        #expect(ExportLimits.emptyProblem(.touchtrace) == nil)
        #expect(ExportLimits.emptyProblem(.foreign(.chromeTrace)) == nil)
    }

    /// The synthetic samples exported as `format`, each event time moved by `seconds`, with or
    /// without TouchBench's metadata comment (which makes the import a stream).
    static func shifted(_ format: TraceFormat, by seconds: Int64, comment: Bool) throws -> (text: String, firstEventLine: Int) {
        let text = try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: EvemuExportTests.synthetic)
        let pattern = switch format {
        case .evemu: #"^(E: )(\d+)(\.)"#
        case .getevent: #"^(\[ *)(\d+)(\.)"#
        default: #"^( *- \[ *)(\d+)(,)"#
        }
        let regex = try Regex(pattern)
        var lines: [String] = [], first = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !comment, line.hasPrefix(TouchBenchComments.metadataPrefix) { continue }
            guard let match = try regex.prefixMatch(in: line), let whole = match.output[2].substring, let value = Int64(whole) else {
                lines.append(String(line))
                continue
            }
            lines.append(String(line[..<whole.startIndex]) + String(value + seconds) + String(line[whole.endIndex...]))
            if first == 0 { first = lines.count }
        }
        return (lines.joined(separator: "\n"), first)
    }

    @Test("evdev times beyond 2^62 − 1 ns are refused naming the line, streamed and whole", arguments: evdevForms, [false, true])
    func timesBeyondTheRange(format: TraceFormat, comment: Bool) throws {
        let directory = try HostileTextTests.Directory()
        let (text, line) = try Self.shifted(format, by: 4_611_686_019, comment: comment)
        let path = try directory.write(Array(text.utf8), "late.\(format.rawValue)")
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
        #expect(whole.line == line)
        #expect(whole.reason.contains("lies outside the accepted ±(2^62 − 1) ns"), "\(whole)")
        let streamed = try #require(throws: (any Error).self) {
            let input = try TraceInput(path: path, form: .foreign(format))
            while try input.source.nextSample() != nil {}
        }
        #expect("\(streamed)".contains(":\(line): ") && "\(streamed)".contains("lies outside the accepted ±(2^62 − 1) ns"), "\(streamed)")
        // Just inside the range the same capture reads.
        let (inside, _) = try Self.shifted(format, by: 4_611_686_017, comment: comment)
        let readable = try directory.write(Array(inside.utf8), "inside.\(format.rawValue)")
        #expect(try TraceFormat.importTrace(from: readable, format: format).samples.count > 10)
    }

    @Test("an evdev export refuses an epoch plus a time beyond 2^62 − 1 ns", arguments: evdevForms)
    func exportBeyondTheRange(format: TraceFormat) throws {
        var metadata = TraceMetadata(device: "pad")
        metadata.epochNanoseconds = SampleTime.limit - 1_000
        let error = try #require(throws: TraceFormatError.self) {
            try TraceFormat.export(format, metadata: metadata, samples: EvemuExportTests.synthetic)
        }
        #expect(error.reason.contains("lies beyond 2^62 − 1 ns, which evdev imports refuse"))
    }

    @Test("events that go back in time are held and counted, streamed and whole", arguments: evdevForms, [false, true])
    func heldBackEvents(format: TraceFormat, comment: Bool) throws {
        let directory = try HostileTextTests.Directory()
        let text = try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: EvemuExportTests.synthetic)
        // The recording joined to itself: its events again, from the start of its clock.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            comment || !$0.hasPrefix(TouchBenchComments.metadataPrefix)
        }
        let isEvent: (Substring) -> Bool = switch format {
        case .evemu: { $0.hasPrefix("E: ") }
        case .getevent: { $0.hasPrefix("[") }
        default: { $0.hasPrefix("    - [") || $0 == "  - evdev:" }
        }
        let events = lines.filter(isEvent)
        let joined = (lines.filter { !$0.isEmpty } + events).joined(separator: "\n") + "\n"
        let path = try directory.write(Array(joined.utf8), "joined.\(format.rawValue)")
        let once = try TraceFormat.importTrace(from: try directory.write(Array(text.utf8), "once.\(format.rawValue)"), format: format)
        #expect(once.heldBackEvents == 0)
        // Every event of the second copy before the recording's last time goes back.
        let times = try events.compactMap { try Self.microseconds($0, format: format) }
        let expected = times.filter { $0 < (times.max() ?? 0) }.count
        let whole = try TraceFormat.importTrace(from: path, format: format)
        #expect(whole.heldBackEvents == expected)
        #expect(whole.heldBackEvents > 20)
        let input = try TraceInput(path: path, form: .foreign(format))
        while try input.source.nextSample() != nil {}
        #expect(input.heldBackEvents == expected)
    }

    /// What the evdev encoder drops or clamps, counted by `convert`'s conversion (hostile report M1, M2).
    @Test("touches beyond the slots and positions beyond the axis units are counted, not lost in silence", arguments: evdevForms)
    func encoderLosses(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        // 100 fingers down at once, for three frames: 64 slots hold 192 of the 300 samples.
        var samples: [InputSample] = []
        for (time, phase) in [(Int64(0), SamplePhase.began), (8_000_000, .moved), (16_000_000, .ended)] {
            for id in 1...100 { samples.append(InputSample(time: time, kind: .touch, phase: phase, id: UInt32(id), x: Double(id), y: 5)) }
        }
        // A finger beyond 2^31 units of 1/256 pt (and far below zero), then one on the screen.
        samples.append(InputSample(time: 20_000_000, kind: .touch, phase: .began, id: 200, x: 9_000_000, y: -1_000_000_000))
        samples.append(InputSample(time: 21_000_000, kind: .touch, phase: .ended, id: 200, x: 10, y: 20))
        let path = directory.url.appendingPathComponent("many.\(format.rawValue)").path
        let conversion = try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "many.jsonl",
                                             writing: .foreign(format), to: path)
        #expect(conversion.samples == 302)
        let count = { (what: String) in conversion.losses.items.first { $0.what.hasPrefix(what) }?.count }
        #expect(count("contact samples finding every slot taken") == 108)
        #expect(count("positions beyond the 32-bit axis units") == 1)
        let back = try TraceFormat.importTrace(from: path, format: format)
        #expect(back.samples.count == 194)
        #expect(conversion.losses.sentence(for: format.rawValue)?.contains("108 contact samples finding every slot taken") == true)
    }

    /// The time of an event line in microseconds, `nil` for another line.
    static func microseconds(_ line: Substring, format: TraceFormat) throws -> Int64? {
        let pattern = switch format {
        case .evemu: #"^E: (\d+)\.(\d{6}) "#
        case .getevent: #"^\[ *(\d+)\.(\d{6})\]"#
        default: #"^ *- \[ *(\d+), *(\d+),"#
        }
        guard let match = try Regex(pattern).prefixMatch(in: line),
              let seconds = match.output[1].substring.flatMap({ Int64($0) }),
              let micros = match.output[2].substring.flatMap({ Int64($0) }) else { return nil }
        return seconds * 1_000_000 + micros
    }
}
