import Foundation
import Testing
import TouchInput
@testable import TraceFormats

/// What is read with an input besides it (an output must be none of it), and metadata that no
/// reader would accept, refused on import whichever path the import takes.
@Suite("Files read with an input; metadata out of range")
struct ReadWithInputTests {
    /// A one-finger device of 4001 units a side without resolution (a screen maps it).
    static let description = (["# EVEMU 1.3", "N: Tiny", "I: 0018 0000 0000 0000", "P: 02 00 00 00 00 00 00 00",
                               "B: 00 0b 00 00 00 00 00 00 00"]
        + Array(repeating: "B: 01 00 00 00 00 00 00 00 00", count: 5) + ["B: 01 00 04 00 00 00 00 00 00"]
        + Array(repeating: "B: 01 00 00 00 00 00 00 00 00", count: 6)
        + ["B: 02 00 00 00 00 00 00 00 00", "B: 03 03 00 00 00 00 80 60 02"]
        + ["04", "05", "11", "12", "14", "15", "15"].map { "B: \($0) 00 00 00 00 00 00 00 00" }
        + ["A: 00 0 4000 0 0 0", "A: 01 0 4000 0 0 0", "A: 2f 0 9 0 0 0", "A: 35 0 4000 0 0 0", "A: 36 0 4000 0 0 0",
           "A: 39 0 65535 0 0 0"]).joined(separator: "\n") + "\n"
    static let events = ["E: 1.000000 0003 0039 1", "E: 1.000000 0003 0035 100", "E: 1.000000 0003 0036 200",
                         "E: 1.000000 0001 014a 1", "E: 1.000000 0000 0000 0000", "E: 1.008000 0003 0035 110",
                         "E: 1.008000 0000 0000 0000", "E: 1.016000 0003 0039 -1", "E: 1.016000 0001 014a 0",
                         "E: 1.016000 0000 0000 0000"].joined(separator: "\n") + "\n"

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-with-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("an evemu file's description, found beside it or given, and a CSV's metadata are read with it")
    func companionFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("W.single-tap.events").path
        let found = folder.appendingPathComponent("W.desc").path
        try Self.description.write(toFile: found, atomically: true, encoding: .utf8)
        try Self.events.write(toFile: events, atomically: true, encoding: .utf8)
        let screen = ImportOptions(screen: .init(width: 400, height: 400))
        #expect(try TraceInput(path: events, options: screen).companionFiles == [found])
        let given = folder.appendingPathComponent("other.desc").path
        try Self.description.write(toFile: given, atomically: true, encoding: .utf8)
        var explicit = screen
        explicit.descriptionPath = given
        #expect(try TraceInput(path: events, options: explicit).companionFiles == [given])
        // A recording that carries its own description still names the one beside it: writing
        // over that file would lose it all the same.
        let whole = folder.appendingPathComponent("W.whole.evemu").path
        try (Self.description + Self.events).write(toFile: whole, atomically: true, encoding: .utf8)
        #expect(try TraceInput(path: whole, options: screen).companionFiles == [found])
        let csv = folder.appendingPathComponent("t.csv").path
        try "t_ns,kind,phase,id,x_pt,y_pt\n0,touch,began,1,1,2\n8000000,touch,ended,1,1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try TraceInput(path: csv).companionFiles == [csv + ".metadata.json"])
        let jsonl = folder.appendingPathComponent("t.jsonl").path
        try #"{"t":0,"kind":"touch","phase":"began","id":1,"x":1,"y":2}"#.write(toFile: jsonl, atomically: true, encoding: .utf8)
        #expect(try TraceInput(path: jsonl).companionFiles.isEmpty)
    }

    /// A screen of 1e-9 points over 4001 (evemu) or 800 (getevent) device units makes a unit
    /// about 1e-13 points, below the smallest quantum a reader accepts: the streamed import
    /// refuses it as the whole import does, instead of yielding a trace no reader could read.
    @Test("a --screen far too small for the device is refused by the streamed imports", arguments: ["events", "getevent"])
    func tinyScreen(form: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tiny.\(form)").path
        try (form == "events" ? Self.description + Self.events : GeteventTests.raw + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let tiny = ImportOptions(screen: .init(width: 1e-9, height: 1e-9))
        let error = try #require(throws: TraceFormatError.self) { _ = try TraceInput(path: path, options: tiny) }
        #expect(error.description == "\(path): the capture declares a quantum outside its range (lengths 1e-12…100 points, force and angles 1e-12…1).")
        // A real screen reads.
        let input = try TraceInput(path: path, options: ImportOptions(screen: .init(width: 400, height: 800)))
        #expect(input.metadata.problem == nil)
        var count = 0
        while try input.source.nextSample() != nil { count += 1 }
        #expect(count == 3)
    }
}
