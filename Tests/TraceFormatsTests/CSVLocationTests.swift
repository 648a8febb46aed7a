import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Hostile report 2 bug 4: a CSV row with an empty x or y cell, or a header with a y column
/// and no x column, was imported with 0 for the missing coordinate, where JSON Lines refuses
/// the same sample (`needs both "x" and "y"`).
@Suite("CSV locations need both x and y")
struct CSVLocationTests {
    /// A CSV file at a fresh path, removed by the caller.
    static func file(_ text: String, name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-csv-location-\(getpid())-\(name).csv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The error of the whole import and the stream's (which reads the first row before the
    /// bad one), as `path:line: reason` each.
    static func errors(_ text: String, name: String) throws -> (whole: String, streamed: String) {
        let path = try file(text, name: name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try #require(throws: TraceFormatError.self) { try CSVImporter.read(contentsOf: path) }
        let streamed = try #require(throws: (any Error).self) {
            let input = try TraceInput(path: path, form: .foreign(.csv))
            while try input.source.nextSample() != nil {}
        }
        return (whole.description, "\(streamed)")
    }

    @Test("a row with an empty x or y cell is refused naming its line and the empty cell, with or without a phase column",
          arguments: [("x", ",250"), ("y", "120,")], [true, false])
    func oneCoordinateEmpty(missing: (name: String, cells: String), phased: Bool) throws {
        let header = phased ? "t_ns,kind,phase,id,x_pt,y_pt" : "t_ns,kind,id,x_pt,y_pt"
        let phase = { (name: String) in phased ? "\(name)," : "" }
        for kind in ["touch", "pointer", "scroll"] {
            let text = "\(header)\n0,\(kind),\(phase("began"))1,120,250\n8000000,\(kind),\(phase("moved"))1,\(missing.cells)\n"
                + "16000000,\(kind),\(phase("ended"))1,130,260\n"
            let name = "\(missing.name)-\(kind)-\(phased)"
            let (whole, streamed) = try Self.errors(text, name: name)
            let expected = "tb-csv-location-\(getpid())-\(name).csv:3: the row needs both x and y: its \(missing.name) cell is empty."
            #expect(whole.hasSuffix(expected), "\(whole)")
            #expect(streamed.hasSuffix(expected), "\(streamed)")
        }
        // Text handed to `parse` is refused the same way.
        let parsed = try #require(throws: TraceFormatError.self) {
            try CSVImporter.parse("\(header)\n0,touch,\(phase("began"))1,\(missing.cells)\n", path: "one.csv")
        }
        #expect(parsed.line == 2)
        #expect(parsed.reason == "the row needs both x and y: its \(missing.name) cell is empty.")
    }

    @Test("a header with one of the x and y columns and not the other is refused at the header",
          arguments: [("t,kind,phase,id,y", "a y column but no x column"), ("t,kind,phase,id,x_pt,force", "an x column but no y column")])
    func headerWithOneCoordinate(header: String, found: String) throws {
        let cells = header.split(separator: ",").count - 4
        let row = "0,touch,began,1" + String(repeating: ",0.5", count: cells)
        let (whole, streamed) = try Self.errors("\(header)\n\(row)\n", name: "header-\(cells)-\(found.count)")
        let expected = "tb-csv-location-\(getpid())-header-\(cells)-\(found.count).csv:1: the header has \(found); a location needs both."
        #expect(whole.hasSuffix(expected), "\(whole)")
        #expect(streamed.hasSuffix(expected), "\(streamed)")
    }

    @Test("rows without a location, and scroll deltas with one cell, read as before")
    func whatStillReads() throws {
        let text = "t,kind,phase,id,x,y,dx,dy,key,label\n0,marker,,,,,,,,start\n5,key,began,0,,,,,4,\n"
            + "8,scroll,moved,0,10,20,3,,,\n"
        let samples = try CSVImporter.parse(text, path: "reads.csv").samples
        #expect(samples.count == 3)
        #expect(samples[0].kind == .marker && samples[0].location == nil && samples[0].label == "start")
        #expect(samples[1].kind == .key && samples[1].location == nil && samples[1].key == 4)
        #expect(samples[2].location?.x == 10 && samples[2].location?.y == 20)
        #expect(samples[2].scrollDelta?.dx == 3 && samples[2].scrollDelta?.dy == 0)
    }
}
