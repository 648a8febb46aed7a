import Foundation
import Testing
import TestSupport
import TouchReplay
import TouchTrace

/// `--frame-cost recorded:FILE`: per-frame costs measured on a run, written as a
/// `touchbench frame-cost 1` file, charged frame by frame on the virtual clock — exactly as
/// the closed form of the profile says, the same bytes on every run, and every bad file a
/// typed error naming its line.
@Suite("Frame-cost recordings")
struct FrameCostRecordingTests {
    static let drag = Golden.packageRoot.appendingPathComponent("Traces/drag.touchtrace").path

    /// The drag trace (120 Hz display) through the scroll scene under `profile`, with `recorder`
    /// taking every frame's measured time.
    static func run(_ profile: String, mode: ReplayMode = .virtual, recorder: FrameCostRecorder? = nil) throws -> RunRecord {
        let reader = try TraceReader(path: drag)
        let settings = ReplaySettings(mode: mode, display: DisplayModel(refresh: .fixed(120)),
                                      frameCost: profile.isEmpty ? FrameCost() : try FrameCost(profile: profile))
        return try Replayer.replay(reader: reader, sceneNamed: "scroll", settings: settings, traceName: "drag.touchtrace",
                                   frameCosts: recorder)
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func file(_ text: String) throws -> String {
        try file(Array(text.utf8))
    }

    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frame-cost-\(UUID().uuidString).txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The record as bytes, timing metrics and the profile's name aside.
    static func behaviour(_ record: RunRecord) -> String {
        var copy = record.withoutTiming
        copy.frameCost = nil
        return copy.jsonText
    }

    static func ratio(_ record: RunRecord) -> Double { record[.hitchTimeRatio].mean ?? .nan }
    static func dropped(_ record: RunRecord) -> Int { Int(record[.droppedFrames].mean ?? -1) }

    @Test("a recorded spike every 10th frame replays as spikes:30ms/10: 3 vsyncs late per spike, the closed form")
    func recordedSpikesAreTheClosedForm() throws {
        let costs = (0..<4000).map { ($0 + 1) % 10 == 0 ? Int64(30_000_000) : 0 }
        let path = try Self.file(FrameCostRecording(costs: costs).text(comments: ["synthesized"]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try Self.run("recorded:" + path)
        let spikes = recorded.frames / 10
        #expect(recorded.frames > 50 && recorded.frames < costs.count)
        // k = ⌈(30 − 8.333) / 8.333⌉ = 3 vsyncs late per spike; a spike frame spans k + 1 vsyncs.
        #expect(Self.dropped(recorded) == 3 * spikes)
        #expect(abs(Self.ratio(recorded) - 1000 * Double(3 * spikes) / Double(recorded.frames + 3 * spikes)) < 1e-3)
        // Frame for frame what the built-in profile charges.
        #expect(Self.behaviour(recorded) == Self.behaviour(try Self.run("spikes:30ms/10")))
        #expect(recorded.frameCost == "recorded@" + FrameCostRecording(costs: costs).digest)
    }

    @Test("10 ms recorded for every frame: every frame one vsync late, 500 ms of hitch per second")
    func recordedConstantOverBudget() throws {
        let path = try Self.file(FrameCostRecording(costs: Array(repeating: 10_000_000, count: 1000)).text())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let record = try Self.run("recorded:" + path)
        #expect(Self.dropped(record) == record.frames)
        #expect(abs(Self.ratio(record) - 500) < 1e-3)
        #expect(Self.behaviour(record) == Self.behaviour(try Self.run("constant:10ms")))
    }

    @Test("frames past the end of a recording cost nothing; terms add up")
    func pastTheEndAndWithOtherTerms() throws {
        // One slow first frame of 20 ms, as first:20ms: exactly 2 frames dropped.
        let path = try Self.file("touchbench frame-cost 1\n20000000\nend 1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let record = try Self.run("recorded:" + path)
        #expect(Self.dropped(record) == 2)
        #expect(Self.behaviour(record) == Self.behaviour(try Self.run("first:20ms")))
        // With a spike profile on top: the two charges add.
        let both = try Self.run("spikes:30ms/10+recorded:" + path)
        #expect(Self.behaviour(both) == Self.behaviour(try Self.run("spikes:30ms/10+first:20ms")))
    }

    @Test("recorded on a run, written, read and replayed: every frame's time, and the same bytes twice")
    func recordedThenReplayedIsByteIdentical() throws {
        // The virtual clock times every frame while a recorder listens.
        let recorder = FrameCostRecorder()
        let measured = try Self.run("", recorder: recorder)
        #expect(recorder.costs.count == measured.frames && recorder.costs.allSatisfy { $0 >= 0 })
        // A wall-clock run (20× real time) times every frame it renders.
        let wallRecorder = FrameCostRecorder()
        let wall = try Self.run("", mode: .wallClock(rate: 20), recorder: wallRecorder)
        #expect(wallRecorder.costs.count == wall.frames && wall.frames > 0)

        // Scaled up so the recording makes hitches: the run's own cost ×1000 (≥ 0, < 60 s).
        let scaled = FrameCostRecording(costs: recorder.costs.map { min($0 * 1000, FrameCostRecording.limit) })
        let text = scaled.text(comments: ["scroll × drag.touchtrace", "scaled ×1000"])
        #expect(try FrameCostRecording(bytes: Array(text.utf8)) == scaled)
        let path = try Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try Self.run("recorded:" + path), second = try Self.run("recorded:" + path)
        #expect(first.withoutTiming.jsonText == second.withoutTiming.jsonText)
        #expect(first.frameCost == "recorded@" + scaled.digest)
    }

    @Test("a recording is named by its content: the same costs at two paths are one setting, a changed file another")
    func namedByContent() throws {
        let costs: [Int64] = [12_000_000, 0, 9_000_000]
        // 64-bit FNV-1a of the count and the costs, 8 little-endian bytes each (checked in Python).
        #expect(FrameCostRecording(costs: costs).digest == "48f26925bceeef41")
        #expect(FrameCostRecording(costs: []).digest == "a8c7f832281a39c5")
        let here = try Self.file(FrameCostRecording(costs: costs).text())
        // The same costs with a comment and CRLF line ends, elsewhere.
        let there = try Self.file("touchbench frame-cost 1\r\n# copied\r\n12000000\r\n0\r\n9000000\r\nend 3\r\n")
        defer { for path in [here, there] { try? FileManager.default.removeItem(atPath: path) } }
        let a = try FrameCost(profile: "constant:1ms+recorded:" + here).loadingRecording()
        let b = try FrameCost(profile: "constant:1ms+busy:1ms+recorded:" + there).loadingRecording()
        #expect(a.setting == b.setting && a.setting == "constant:1ms+recorded@48f26925bceeef41")
        #expect(a.description == "constant:1ms+recorded:" + here)
        #expect(try Self.run("recorded:" + here).settings == (try Self.run("recorded:" + there)).settings)
        // The file changed in place: another setting.
        try Data(FrameCostRecording(costs: [12_000_000, 1, 9_000_000]).text().utf8).write(to: URL(fileURLWithPath: here))
        let changed = try FrameCost(profile: "constant:1ms+recorded:" + here).loadingRecording()
        #expect(changed.setting != a.setting && changed.description == a.description)
        // Not read yet, it can only be named by its path.
        #expect(try FrameCost(profile: "recorded:" + here).setting == "recorded:" + here)
    }

    @Test("busy: is really spent on a wall clock too: every recorded frame takes at least its 1 ms")
    func busyOnWallClock() throws {
        let recorder = FrameCostRecorder()
        let wall = try Self.run("busy:1ms", mode: .wallClock(rate: 20), recorder: recorder)
        #expect(wall.frames > 0 && recorder.costs.count == wall.frames)
        #expect(recorder.costs.allSatisfy { $0 >= 1_000_000 })
    }

    @Test("what the file may hold besides costs: a byte-order mark, CRLF, comments, blank lines, 'end 0'")
    func tolerantReading() throws {
        let plain = try FrameCostRecording(bytes: Array("touchbench frame-cost 1\n5\n0\n60000000000\nend 3\n".utf8))
        #expect(plain.costs == [5, 0, 60_000_000_000])
        let windows = [0xEF, 0xBB, 0xBF] + Array("touchbench frame-cost 1\r\n# a comment\r\n\r\n5\r\n  0\t\r\n60000000000\r\nend 3\r\n".utf8)
        #expect(try FrameCostRecording(bytes: windows) == plain)
        // A comment holding CR LF or CR stays comment lines, never a bogus cost line.
        #expect(try FrameCostRecording(bytes: Array(plain.text(comments: ["a\r\n5", "b\r6"]).utf8)) == plain)
        // A run of no frames writes 'end 0': an empty recording, read back.
        #expect(try FrameCostRecording(bytes: Array(FrameCostRecording(costs: []).text().utf8)).costs.isEmpty)
        #expect(plain.cost(frame: 2) == 60_000_000_000 && plain.cost(frame: 3) == 0 && plain.cost(frame: -1) == 0)
    }

    @Test("hundreds of thousands of blank lines or of 0 lines: read line by line, refused or read whole")
    func manyShortLines() throws {
        let header = Array("touchbench frame-cost 1\n".utf8)
        // 256 KiB of newlines: 262 144 lines, none a cost, the last one counted exactly.
        let blank = header + [UInt8](repeating: UInt8(ascii: "\n"), count: 1 << 18)
        let error = try #require(throws: FrameCostFileError.self) { try FrameCostRecording(bytes: blank, path: "blank.txt") }
        #expect(error.kind == .malformed && error.line == 1 + 1 << 18 && error.reason.contains("has no frame costs"))
        // 200 000 frames of 0 ns, then their end.
        var zeros = header
        zeros.reserveCapacity(header.count + 400_000 + 16)
        for _ in 0..<200_000 { zeros += [UInt8(ascii: "0"), UInt8(ascii: "\n")] }
        zeros += Array("end 200000\n".utf8)
        let recording = try FrameCostRecording(bytes: zeros)
        #expect(recording.costs.count == 200_000 && recording.costs.allSatisfy { $0 == 0 })
    }

    @Test("one byte-order mark is skipped, a second is not: the file read from disk is stripped once")
    func oneByteOrderMark() throws {
        let once = try Self.file([0xEF, 0xBB, 0xBF] + Array("touchbench frame-cost 1\n7\nend 1\n".utf8))
        let twice = try Self.file([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("touchbench frame-cost 1\n7\nend 1\n".utf8))
        defer { for path in [once, twice] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try FrameCostRecording.load(once).costs == [7])
        let error = try #require(throws: FrameCostFileError.self) { try FrameCostRecording.load(twice) }
        #expect(error.kind == .malformed && error.line == 1 && error.reason.contains("not a frame-cost recording"))
    }

    /// A bad recording: its bytes, the line the error names and a piece of its reason.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var reason: String
        var testDescription: String { name }
    }

    @Test("every bad recording is a malformed-file error naming the line", arguments: [
        Hostile(name: "empty", text: "", line: 1, reason: "is empty"),
        Hostile(name: "another format", text: "frame,cost\n1,2\n", line: 1, reason: "not a frame-cost recording"),
        Hostile(name: "another version", text: "touchbench frame-cost 2\n1\n", line: 1, reason: "this touchbench reads 'touchbench frame-cost 1'"),
        Hostile(name: "cut mid-line", text: "touchbench frame-cost 1\n1000\n20", line: 3, reason: "ends mid-line"),
        Hostile(name: "cut at a line, end says more", text: "touchbench frame-cost 1\n1000\nend 2\n", line: 3, reason: "says 2 frames but 1 were given"),
        Hostile(name: "cut at a line before end", text: "touchbench frame-cost 1\n1000\n2000\n", line: 3, reason: "has no 'end N' line after its 2 costs"),
        Hostile(name: "negative", text: "touchbench frame-cost 1\n1000\n-5\n", line: 3, reason: "negative cost '-5'"),
        Hostile(name: "over a minute", text: "touchbench frame-cost 1\n60000000001\n", line: 2, reason: "more than the 60 s"),
        Hostile(name: "beyond Int64", text: "touchbench frame-cost 1\n99999999999999999999999\n", line: 2, reason: "more than the 60 s"),
        Hostile(name: "a unit", text: "touchbench frame-cost 1\n10ms\n", line: 2, reason: "not a whole number of nanoseconds"),
        Hostile(name: "a fraction", text: "touchbench frame-cost 1\n1.5\n", line: 2, reason: "not a whole number of nanoseconds"),
        Hostile(name: "a stray CR", text: "touchbench frame-cost 1\n10\r0\n", line: 2, reason: "the line holds a carriage return that does not end the line"),
        Hostile(name: "a NUL byte", text: "touchbench frame-cost 1\n10\u{0}\n", line: 2, reason: "the line holds a NUL byte"),
        Hostile(name: "after end", text: "touchbench frame-cost 1\n1\nend 1\n2\n", line: 4, reason: "after 'end' on line 3"),
        Hostile(name: "a bad end", text: "touchbench frame-cost 1\n1\nend x\n", line: 3, reason: "is not 'end N'"),
        Hostile(name: "no costs", text: "touchbench frame-cost 1\n# nothing\n", line: 2, reason: "has no frame costs"),
    ])
    func hostileFiles(_ hostile: Hostile) throws {
        let path = try Self.file(hostile.text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(throws: FrameCostFileError.self) { try FrameCostRecording.load(path) }
        #expect(error.kind == .malformed && error.path == path && error.line == hostile.line)
        #expect(error.reason.contains(hostile.reason), "\(error.reason)")
        #expect(error.description.hasPrefix("\(path):\(hostile.line): "))
        // The replay refuses it before rendering anything, with the same error.
        #expect(throws: error) { try Self.run("recorded:" + path) }
    }

    @Test("a missing recording cannot be opened; the profile parses recorded: last, '+' in its name included")
    func missingFileAndProfileSyntax() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).txt").path
        let error = try #require(throws: FrameCostFileError.self) { try FrameCost(profile: "recorded:" + missing).loadingRecording() }
        #expect(error.kind == .cannotOpen && error.path == missing)

        let profile = try FrameCost(profile: "constant:1ms+recorded:runs/a+b.txt")
        #expect(profile.constant == 1_000_000 && profile.recordedFile == "runs/a+b.txt" && profile.needsRecording)
        #expect(profile.description == "constant:1ms+recorded:runs/a+b.txt")
        #expect(throws: FrameCostError(term: "recorded:", reason: "needs the file of a recording (recorded:FILE)")) {
            try FrameCost(profile: "constant:1ms+recorded:")
        }
        #expect(throws: FrameCostError.self) { try FrameCost(profile: "constant:1msrecorded:x") }
    }
}
