import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Hostile report 4, findings 06, 07 and 10: nothing an evdev export writes may be a file that
/// YAML readers or touchbench itself cannot read back — a YAML line break (U+2028, U+2029) raw in a
/// `#` comment, an event time that rounds past 2^62 − 1 ns, a file with no sample the form carries.
@Suite("Hostile report 4: evdev exports read back")
struct HostileFourExportTests {
    static let evdevForms = ExportLimitsTests.evdevForms

    /// Every sample of `path` read whole, and again streamed.
    static func readBoth(_ path: String, _ format: TraceFormat) throws -> (whole: ImportedTrace, streamed: [InputSample], metadata: TraceMetadata) {
        let whole = try TraceFormat.importTrace(from: path, format: format)
        let input = try TraceInput(path: path, form: .foreign(format))
        var streamed: [InputSample] = []
        while let sample = try input.source.nextSample() { streamed.append(sample) }
        return (whole, streamed, input.source.metadata)
    }

    // MARK: Finding 06: YAML line breaks in comments

    static let lineBreakMetadata: TraceMetadata = {
        var metadata = TraceMetadata(device: "pad\u{2028}x")
        metadata.extra["note"] = "a\u{2029}b: 1"
        return metadata
    }()
    static let lineBreakSamples: [InputSample] = [
        .marker("before\u{2028}after: [1", at: 0),
        InputSample(time: 1_000, kind: .touch, phase: .began, id: 1, x: 5, y: 5),
        .marker("\"q\\ \u{2029}", at: 1_500),
        InputSample(time: 2_000, kind: .touch, phase: .ended, id: 1, x: 5, y: 5),
    ]

    @Test("U+2028 and U+2029 are escaped in every comment and read back to the same text", arguments: evdevForms)
    func lineBreaksInComments(format: TraceFormat) throws {
        let text = try TraceFormat.export(format, metadata: Self.lineBreakMetadata, samples: Self.lineBreakSamples)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("# TouchBench") && $0.unicodeScalars.contains(where: TouchBenchComments.isYAMLLineBreak) })
        #expect(lines.contains(#"# TouchBench: {"device":"pad\u2028x","note":"a\u2029b: 1"}"#))
        #expect(lines.contains("# TouchBench-marker: 0\t\"before\\u2028after: [1\""))
        #expect(lines.contains("# TouchBench-marker: 1500\t\"\\\"q\\\\ \\u2029\""))
        if format == .libinput {
            // Nothing raw anywhere in the YAML: the name in YAML's own escape, its comment spelt out.
            #expect(!text.unicodeScalars.contains { TouchBenchComments.isYAMLLineBreak($0) })
            #expect(lines.contains("    # Name: pad\\u2028x"))
            #expect(lines.contains("    name: \"pad\\Lx\""))
        }
        let directory = try HostileTextTests.Directory()
        let path = directory.url.appendingPathComponent("breaks.\(format.rawValue)").path
        try TraceFormat.export(format, metadata: Self.lineBreakMetadata, samples: Self.lineBreakSamples, to: path)
        let back = try Self.readBoth(path, format)
        let labels = ["before\u{2028}after: [1", "\"q\\ \u{2029}"]
        #expect(back.whole.samples.filter { $0.kind == .marker }.map(\.label) == labels)
        #expect(back.streamed.filter { $0.kind == .marker }.map(\.label) == labels)
        #expect(back.whole.samples.filter { $0.kind == .marker }.map(\.time) == [0, 1_500])
        for metadata in [back.whole.metadata, back.metadata] {
            #expect(metadata.device == "pad\u{2028}x")
            #expect(metadata.extra["note"] == "a\u{2029}b: 1")
        }
        if format == .libinput {
            // Without TouchBench's metadata comment the name is YAML's escape, read as YAML reads it.
            let plain = lines.filter { !$0.hasPrefix("# TouchBench:") }.joined(separator: "\n") + "\n"
            let stripped = directory.url.appendingPathComponent("plain.yml").path
            try plain.write(toFile: stripped, atomically: true, encoding: .utf8)
            #expect(try TraceFormat.importTrace(from: stripped, format: .libinput).metadata.device == "pad\u{2028}x")
        }
    }

    @Test("a marker comment keeps its form for every other label, and a raw label is read as written")
    func markerCommentForms() throws {
        #expect(TouchBenchComments.markerLine(.marker("a \\u2028 \"b\"", at: 5)) == "# TouchBench-marker: 5 a \\u2028 \"b\"")
        #expect(TouchBenchComments.markerLine(.marker("", at: 7)) == "# TouchBench-marker: 7 ")
        #expect(TouchBenchComments.markerLine(.marker("x\u{2029}", at: 7)) == "# TouchBench-marker: 7\t\"x\\u2029\"")
        // A file written before: the rest of the line after the space, backslashes and quotes as they are.
        #expect(try TouchBenchComments.marker("5 \"a\\u2028b\"").label == "\"a\\u2028b\"")
        #expect(try TouchBenchComments.marker("5\t\"a\\u2028b\"") == .marker("a\u{2028}b", at: 5))
        let bad = try #require(throws: TraceFormatError.self) { try TouchBenchComments.marker("5\tnot json") }
        #expect(bad.reason == "the TouchBench marker comment is not: nanoseconds, a tab and the label as a JSON string.")
        // An escaped label must still follow the text rule.
        #expect(throws: TraceFormatError.self) { try TouchBenchComments.marker("5\t\"a\\nb\"") }
        #expect(TouchBenchComments.escapingLineBreaks("{\"a\":\"\u{85}\u{2028}\u{2029}é\"}") == "{\"a\":\"\\u0085\\u2028\\u2029é\"}")
    }

    // MARK: Finding 07: times rounded to the microsecond

    static func lateTrace(_ time: Int64) -> [InputSample] {
        [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 0, y: 0),
         InputSample(time: time, kind: .touch, phase: .ended, id: 1, x: 5, y: 0)]
    }

    @Test("an event time that rounds past 2^62 − 1 ns is refused before writing; the latest that does not reads back", arguments: evdevForms)
    func roundedTimes(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        let path = directory.url.appendingPathComponent("late.\(format.rawValue)").path
        for time in [SampleTime.limit, EvdevExportSurvey.latestEventTime + 1] {
            let expected = "the trace's epoch plus the time of sample 2, \(time) ns, rounded to the microsecond \(format.rawValue) writes, "
                + "lies beyond 2^62 − 1 ns, which evdev imports refuse."
            let whole = try #require(throws: TraceFormatError.self) {
                try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: Self.lateTrace(time), to: path)
            }
            #expect(whole.reason == expected)
            let streamed = try #require(throws: TraceFileError.self) {
                try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: Self.lateTrace(time)), named: "in.jsonl",
                                    writing: .foreign(format), to: path)
            }
            #expect(streamed.description.contains(String(expected.dropLast())), "\(streamed)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        #expect(EvdevExportSurvey.latestEventTime == 4_611_686_018_427_387_499)
        try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: Self.lateTrace(EvdevExportSurvey.latestEventTime), to: path)
        let back = try Self.readBoth(path, format)
        #expect(back.whole.samples.map(\.time) == [0, 4_611_686_018_427_387_000])
        #expect(back.streamed.map(\.time) == [0, 4_611_686_018_427_387_000])
        // With an epoch the sum is what is written (evemu and getevent) and checked.
        var metadata = TraceMetadata(device: "pad")
        metadata.epochNanoseconds = 1_000_000_000
        let error = try #require(throws: TraceFormatError.self) {
            try TraceFormat.export(format, metadata: metadata, samples: Self.lateTrace(EvdevExportSurvey.latestEventTime - 999_999_999))
        }
        #expect(error.reason.contains("rounded to the microsecond \(format.rawValue) writes"))
        // A marker keeps its nanoseconds: one at 2^62 − 1 ns is written and read back.
        let marked = Self.lateTrace(1_000) + [.marker("end", at: SampleTime.limit)]
        try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: marked, to: path)
        #expect(try TraceFormat.importTrace(from: path, format: format).samples.last == .marker("end", at: SampleTime.limit))
    }

    // MARK: Finding 10: nothing the form carries

    static func carriageProblem(_ format: TraceFormat) -> String {
        "the trace has no sample that \(format.rawValue) can carry (markers alone, keys without a Linux key code, touch hovers and "
            + "scroll steps under a wheel unit write no input event), so touchbench could not read the file back; none is written."
    }

    static let uncarried: [(name: String, samples: [InputSample], forms: [TraceFormat])] = [
        ("markers only", [.marker("only", at: 5)], [.libinput, .getevent]),
        ("keys without a Linux code", [InputSample(time: 0, kind: .key, phase: .began, key: 65_535),
                                       InputSample(time: 1_000, kind: .key, phase: .ended, key: 65_535)], evdevForms),
        ("a touch hover", [InputSample(time: 0, kind: .touch, phase: .hoverMoved, id: 1, x: 3, y: 3)], evdevForms),
        ("a scroll under a wheel unit", [InputSample(time: 0, kind: .scroll, phase: .moved, x: 1, y: 1, scrollDelta: (0, 0.0001))], evdevForms),
    ]

    @Test("a trace with no sample the form carries is refused before anything is written", arguments: 0..<uncarried.count)
    func nothingCarried(index: Int) throws {
        let (name, samples, forms) = Self.uncarried[index]
        let directory = try HostileTextTests.Directory()
        for format in forms {
            let path = directory.url.appendingPathComponent("out.\(format.rawValue)").path
            let whole = try #require(throws: TraceFormatError.self, "\(name)") {
                try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples)
            }
            #expect(whole.reason == Self.carriageProblem(format), "\(name)")
            // The file already there stays as it was.
            try Data("before\n".utf8).write(to: URL(fileURLWithPath: path))
            let streamed = try #require(throws: TraceFileError.self, "\(name)") {
                try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "in.jsonl",
                                    writing: .foreign(format), to: path)
            }
            #expect(streamed.description.contains(String(Self.carriageProblem(format).dropLast())), "\(streamed)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "before\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["out.\(format.rawValue)"])
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test("what the forms can read back is still written: markers in evemu, markers beside an uncarried sample", arguments: evdevForms)
    func carriedEnough(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        let path = directory.url.appendingPathComponent("ok.\(format.rawValue)").path
        let cases: [[InputSample]] = [
            [.marker("m", at: 0), InputSample(time: 1_000, kind: .key, phase: .began, key: 65_535)],
            [InputSample(time: 0, kind: .key, phase: .began, key: 65_535), .marker("m", at: 5)],
            [InputSample(time: 0, kind: .pointer, phase: .hoverMoved, id: 1, x: 0, y: 0)],
            [InputSample(time: 0, kind: .key, phase: .began, key: 0x04), InputSample(time: 9, kind: .key, phase: .ended, key: 0x04)],
        ] + (format == .evemu ? [[.marker("only", at: 5)]] : [])
        for samples in cases {
            try TraceFormat.export(format, metadata: TraceMetadata(device: "pad"), samples: samples, to: path)
            #expect(try !TraceFormat.importTrace(from: path, format: format).samples.isEmpty, "\(samples)")
        }
        // A marker-only evemu file reads back to its marker.
        if format == .evemu {
            #expect(try TraceFormat.importTrace(from: path, format: format).samples == [.marker("only", at: 5)])
        }
    }
}
