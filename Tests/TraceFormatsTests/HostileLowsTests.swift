import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Issue 15, hostile report L4, L8, L9: leniencies that read a hostile file as something it is
/// not (a hexadecimal CSV number, YAML beyond what libinput writes, a lone `N:` line taken for
/// a description) are refused naming file and line; what evdev cannot carry (a pen lying flat,
/// a pointer move past 32 bits) is counted among an export's losses.
@Suite("Hostile input: leniencies refused, flat pens and far pointers counted")
struct HostileLowsTests {
    // MARK: CSV numbers are decimal

    @Test("a CSV number that is not decimal is refused naming file and line", arguments: ["0x10", "0x1p3", "inf", "nan", "-infinity", "1e", "."])
    func nonDecimalCSVNumber(cell: String) throws {
        let directory = try HostileTextTests.Directory()
        let path = try directory.write(Array("t_ns,kind,phase,id,x_pt,y_pt\n0,touch,began,1,\(cell),5\n".utf8), "x.csv")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .csv) }
        #expect(error.path == path)
        #expect(error.line == 2)
        #expect(error.reason == "x \"\(cell)\" is not a finite decimal number.")
        // The streamed reading (convert's) refuses the same cell on the same line.
        let streamed = try #require(throws: (any Error).self) {
            let input = try TraceInput(path: path, form: .foreign(.csv))
            while try input.source.nextSample() != nil {}
        }
        #expect("\(streamed)" == "\(path):2: x \"\(cell)\" is not a finite decimal number.")
    }

    @Test("decimal spellings are read as before", arguments: [("16", 16.0), ("+.5", 0.5), ("5.", 5), ("-2.5E-1", -0.25), ("1e3", 1000), ("123456789.123456789", 123456789.123456789)])
    func decimalCSVNumber(cell: String, value: Double) throws {
        let directory = try HostileTextTests.Directory()
        let path = try directory.write(Array("t_ns,kind,phase,id,x_pt,y_pt\n0,touch,began,1,\(cell),5\n".utf8), "x.csv")
        #expect(try TraceFormat.importTrace(from: path, format: .csv).samples.first?.x == value)
        #expect(ByteCursor.isDecimal(cell.utf8))
    }

    // MARK: libinput YAML beyond what libinput record writes

    @Test("duplicate keys, a second document, an alias and a tag are refused naming file and line", arguments: [
        ("ndevices: 1\n", "ndevices: 1\nndevices: 2\n", 3, "the key \"ndevices\" appears twice in one mapping."),
        ("version: 1\n", "version: *v\n", 1, "this YAML feature (*) is not part of what libinput record writes."),
        ("  git: \"unknown\"\n", "  git: !!binary aGVsbG8=\n", 5, "this YAML feature (!) is not part of what libinput record writes."),
        ("version: 1\n", "---\nversion: 1\nndevices: 1\n---\n", 4, "a second YAML document (---) is not part of what libinput record writes: it writes one."),
    ])
    func yamlLeniencies(original: String, replacement: String, line: Int, reason: String) throws {
        let directory = try HostileTextTests.Directory()
        let text = LibinputRecordTests.recording + "\n"
        #expect(text.contains(original))
        var changed = text
        if let range = changed.range(of: original) { changed.replaceSubrange(range, with: replacement) }
        let path = try directory.write(Array(changed.utf8), "r.yml")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .libinput) }
        #expect(error.path == path)
        #expect(error.line == line)
        #expect(error.reason == reason)
        // The unchanged recording still reads.
        #expect(try TraceFormat.importTrace(from: try directory.write(Array(text.utf8), "ok.yml"), format: .libinput).samples.count == 3)
    }

    @Test("a second document after the recording is refused, not ignored")
    func trailingDocument() throws {
        let directory = try HostileTextTests.Directory()
        let text = LibinputRecordTests.recording + "\n---\nversion: 1\n"
        let path = try directory.write(Array(text.utf8), "two.yml")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .libinput) }
        #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "---").map { $0 + 1 })
    }

    // MARK: evemu: a partial description is not the recording's own

    /// The synthetic samples as an evemu description (`.desc`) and its events, apart.
    static func describedEvents(in directory: HostileTextTests.Directory) throws -> (desc: String, events: [Substring]) {
        let text = try TraceFormat.export(.evemu, metadata: TraceMetadata(device: "synth"), samples: EvemuExportTests.synthetic)
        let lines = text.split(separator: "\n")
        let description = lines.filter { !$0.hasPrefix("E:") && !$0.hasPrefix("#") }.joined(separator: "\n") + "\n"
        return (try directory.write(Array(description.utf8), "synth.desc"), lines.filter { $0.hasPrefix("E:") })
    }

    @Test("a lone N: line with --desc is refused naming its line; alone it names the observed device; a whole description still wins")
    func partialDescription() throws {
        let directory = try HostileTextTests.Directory()
        let (desc, events) = try Self.describedEvents(in: directory)
        let path = try directory.write(Array(("# a note\nN: x\n" + events.joined(separator: "\n") + "\n").utf8), "n.events")
        let options = ImportOptions(descriptionPath: desc)
        let whole = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .evemu, options: options) }
        #expect(whole.path == path)
        #expect(whole.line == 2)
        #expect(whole.reason == "the recording holds a partial device description (N:, I: or P: lines but no A: or B: line declaring "
            + "its axes and event codes) and \(desc) is given beside it; remove these lines to use \(desc), or give the whole "
            + "description (as evemu-describe writes it) in the recording (docs/FORMATS.md, \"Descriptions and YAML\").")
        // convert's streamed opening refuses it in the same words.
        let streamed = try #require(throws: (any Error).self) { _ = try TraceInput(path: path, form: .foreign(.evemu), options: options) }
        #expect("\(streamed)" == "\(whole)")

        // Alone, the name names the device the events show (observed axes, as with no description).
        let alone = try TraceFormat.importTrace(from: path, format: .evemu)
        let bare = try TraceFormat.importTrace(from: try directory.write(Array((events.joined(separator: "\n") + "\n").utf8), "bare.events"), format: .evemu)
        #expect(alone.metadata.device == "x")
        #expect(alone.metadata.extra["evdev.description"] == "observed")
        #expect(alone.samples == bare.samples)
        #expect(alone.samples.count > 5)

        // Without the N: line the --desc describes the events: its axes and screen are kept.
        let read = try TraceFormat.importTrace(from: try directory.write(Array((events.joined(separator: "\n") + "\n").utf8), "plain.events"),
                                               format: .evemu, options: options)
        #expect(read.metadata.extra["evemu.description"] == "synth.desc")
        #expect(read.metadata.screen != nil)
        #expect(read.samples.filter { $0.kind == .touch }.count == EvemuExportTests.synthetic.filter { $0.kind == .touch }.count)
    }

    // MARK: what evdev cannot carry is counted

    @Test("a pencil lying flat (altitude 0) is written at the flattest tilt and counted, never read back upright", arguments: [TraceFormat.evemu, .libinput, .getevent])
    func flatPencil(format: TraceFormat) throws {
        let directory = try HostileTextTests.Directory()
        let samples = [
            InputSample(time: 0, kind: .pencil, phase: .began, id: 1, x: 10, y: 10, force: 0.5, altitude: 0, azimuth: .pi / 4),
            InputSample(time: 8_000_000, kind: .pencil, phase: .moved, id: 1, x: 11, y: 10, force: 0.5, altitude: 0.7, azimuth: 0.5),
            InputSample(time: 16_000_000, kind: .pencil, phase: .moved, id: 1, x: 12, y: 10, force: 0.5, altitude: 0, azimuth: 0),
            InputSample(time: 24_000_000, kind: .pencil, phase: .ended, id: 1, x: 12, y: 10, force: 0.5, altitude: 0.7, azimuth: 0.5),
        ]
        let path = directory.url.appendingPathComponent("flat.\(format.rawValue)").path
        let conversion = try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "flat.jsonl",
                                             writing: .foreign(format), to: path)
        #expect(conversion.losses.items.first { $0.what.hasPrefix("pencil samples lying flatter than the tilt axes can say") }?.count == 2)
        let back = try TraceFormat.importTrace(from: path, format: format).samples.filter { $0.kind == .pencil }
        #expect(back.count == 4)
        // One unit short of π/2 in each plane the pen leans into: about 1/4096 rad, not π/2.
        #expect((back[0].altitude ?? 1) < 0.0005)
        #expect(abs((back[0].azimuth ?? 0) - .pi / 4) < 1e-9)
        #expect((back[2].altitude ?? 1) < 0.0005)
        #expect(abs((back[2].azimuth ?? 1) - 0) < 1e-9)
        #expect(abs((back[1].altitude ?? 0) - 0.7) < 0.001)
    }

    @Test("a pointer move past 32-bit relative units is counted among the clamped positions")
    func farPointer() throws {
        let directory = try HostileTextTests.Directory()
        // Not samples any importer yields (positions lie within ±1e9 points), but the encoder's
        // library callers can hand it: the move of 3e9 points is clamped and counted.
        let samples = [
            InputSample(time: 0, kind: .pointer, phase: .hoverMoved, id: 1, x: 0, y: 0),
            InputSample(time: 8_000_000, kind: .pointer, phase: .hoverMoved, id: 1, x: 3e9, y: 0),
            InputSample(time: 16_000_000, kind: .pointer, phase: .hoverMoved, id: 1, x: 3e9 + 10, y: 5),
        ]
        let path = directory.url.appendingPathComponent("far.evemu").path
        let losses = try TraceConversion(SampleArraySource(metadata: TraceMetadata(), samples: samples), named: "far.jsonl",
                                         writing: .foreign(.evemu), to: path).losses
        #expect(losses.items.first { $0.what.hasPrefix("positions beyond the 32-bit axis units") }?.count == 1)
    }
}
