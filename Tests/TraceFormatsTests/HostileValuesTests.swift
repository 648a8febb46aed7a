import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Issue 15, findings D and E: text a trace carries follows one rule (``TraceText``: no control
/// characters, no noncharacters), refused where it is read with the file and line; values
/// outside the sample model's ranges are refused the same way; CSV keeps labels exactly; an
/// evemu description never has an axis whose minimum lies above its maximum.
@Suite("Hostile labels and values")
struct HostileValuesTests {
    private typealias Directory = HostileTextTests.Directory

    /// Every sample of `path` as the CLI reads it (streamed where the form streams).
    private static func read(_ path: String, _ form: TraceForm) throws -> [InputSample] {
        let input = try TraceInput(path: path, form: form)
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        return samples
    }

    /// The error reading `path` gives, as the CLI prints it.
    private static func failure(_ path: String, _ form: TraceForm) -> String? {
        do {
            _ = try read(path, form)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private static let touch = #"{"t":0,"kind":"touch","phase":"began","id":1,"x":10,"y":10}"#
    private static let lift = #"{"t":8000000,"kind":"touch","phase":"ended","id":1,"x":12,"y":10}"#

    @Test("a label or name with a control character or a noncharacter is refused naming the line", arguments: [
        "\\u0007", "a\\nb", "\\r", "\\u0000", "\\u007f", "\\u0085", "\\ufffe", "\\uffff", "\\ufdd0",
    ])
    func controlInLabels(escape: String) throws {
        let directory = try Directory()
        let marker = try directory.write(text: [Self.touch, #"{"t":5,"kind":"marker","label":"x\#(escape)y"}"#, Self.lift].joined(separator: "\n") + "\n", "m.jsonl")
        let error = try #require(Self.failure(marker, .jsonl))
        #expect(error.hasPrefix("\(marker):2: has a marker label that holds the "), "\(error)")
        for key in ["device", "source", "gesture"] {
            let path = try directory.write(text: #"{"touchtrace":1,"metadata":{"\#(key)":"x\#(escape)"}}"# + "\n" + Self.touch + "\n", "\(key).jsonl")
            let error = try #require(Self.failure(path, .jsonl))
            #expect(error.hasPrefix("\(path):1: declares a "), "\(error)")
        }
    }

    @Test("the text rule allows what labels need and names the character it refuses")
    func textRule() {
        for allowed in ["", " ", "  spaced  ", "redirect", "größe ✓ 🎯", "a,\"b\""] { #expect(TraceText.problem(allowed) == nil) }
        #expect(TraceText.problem("a\tb") == "holds the control character U+0009")
        #expect(TraceText.problem("\u{9F}") == "holds the control character U+009F")
        #expect(TraceText.problem("\u{1FFFF}") == "holds the noncharacter U+1FFFF")
        #expect(TraceText.problem("\u{FFFD}") == nil)
    }

    @Test("an out-of-range value is refused by JSON Lines and CSV, streamed or whole, naming the line", arguments: [
        ("force", "-3", "has a force of -3, outside 0…1"),
        ("force", "1.5", "has a force of 1.5, outside 0…1"),
        ("altitude", "1.6", "has an altitude of 1.6 radians, outside 0…π/2"),
        ("altitude", "-0.1", "has an altitude of -0.1 radians, outside 0…π/2"),
        ("azimuth", "7", "has an azimuth of 7 radians, outside −2π…2π"),
        ("roll", "-6.3", "has a roll of -6.3 radians, outside −2π…2π"),
        ("majorRadius", "-1", "has a majorRadius of -1 points, outside 0…1000000"),
        ("majorRadius", "1e12", "has a majorRadius of 1000000000000 points, outside 0…1000000"),
        ("majorRadiusTolerance", "-0.5", "has a majorRadiusTolerance of -0.5 points, outside 0…1000000"),
        ("x", "1e10", "has an x of 10000000000 points, outside -1000000000…1000000000"),
    ])
    func outOfRange(field: String, value: String, reason: String) throws {
        let directory = try Directory()
        let bad = field == "x" ? #"{"t":4000000,"kind":"pencil","phase":"moved","id":1,"x":\#(value),"y":10}"#
            : #"{"t":4000000,"kind":"pencil","phase":"moved","id":1,"x":11,"y":10,"\#(field)":\#(value)}"#
        let jsonl = try directory.write(text: [Self.touch, bad, Self.lift].joined(separator: "\n") + "\n", "v.jsonl")
        #expect(Self.failure(jsonl, .jsonl) == "\(jsonl):2: \(reason).")
        let column = field == "x" ? "x" : field
        let x = field == "x" ? value : "11"
        let extra = field == "x" ? "" : ",\(value)"
        let header = field == "x" ? "t,kind,phase,id,x,y" : "t,kind,phase,id,x,y,\(column)"
        let rows = [header, "0,touch,began,1,10,10" + (field == "x" ? "" : ","), "4000000,pencil,moved,1,\(x),10\(extra)",
                    "8000000,touch,ended,1,12,10" + (field == "x" ? "" : ",")]
        let streamed = try directory.write(text: rows.joined(separator: "\n") + "\n", "v.csv")
        // Streamed, the error is the stream's (a TraceFileError): the same words and line.
        #expect(Self.failure(streamed, .foreign(.csv)) == "\(streamed):3: the row \(reason).")
        // Without a phase column the whole import reads it: the same words and line.
        let whole = try directory.write(text: rows.map { $0.replacingOccurrences(of: ",phase", with: "").replacingOccurrences(of: ",began", with: "")
            .replacingOccurrences(of: ",moved", with: "").replacingOccurrences(of: ",ended", with: "") }.joined(separator: "\n") + "\n", "w.csv")
        #expect(Self.failure(whole, .foreign(.csv)) == "\(whole):3: the row \(reason).")
    }

    @Test("the bounds themselves, and values rounded onto the grid beyond them by less than a quantum, are accepted")
    func bounds() throws {
        let directory = try Directory()
        let edge = #"{"t":4000000,"kind":"pencil","phase":"moved","id":1,"x":-1e9,"y":1e9,"force":1,"majorRadius":0,"altitude":1.570800781,"azimuth":-6.2831,"roll":6.2834}"#
        let path = try directory.write(text: [Self.touch, edge, #"{"t":4000001,"kind":"pencil","phase":"moved","id":1,"x":1,"y":1,"force":0,"altitude":0}"#].joined(separator: "\n") + "\n", "edge.jsonl")
        #expect(try Self.read(path, .jsonl).count == 3)
        // One grid step beyond, on a coarser grid the metadata declares: accepted only there.
        let coarse = #"{"touchtrace":1,"metadata":{"quanta":{"position":0.00390625,"radius":0.00390625,"force":0.25,"angle":0.25,"scroll":0.00390625}}}"#
        let beyond = #"{"t":0,"kind":"pencil","phase":"moved","id":1,"x":1,"y":1,"force":1.2,"altitude":1.75}"#
        #expect(try Self.read(try directory.write(text: coarse + "\n" + beyond + "\n", "coarse.jsonl"), .jsonl).count == 1)
        #expect(Self.failure(try directory.write(text: beyond + "\n", "fine.jsonl"), .jsonl) != nil)
    }

    @Test("CSV keeps every label exactly: empty, spaced, tabbed, quoted, with commas", arguments: [false, true])
    func csvLabels(phases: Bool) throws {
        let directory = try Directory()
        let labels = ["", " ", "  spaced  ", " lead", "trail ", "a,b", "q\"uote", "\" ", "redirect"]
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 1, y: 1)]
            + labels.enumerated().map { InputSample.marker($0.element, at: Int64($0.offset + 1)) }
            + [InputSample(time: 100, kind: .touch, phase: .ended, id: 1, x: 1, y: 1)]
        let path = directory.url.appendingPathComponent("labels.csv").path
        try TraceFormat.export(.csv, metadata: TraceMetadata(), samples: samples, to: path)
        if !phases {
            // The whole import (no phase column) must read the labels the same way.
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { row -> String in
                var cells = row.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                if cells.count > 3 { cells.remove(at: 2) }
                return cells.joined(separator: ",")
            }
            try rows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let back = try Self.read(path, .foreign(.csv))
        #expect(back.compactMap(\.label) == labels)
        #expect(back.filter { $0.kind == .marker }.count == labels.count)
    }

    @Test("an evemu marker comment with a control character is refused naming its line")
    func evemuMarkerComment() throws {
        let directory = try Directory()
        var lines = try TraceFormat.export(.evemu, metadata: TraceMetadata(device: "synth"), samples: EvemuExportTests.synthetic)
            .split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        lines.insert("# TouchBench-marker: 0 bad\u{7}label", at: at)
        let path = try directory.write(text: lines.joined(separator: "\n") + "\n", "m.evemu")
        for form in [TraceForm.foreign(.evemu)] {
            let error = try #require(Self.failure(path, form))
            #expect(error.hasPrefix("\(path):\(at + 1): the TouchBench marker's label holds the control character U+0007"), "\(error)")
        }
        #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .evemu) }
    }

    @Test("the container writer refuses a label every reader would refuse")
    func writerRefusesLabel() throws {
        let directory = try Directory()
        let writer = try TraceWriter(path: directory.url.appendingPathComponent("l.touchtrace").path, metadata: TraceMetadata())
        let error = try #require(throws: TraceFileError.self) { try writer.append(.marker("two\nlines", at: 0)) }
        #expect(error.reason.contains("holds the control character U+000A"))
    }

    @Test("a pointer-events capture with an altitude beyond π/2 is refused naming the sample")
    func pointerEventsRange() throws {
        let directory = try Directory()
        let event = #"{"type":"pointer%@","pointerId":1,"pointerType":"pen","timeStamp":%@,"clientX":10,"clientY":10,"altitudeAngle":2,"azimuthAngle":1}"#
        let text = #"{"timeOrigin":0,"events":["# + String(format: event, "down", "0") + "," + String(format: event, "up", "5") + "]}"
        let path = try directory.write(text: text, "p.json")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .pointerEvents) }
        // In the words of the streamed imports (the whole import said "sample 1 (at 0 ns)").
        #expect(error.reason.hasPrefix("the sample at 0 ns has an altitude of 2 radians, outside 0…π/2"), "\(error)")
    }

    @Test("an evemu export never declares an axis with its minimum above its maximum, and reads back")
    func invertedAxes() throws {
        var metadata = TraceMetadata(device: "mouses")
        metadata.extra = ["evdev.name": "mouses", "evdev.abs.48": "1020 0 4 0 0", "evdev.abs.53": "1258 -1100 4 0 26",
                          "evdev.abs.54": "-1589 2047 4 0 70", "evdev.abs.57": "0 65535 0 0 0",
                          "evdev.mapping": "resolution", "evdev.mapping.origin": "-1100 -1589",
                          "evdev.mapping.scale": "0.10902483343428226 0.040494938132733416"]
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 10, y: 10, force: 0.5, majorRadius: 2),
                       InputSample(time: 8_000_000, kind: .touch, phase: .ended, id: 1, x: 12, y: 10)]
        let text = try TraceFormat.export(.evemu, metadata: metadata, samples: samples)
        // `A: code min max fuzz flat resolution`, the code in hexadecimal.
        let axes = text.split(separator: "\n").filter { $0.hasPrefix("A: ") }.map { $0.split(separator: " ").dropFirst(2).compactMap { Int($0) } }
        #expect(axes.count >= 4)
        for axis in axes { #expect(axis.count == 5 && axis[0] <= axis[1], "\(axis)") }
        #expect(text.contains("A: 35 -1100 1258 4 0 26"))
        let directory = try Directory()
        #expect(try Self.read(try directory.write(text: text, "back.evemu"), .foreign(.evemu)).count == 2)
        // A negative radius given through the API does not invert the touch-major axis either.
        let negative = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 1, y: 1, majorRadius: -5)]
        let plain = try TraceFormat.export(.evemu, metadata: TraceMetadata(), samples: negative)
        let major = try #require(plain.split(separator: "\n").first { $0.hasPrefix("A: 30 ") })
        let bounds = major.split(separator: " ").dropFirst(2).compactMap { Int($0) }
        #expect(bounds.count == 5 && bounds[0] <= bounds[1], "\(major)")
    }

    @Test("an evemu mapping comment with a scale or quantum outside 1e-12…100 points is refused naming its line",
          arguments: ["1e-300 0.00390625 0 0 0.00390625", "0.00390625 1e300 0 0 0.00390625", "0.00390625 0.00390625 0 0 0", "1e-13 1e-13 0 0 1e-13"])
    func mappingBounds(mapping: String) throws {
        let directory = try Directory()
        var lines = try TraceFormat.export(.evemu, metadata: TraceMetadata(device: "synth"), samples: EvemuExportTests.synthetic)
            .split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix(TouchBenchComments.mappingPrefix) })
        lines[at] = TouchBenchComments.mappingPrefix + mapping
        let path = try directory.write(text: lines.joined(separator: "\n") + "\n", "mapping.evemu")
        let error = try #require(Self.failure(path, .foreign(.evemu)))
        #expect(error.contains(":\(at + 1): the TouchBench mapping comment is not: scaleX scaleY originX originY quantum, the scales and quantum in points within 1e-12…100"), "\(error)")
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .evemu) }
        #expect(whole.line == at + 1)
        // The same comment with the exporter's own numbers reads.
        lines[at] = TouchBenchComments.mappingPrefix + "0.00390625 0.00390625 0 0 0.00390625"
        #expect(try Self.read(try directory.write(text: lines.joined(separator: "\n") + "\n", "good.evemu"), .foreign(.evemu)).count > 10)
    }

    @Test("a JSON Lines file without a sample is refused, as every importer refuses one", arguments: [
        "", "\n\n", #"{"touchtrace":1,"metadata":{"device":"pad"}}"# + "\n", #"{"touchtrace":1,"metadata":{}}"# + "\n{\"t\":0,\"ki",
    ])
    func emptyJSONLines(text: String) throws {
        let directory = try Directory()
        let path = try directory.write(text: text, "empty.jsonl")
        let error = try #require(Self.failure(path, .jsonl))
        #expect(error.hasPrefix(path) && error.contains("holds no input samples that touchbench can read as jsonl"), "\(error)")
        // A metadata sidecar is read for its metadata alone.
        #expect(try JSONLinesReader(path: path).holdsSamples() == false)
    }

    @Test("an empty container states no compression ratio (it printed 0.0× smaller)")
    func emptyContainerRatio() throws {
        let directory = try Directory()
        let path = directory.url.appendingPathComponent("empty.touchtrace").path
        let writer = try TraceWriter(path: path, metadata: TraceMetadata())
        _ = try writer.finish()
        let statistics = try TraceInput(path: path).statistics()
        #expect(statistics.sampleCount == 0 && statistics.byteCount > 0)
        #expect(statistics.compressionRatio == nil)
    }
}

extension HostileTextTests.Directory {
    fileprivate func write(text: String, _ name: String) throws -> String { try write(Array(text.utf8), name) }
}
