import Foundation
import Testing
import TouchInput
import TraceSynthesis
@testable import TraceFormats

@Suite("Android getevent logs")
struct GeteventTests {
    static let labelled = """
    add device 1: /dev/input/event0
      name:     "gpio-keys"
    add device 2: /dev/input/event2
      name:     "sec_touchscreen"
    [    4521.100000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN
    [    4521.100000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
    [    4521.200000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002a
    [    4521.200000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000100
    [    4521.200000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000200
    [    4521.200000] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
    [    4521.200000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    4521.208333] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000110
    [    4521.208333] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    4521.216666] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [    4521.216666] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   0000002b
    [    4521.216666] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000400
    [    4521.216666] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000437
    [    4521.216666] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    [    4521.225000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000000
    [    4521.225000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [    4521.225000] /dev/input/event2: EV_ABS       ABS_MT_SLOT          00000001
    [    4521.225000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [    4521.225000] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
    [    4521.225000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
    """

    @Test func labelledLogChoosesTheTouchscreen() throws {
        let trace = try GeteventImporter.parse(Self.labelled)
        #expect(trace.metadata.device == "sec_touchscreen")
        #expect(trace.metadata.extra["getevent.device"] == "/dev/input/event2")
        #expect(trace.metadata.extra["evdev.mapping"] == "identity")
        let summary = trace.samples.map { "\($0.time) \($0.phase.name) \($0.id) \($0.x) \($0.y)" }
        #expect(summary == [
            "0 began 42 256.0 512.0",
            "8333000 moved 42 272.0 512.0",
            "16666000 began 43 1024.0 1079.0",
            "25000000 ended 42 272.0 512.0",
            "25000000 ended 43 1024.0 1079.0",
        ])
    }

    /// A raw (`-t`) log of one finger, no axis information: ranges are what it shows.
    static let raw = """
    [   10.000000] 0003 0039 00000007
    [   10.000000] 0003 0035 00000000
    [   10.000000] 0003 0036 00000000
    [   10.000000] 0000 0000 00000000
    [   10.010000] 0003 0035 0000031f
    [   10.010000] 0003 0036 0000063f
    [   10.010000] 0000 0000 00000000
    [   10.020000] 0003 0039 ffffffff
    [   10.020000] 0000 0000 00000000
    """

    @Test func rawLogMapsOntoAGivenScreenWithTheObservedMaximum() throws {
        let trace = try GeteventImporter.parse(Self.raw, options: ImportOptions(screen: .init(width: 400, height: 800)))
        #expect(trace.metadata.extra["getevent.form"] == "raw (-t)")
        #expect(trace.metadata.extra["evdev.mapping"] == "screen")
        #expect(trace.metadata.extra["evdev.abs.53"] == "0 799 0 0 0")
        // 800 observed cells (0…799) across 400 points: half a point each.
        #expect(trace.samples[1].x == 399.5)
        #expect(trace.samples[1].y == 799.5)
        #expect(trace.samples.map(\.phase) == [.began, .moved, .ended])
    }

    @Test func deviceCanBeChosenByName() throws {
        let trace = try GeteventImporter.parse(Self.labelled, options: ImportOptions(device: "gpio-keys"))
        #expect(trace.samples.count == 1)
        #expect(trace.samples.first?.kind == .key)
        #expect(trace.samples.first?.key == 0x81)  // Volume Down
        #expect(throws: TraceFormatError.self) { try GeteventImporter.parse(Self.labelled, options: ImportOptions(device: "nope")) }
    }

    @Test func axisInformationFromDashPIsUsed() throws {
        let log = """
        add device 1: /dev/input/event3
          name:     "touch"
          events:
            ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1439, fuzz 0, flat 0, resolution 10
                        ABS_MT_POSITION_Y     : value 0, min 0, max 3119, fuzz 0, flat 0, resolution 10
          input props:
            INPUT_PROP_DIRECT
        [  1.000000] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000001
        [  1.000000] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    0000000a
        [  1.000000] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    0000000a
        [  1.000000] /dev/input/event3: EV_SYN       SYN_REPORT           00000000
        """
        let trace = try GeteventImporter.parse(log)
        #expect(trace.metadata.extra["evdev.mapping"] == "resolution")
        #expect(abs((trace.samples.first?.x ?? 0) - 72 / 25.4) < 1e-12)  // 10 units = 1 mm
        #expect(trace.metadata.screen != nil)
    }

    @Test func malformedLinesNameTheirLine() {
        let bad = "[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000001\n[ 1.000000] /dev/input/event2: EV_ABS ABS_BOGUS 1\n"
        #expect { try GeteventImporter.parse(bad, path: "log.txt") } throws: { error in
            (error as? TraceFormatError)?.line == 2 && (error as? TraceFormatError)?.path == "log.txt"
        }
        #expect { try GeteventImporter.parse("hello\n") } throws: { ($0 as? TraceFormatError)?.line == 1 }
        #expect { try GeteventImporter.parse("[ 1.0 0003 0035\n") } throws: { ($0 as? TraceFormatError)?.line == 1 }
    }

    /// Hostile report 17: choosing the device built the events-by-node dictionary once per
    /// node, so 16 000 nodes took 26 s; quadratic work at 8 000 nodes would take minutes here.
    @Test("a log of thousands of device nodes is read in time linear in its nodes")
    func manyNodes() throws {
        var text = ""
        let nodes = 8_000
        for index in 0..<nodes { text += "add device \(index + 1): /dev/input/event\(index)\n  name:     \"dev\(index)\"\n" }
        for index in 0..<nodes {
            text += "[   100.\(String(format: "%06d", index))] /dev/input/event\(index): EV_ABS       ABS_MT_POSITION_X    00000100\n"
            text += "[   100.\(String(format: "%06d", index))] /dev/input/event\(index): EV_SYN       SYN_REPORT           00000000\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-nodes-\(getpid()).getevent").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let start = ContinuousClock.now
        _ = try? TraceFormat.importTrace(from: path, format: .getevent)
        _ = try? TraceInput(path: path, form: .foreign(.getevent))
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    /// Hostile report 17: an axis line's field with a typo or a negative resolution was dropped
    /// (positions stayed in raw units), an axis given twice took the last line, and the device
    /// id lines were not read (a re-export wrote I: 0000 0000 0000 0000).
    @Test("axis lines are read strictly and the id lines are kept", arguments: [
        ("resolution 726", "resolution -726", "axis 53 has a negative resolution, -726."),
        ("resolution 726", "resolutoin 726", #"the axis line's field "resolutoin 726" is not one of value, min, max, fuzz, flat or resolution with a 32-bit integer."#),
        ("resolution 726", "resolution 726abc", #"the axis line's field "resolution 726abc" is not one of value, min, max, fuzz, flat or resolution with a 32-bit integer."#),
        ("resolution 726", "resolution 726, resolution 1", "the axis line gives resolution twice."),
    ])
    func strictAxisLines(original: String, changed: String, reason: String) throws {
        let session = MixedSession(seed: 3, duration: 2)
        let text = try TraceFormat.export(.getevent, metadata: session.metadata, samples: Array(session))
        let plain = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# TouchBench") }.joined(separator: "\n")
        let positionX = try #require(plain.split(separator: "\n").first { $0.contains("ABS_MT_POSITION_X") && $0.contains(original) })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-axis-\(getpid())-\(abs(changed.hashValue)).getevent").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try plain.replacingOccurrences(of: positionX, with: positionX.replacingOccurrences(of: original, with: changed))
            .write(toFile: path, atomically: false, encoding: .utf8)
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .getevent) }
        #expect(error.reason == reason)
        let lines: [Substring] = plain.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLine: Int? = lines.firstIndex(of: positionX).map { $0 + 1 }
        #expect(error.line == expectedLine)
        // The same axis described twice.
        try plain.replacingOccurrences(of: positionX, with: positionX + "\n" + positionX).write(toFile: path, atomically: false, encoding: .utf8)
        let twice = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .getevent) }
        #expect(twice.reason == "axis 53 is described twice (one line per axis).")
        // The id lines are kept, whole and streamed, and written again.
        try plain.write(toFile: path, atomically: false, encoding: .utf8)
        let imported = try TraceFormat.importTrace(from: path, format: .getevent)
        let evemu = try TraceFormat.export(.evemu, metadata: imported.metadata, samples: imported.samples)
        let ids = plain.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count == 2 && ["bus:", "vendor", "product", "version"].contains(words[0]) ? String(words[1]) : nil
        }
        #expect(ids.count == 4)
        #expect(evemu.contains("I: " + ids.joined(separator: " ")), "\(ids)")
    }
}
