import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats
import TraceSynthesis

/// Issue 15 for the evdev text forms: their writers end every line, so an event line without
/// its line feed is a file cut by a writer that died (perhaps inside a number). It is not read,
/// every line before it is, the streamed and whole imports agree, and the input says so once.
@Suite("Cut event lines of evemu, getevent and libinput")
struct EvdevCutLineTests {
    static let forms: [TraceFormat] = [.evemu, .getevent, .libinput]

    /// An export of one second of a mixed session, as lines (the last one empty: the final LF).
    static func exported(_ format: TraceFormat) throws -> [String] {
        try StreamedEvdevImportTests.lines(format, seed: 5, seconds: 1)
    }

    static func eventLines(_ format: TraceFormat) -> ByteLines.EventLines {
        switch format {
        case .evemu: .evemu
        case .getevent: .getevent
        default: .libinput
        }
    }

    /// Whether `line` is an event line of `format` (not one of TouchBench's comments, which
    /// are cut as event lines are).
    static func isEventLine(_ line: String, _ format: TraceFormat) -> Bool {
        guard !line.drop(while: { $0 == " " }).hasPrefix("# TouchBench") else { return false }
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { eventLines(format).contains(UnsafeRawBufferPointer($0)) }
    }

    /// The index of the last line that is an event line of `format`.
    static func lastEventLine(_ lines: [String], _ format: TraceFormat) throws -> Int {
        try #require(lines.lastIndex { isEventLine($0, format) })
    }

    /// The samples of the streamed import, its cut-line warning, and the whole import.
    static func read(_ text: String, _ format: TraceFormat, name: String, streams: Bool = true) throws
        -> (streamed: [InputSample], metadata: TraceMetadata, warning: TraceFileError?, whole: ImportedTrace, path: String) {
        let path = try StreamedEvdevImportTests.file(text, format, name: name)
        let input = try TraceInput(path: path, form: .foreign(format))
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        #expect(!(input.source is SampleArraySource) == streams, "a TouchBench export streams")
        let whole = try TraceFormat.importTrace(from: path, format: format)
        return (samples, input.metadata, input.cutLineDamage, whole, path)
    }

    @Test("a last event line cut at any byte is not read; the lines before it are, streamed and whole alike", arguments: forms)
    func cutInsideTheLastEventLine(format: TraceFormat) throws {
        let lines = try Self.exported(format)
        let last = try Self.lastEventLine(lines, format)
        // The file without the cut line: every line before it, each with its LF.
        let before = lines[..<last].joined(separator: "\n") + "\n"
        let kept = try Self.read(before, format, name: "before-\(format.rawValue)")
        let full = try TraceFormat.importTrace(from: StreamedEvdevImportTests.file(lines.joined(separator: "\n"), format, name: "full"), format: format)
        #expect(kept.warning == nil && kept.whole.cutLine == nil)
        #expect(kept.whole.samples.count > 20)
        #expect(kept.whole.samples.count < full.samples.count)
        let line = Array(lines[last].utf8)
        // Just past the event's opening, inside the time or a number, one byte short, and the
        // whole line without its LF (these writers always end a line: it is cut too).
        let opening = line.firstIndex(of: format == .evemu ? UInt8(ascii: ":") : UInt8(ascii: "["))! + 1
        for length in Set([opening, opening + 3, line.count / 2, line.count - 1, line.count]) {
            let text = before + String(decoding: line[..<length], as: UTF8.self)
            let read = try Self.read(text, format, name: "cut-\(format.rawValue)-\(length)")
            #expect(read.streamed == kept.whole.samples, "cut after \(length) bytes")
            #expect(read.whole.samples == kept.whole.samples)
            #expect(read.metadata == read.whole.metadata)
            #expect(read.whole.cutLine == last + 1)
            let warning = try #require(read.warning)
            #expect(warning.description == "\(read.path):\(last + 1): ends with a cut event line (no line feed; "
                + "the writer may have died): every complete line before it was read.")
        }
    }

    /// A libinput frame whose first event is the cut line holds nothing written whole: the
    /// frame goes with it (the stream leaves such a file to the whole import).
    @Test func libinputFrameLeftEmptyByTheCut() throws {
        let lines = try Self.exported(.libinput)
        let frame = try #require(lines.lastIndex { $0.hasSuffix("- evdev:") })
        let kept = try TraceFormat.importTrace(from: StreamedEvdevImportTests.file(lines[..<frame].joined(separator: "\n") + "\n", .libinput,
                                                                                    name: "frames-before"), format: .libinput)
        let text = lines[...frame].joined(separator: "\n") + "\n" + lines[frame + 1].prefix(12)
        let read = try Self.read(text, .libinput, name: "empty-frame", streams: false)
        #expect(read.whole.samples == kept.samples)
        #expect(read.streamed == kept.samples)
        #expect(read.whole.cutLine == frame + 2)
        #expect(read.warning?.line == frame + 2)
    }

    /// Hostile report 2 bug 3: a marker comment cut inside its nanoseconds or its label was
    /// read as a marker at the wrong time or with a shortened label, in silence. evemu writes
    /// markers among its events, so one ends the export whose last sample is a marker; getevent
    /// and libinput list them in their header, so there the comment is appended, as a capture
    /// script that marks a device's log would.
    @Test("a last TouchBench marker comment cut at any byte is not read, as a cut event line", arguments: forms)
    func cutMarkerComment(format: TraceFormat) throws {
        let session = MixedSession(seed: 5, duration: 1)
        let samples = Array(session)
        let marker = InputSample.marker("intent:corner3", at: try #require(samples.last).time + 460)
        let before: String, line: [UInt8]
        if format == .evemu {
            let text = try TraceFormat.export(.evemu, metadata: session.metadata, samples: samples + [marker])
            // Every line of an export ends, the marker's too: a whole file is never cut.
            #expect(text.hasSuffix(TouchBenchComments.markerLine(marker) + "\n"))
            let whole = try Self.read(text, format, name: "marker-whole-\(format.rawValue)")
            #expect(whole.streamed.last == marker && whole.whole.samples.last == marker)
            #expect(whole.warning == nil && whole.whole.cutLine == nil)
            before = String(text.dropLast(TouchBenchComments.markerLine(marker).utf8.count + 1))
            line = Array(TouchBenchComments.markerLine(marker).utf8)
        } else {
            before = try Self.exported(format).joined(separator: "\n")
            line = Array(("  " + TouchBenchComments.markerLine(marker)).utf8)
            let appended = try Self.read(before + String(decoding: line, as: UTF8.self) + "\n", format,
                                         name: "marker-whole-\(format.rawValue)")
            #expect(appended.whole.samples.last == marker)
        }
        #expect(before.hasSuffix("\n"))
        let kept = try Self.read(before, format, name: "marker-before-\(format.rawValue)")
        #expect(kept.whole.samples.count > 20 && !kept.whole.samples.contains(marker))
        let number = before.split(separator: "\n", omittingEmptySubsequences: false).count
        // Just past `# TouchBench`, inside the nanoseconds, inside the label, one byte short,
        // and the whole line without its LF.
        let opening = line.count - TouchBenchComments.markerLine(marker).utf8.count
        let lengths = [opening + 12, opening + TouchBenchComments.markerPrefix.utf8.count + 6, line.count - 9, line.count - 1, line.count]
        for length in lengths {
            let text = before + String(decoding: line[..<length], as: UTF8.self)
            let read = try Self.read(text, format, name: "marker-cut-\(format.rawValue)-\(length)")
            #expect(read.streamed == kept.whole.samples, "cut after \(length) bytes")
            #expect(read.whole.samples == kept.whole.samples, "cut after \(length) bytes")
            #expect(read.whole.cutLine == number)
            let warning = try #require(read.warning)
            #expect(warning.description == "\(read.path):\(number): ends with a cut event line (no line feed; "
                + "the writer may have died): every complete line before it was read.")
        }
    }

    @Test("a last line without LF that is no event line reads as before", arguments: forms)
    func otherLastLinesAreRead(format: TraceFormat) throws {
        let lines = try Self.exported(format)
        let whole = lines.joined(separator: "\n")
        let expected = try Self.read(whole, format, name: "whole-\(format.rawValue)")
        for tail in ["# a comment", "   "] {
            let read = try Self.read(whole + tail, format, name: "tail-\(format.rawValue)")
            #expect(read.streamed == expected.whole.samples)
            #expect(read.whole.samples == expected.whole.samples)
            #expect(read.warning == nil && read.whole.cutLine == nil)
        }
    }

    @Test("a file whose only event line is cut holds no samples, and says why", arguments: forms)
    func onlyEventLineCut(format: TraceFormat) throws {
        let lines = try Self.exported(format)
        let first = try #require(lines.firstIndex { Self.isEventLine($0, format) })
        let text = lines[...first].joined(separator: "\n")
        let path = try StreamedEvdevImportTests.file(text, format, name: "only-\(format.rawValue)")
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
        #expect(whole.line == first + 1)
        #expect(whole.reason == (format != .evemu ? "the file holds no input events (its last event line is cut)."
            : "the file holds no input samples that touchbench can read as \(format.rawValue) (its last event line is cut)."))
        let streamed = try #require(throws: TraceFormatError.self) { try StreamedImportTests.streamed(path, format) }
        #expect(streamed.line == whole.line && streamed.reason == whole.reason)
    }

    /// RFC 4180 §2.2: a CSV's last record may lack its line break, so it is read whole.
    @Test func csvLastRecordWithoutLineFeedIsComplete() throws {
        let session = MixedSession(seed: 5, duration: 1)
        let text = try TraceFormat.export(.csv, metadata: session.metadata, samples: Array(session))
        #expect(text.hasSuffix("\n"))
        let ended = try TraceFormat.importTrace(from: StreamedEvdevImportTests.file(text, .csv, name: "csv-lf"), format: .csv)
        let path = try StreamedEvdevImportTests.file(String(text.dropLast()), .csv, name: "csv-no-lf")
        let trace = try TraceFormat.importTrace(from: path, format: .csv)
        #expect(trace.samples.count == ended.samples.count)
        #expect(trace.samples == ended.samples)
        #expect(trace.cutLine == nil)
        let input = try TraceInput(path: path, form: .foreign(.csv))
        var streamed = 0
        while try input.source.nextSample() != nil { streamed += 1 }
        #expect(streamed == ended.samples.count)
        #expect(input.cutLineDamage == nil)
    }

    /// Hostile report 16 L3: a zero-filled tail longer than a line was refused as "the line is
    /// longer than 1048576 bytes", as if it were text.
    @Test("a NUL run longer than a line is named as NUL bytes, streamed and whole; a long text line as a long line", arguments: forms)
    func longNULRun(format: TraceFormat) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-nul-run-\(getpid()).\(format.rawValue)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try Self.exported(format).joined(separator: "\n")
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for (tail, reason) in [(String(repeating: "\0", count: (2 << 20)), "the line starts a run of more than 1048576 NUL bytes, not text"),
                               (String(repeating: "#", count: (1 << 20) + 1), "the line is longer than 1048576 bytes")] {
            try (text + tail).write(toFile: path, atomically: false, encoding: .utf8)
            let whole = try #require(throws: (any Error).self) { try TraceFormat.importTrace(from: path, format: format) }
            let stream = try #require(throws: (any Error).self) {
                let input = try TraceInput(path: path, form: .foreign(format))
                while try input.source.nextSample() != nil {}
            }
            for error in [whole, stream] {
                #expect("\(error)".contains("\(path):\(lineCount): \(reason)"), "\(error)")
            }
        }
    }
}
