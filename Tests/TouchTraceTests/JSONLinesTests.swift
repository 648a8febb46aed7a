import TouchBenchSupport
import Foundation
import Testing
import TouchInput
@testable import TouchTrace

@Suite("The JSON Lines form")
struct JSONLinesTests {
    private func read(_ text: String) throws -> (TraceMetadata, [InputSample]) {
        let scratch = ScratchDirectory()
        let path = scratch.path("in.jsonl")
        try Data(text.utf8).written(to: path)
        let reader = try JSONLinesReader(path: path)
        var samples: [InputSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        return (reader.metadata, samples)
    }

    private func failure(_ text: String) -> TraceFileError? {
        do {
            _ = try read(text)
            return nil
        } catch let error as TraceFileError {
            return error
        } catch {
            return nil
        }
    }

    @Test("every sample written reads back identically")
    func roundTrip() throws {
        let samples = Samples.mixed(count: 800, seed: 2) + [
            InputSample(time: 20_000_000_000, kind: .touch, phase: .ended, id: 4, x: -0.00390625, y: 1e-3, flags: [.synthetic]),
            .marker("  a \"quoted\", spaced label ", at: 20_000_000_001),
            .marker("", at: 20_000_000_002),
        ]
        var metadata = TraceMetadata(device: "phone", screen: .init(width: 390, height: 844, scale: 3),
                                     digitizerHz: 240, displayHz: 120, source: "synth", extra: ["gesture": "flick", "seed": "7"])
        metadata.quanta.force = 1.0 / 1024
        let text = ([JSONLines.metadataLine(metadata)] + samples.map(JSONLines.line(for:))).joined(separator: "\n") + "\n"
        let (readMetadata, back) = try read(text)
        #expect(readMetadata == metadata)
        #expect(back == samples)
    }

    /// Hostile report 17: an unknown flag was reported with the array's Swift debug dump.
    @Test("an unknown flag or modifier is named, quoted as JSON", arguments: [
        (#"{"t":0,"kind":"touch","phase":"began","id":1,"x":1,"y":2,"flags":["synthetic","nope"]}"#, #"has an unknown flag "nope""#),
        (#"{"t":0,"kind":"key","phase":"began","key":4,"modifiers":["shift","hyper\n"]}"#, #"has an unknown modifier "hyper\n""#),
    ])
    func unknownNames(line: String, reason: String) throws {
        let error = try #require(failure(line + "\n"))
        #expect(error.reason == reason)
        #expect(error.line == 1)
    }

    /// Hostile report 17: every metadata that did not decode read "free metadata keys must be
    /// strings", even a `quanta` object without all its fields.
    @Test("metadata that does not decode names the member at fault", arguments: [
        (#"{"touchtrace":1,"metadata":{"quanta":{"position":0.00390625}}}"#, "quanta.radius is missing"),
        (#"{"touchtrace":1,"metadata":{"quanta":{"position":0.00390625,"radius":"x","force":1,"angle":1,"scroll":1}}}"#, "quanta.radius is not a number"),
        (#"{"touchtrace":1,"metadata":{"note":3}}"#, "note is not a string: free metadata keys hold strings"),
        (#"{"touchtrace":1,"metadata":{"screen":{"width":390,"height":844}}}"#, "screen.scale is missing"),
    ])
    func metadataMembers(line: String, member: String) throws {
        let error = try #require(failure(line + "\n"))
        #expect(error.reason == "has metadata that does not match the form (\(member))")
        #expect(error.line == 1)
    }

    @Test("malformed lines are errors naming their line", arguments: [
        // Terminated, so not a cut line: a malformed line (a cut one is JSONLinesCutTests').
        ("{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":2}\n{\"t\":1,\"kind\":\"touch\"\n", 2),
        ("\n\n{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":2,\"colour\":3}", 3),
        ("{\"t\":5,\"kind\":\"marker\",\"label\":\"a\"}\n{\"t\":4,\"kind\":\"marker\",\"label\":\"b\"}", 2),
        ("{\"t\":0.5,\"kind\":\"marker\",\"label\":\"a\"}", 1),
        ("{\"t\":0,\"kind\":\"finger\",\"phase\":\"began\"}", 1),
        ("{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1}", 1),
        ("{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":-1,\"x\":1,\"y\":1}", 1),
        ("{\"t\":0,\"kind\":\"key\",\"phase\":\"moved\",\"key\":4}", 1),
        ("{\"t\":0,\"kind\":\"key\",\"phase\":\"began\",\"key\":4,\"modifiers\":[\"hyper\"]}", 1),
        ("{\"t\":0,\"kind\":\"scroll\",\"phase\":\"moved\",\"x\":1,\"y\":1}", 1),
        ("{\"t\":0,\"kind\":\"marker\",\"label\":\"a\",\"label\":\"b\"}", 1),
        ("[1,2,3]", 1),
        ("{\"touchtrace\":1,\"metadata\":{}}\n{\"touchtrace\":1,\"metadata\":{}}", 2),
        ("{\"touchtrace\":2,\"metadata\":{}}", 1),
        ("{\"touchtrace\":1,\"metadata\":{\"free\":3}}", 1),
        // Text a trace may not carry (TraceText), and values outside the model's ranges.
        ("{\"t\":0,\"kind\":\"marker\",\"label\":\"a\"}\n{\"t\":1,\"kind\":\"marker\",\"label\":\"two\\nlines\"}", 2),
        ("{\"touchtrace\":1,\"metadata\":{\"device\":\"\\ufffe\"}}", 1),
        ("{\"t\":0,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"force\":-0.5}", 1),
    ])
    func malformed(text: String, line: Int) {
        let error = failure(text)
        #expect(error?.kind == .malformed)
        #expect(error?.line == line, "\(String(describing: error))")
    }

    @Test("a .touchtrace file fed as JSON Lines is refused at once")
    func binaryAsText() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("x.touchtrace")
        _ = try Samples.write(Samples.mixed(count: 10), to: path)
        #expect(throws: TraceFileError.self) { try JSONLinesReader(path: path) }
    }

    @Test("a line longer than the limit is refused, not buffered")
    func longLine() {
        let text = "{\"t\":0,\"kind\":\"marker\",\"label\":\"" + String(repeating: "x", count: JSONLinesReader.maximumLineLength + 10) + "\"}"
        #expect(failure(text)?.line == 1)
    }

    @Test("the JSON parser keeps integers exact and rejects what is not JSON", arguments: [
        "{\"a\":1", "[1,]", "01", "1.", "-", "\"\\x\"", "tru", "{\"a\" 1}", "\"\u{01}\"", String(repeating: "[", count: 100),
    ])
    func parser(bad: String) {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(bad) }
    }

    @Test("JSON values parse exactly")
    func parserValues() throws {
        #expect(try JSONValue.parse("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try JSONValue.parse(" -1.5e3 ") == .number(-1500))
        #expect(try JSONValue.parse("\"\\u00e9\\ud83d\\ude00\\n\"") == .string("é😀\n"))
        #expect(try JSONValue.parse("{\"a\":[true,false,null],\"b\":{}}")["a"] == .array([.bool(true), .bool(false), .null]))
    }
}

@Suite("Statistics and windows over any source")
struct SourceStatisticsTests {
    /// A trace of many distinct labels: the first thousand are counted by label, the markers
    /// of the rest only counted (their labels are not held).
    @Test func distinctMarkerLabelsAreListedUpToALimit() throws {
        let limit = TraceStatistics.maximumListedLabels
        var samples: [InputSample] = []
        for index in 0..<(limit + 500) { samples.append(.marker("label \(index)", at: Int64(index) * 2)) }
        // Listed labels keep counting after the limit; labels past it are counted apart.
        samples.append(.marker("label 0", at: Int64(limit + 500) * 2))
        samples.append(.marker("label \(limit + 1)", at: Int64(limit + 501) * 2))
        let statistics = try TraceStatistics(source: SampleArraySource(metadata: TraceMetadata(), samples: samples), byteCount: 0)
        #expect(statistics.markerLabels.count == limit)
        #expect(statistics.markerLabels[MarkerLabel("label 0")] == 2)
        #expect(statistics.markerLabels[MarkerLabel("label \(limit - 1)")] == 1)
        #expect(statistics.markerLabels[MarkerLabel("label \(limit)")] == nil)
        #expect(statistics.markersNotListed == 501)
        #expect(statistics.markerLabels.values.reduce(0, +) + statistics.markersNotListed == samples.count)
    }

    @Test("statistics of a JSON Lines source equal those of the same trace as a file")
    func statisticsFromAnySource() throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 1500, seed: 12)
        let tracePath = scratch.path("s.touchtrace")
        _ = try Samples.write(samples, to: tracePath)
        let text = ([JSONLines.metadataLine(TraceMetadata())] + samples.map(JSONLines.line(for:))).joined(separator: "\n") + "\n"
        let jsonlPath = scratch.path("s.jsonl")
        try Data(text.utf8).written(to: jsonlPath)
        let fromFile = try TraceStatistics(reader: try TraceReader(path: tracePath))
        let fromText = try TraceStatistics(source: try JSONLinesReader(path: jsonlPath), byteCount: text.utf8.count)
        #expect(fromText.sampleCount == fromFile.sampleCount)
        #expect(fromText.countsByKind == fromFile.countsByKind)
        #expect(fromText.contactCount == fromFile.contactCount)
        #expect(fromText.markerLabels == fromFile.markerLabels)
        #expect(fromText.duration == fromFile.duration)
        #expect(fromText.medianRateHz == fromFile.medianRateHz)
        #expect(fromText.chunkCount == 0 && fromFile.chunkCount >= 1)
    }

    @Test("a window over any source passes exactly the samples with from <= t < to")
    func windowedSource() throws {
        let samples = Samples.mixed(count: 800, seed: 13)
        let window: Range<Int64> = 100_000_000..<300_000_000
        let source = WindowedSource(SampleArraySource(metadata: TraceMetadata(), samples: samples), window: window)
        var got: [InputSample] = []
        while let sample = try source.nextSample() { got.append(sample) }
        #expect(got == samples.filter { window.contains($0.time) })
        #expect(!got.isEmpty)
    }
}
