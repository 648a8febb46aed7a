import AllocationCounter
import Foundation
import Testing
import TestSupport
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// Issue 16: the evemu recordings with no device description, the getevent logs of more than
/// 16 device nodes, and libinput recordings of several devices or with comments and `libinput`
/// entries among their events, which were imported whole, stream as the whole import reads them: the
/// same samples, metadata and report, or the same error (words and line), in memory that does
/// not grow with the file.
@Suite("Streamed evemu without a description and getevent logs of many devices") struct StreamedObservedImportTests {
    typealias Recording = StreamedDeviceRecordingTests

    static func isDescription(_ line: String) -> Bool { Recording.isDescription(line) }

    /// An evemu export without its description lines (so the device is what the events show).
    static func undescribed(_ lines: [String]) -> [String] { lines.filter { !isDescription($0) } }

    /// A getevent export with `extra` more device nodes, each sending a key press among the
    /// touchscreen's events; with `first`, their events come before the touchscreen's first, so
    /// that its node is the last to appear (beyond the 16 whose codes the first pass observes).
    static func withManyNodes(_ lines: [String], extra: Int = 20, first: Bool = false) -> [String] {
        let header = (1...extra).flatMap { ["add device \($0 + 1): /dev/input/event\($0 + 40)", "  name:     \"extra \($0)\""] }
        let stamp = "[       0.000000]"
        var out: [String] = []
        var eventLines = 0
        for line in lines {
            if line.hasPrefix("["), eventLines == 0 {
                out += header
                if first { out += (1...extra).map { "\(stamp) /dev/input/event\($0 + 40): EV_SYN       SYN_REPORT           00000000" } }
            }
            out.append(line)
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            eventLines += 1
            if eventLines % 7 == 0 {
                let node = "/dev/input/event\(eventLines / 7 % extra + 41)"
                out.append("\(line[...close]) \(node): EV_KEY       KEY_A                DOWN")
                out.append("\(line[...close]) \(node): EV_SYN       SYN_REPORT           00000000")
            }
        }
        return out
    }

    /// A libinput recording with a `--with-libinput` entry and a time comment before every
    /// third frame, as `libinput record --with-libinput` writes them.
    static func withLibinputEntries(_ lines: [String]) -> [String] {
        var frames = 0
        return lines.flatMap { line -> [String] in
            guard line == "  - evdev:" else { return [line] }
            frames += 1
            guard frames % 3 == 0 else { return [line] }
            return ["  # Current time is 12:00:00", "  - libinput:", "    - {time: 0.1, type: TOUCH_MOTION, slot: 0, point: [ 1.5, 2.5]}", line]
        }
    }

    @Test("every bundled trace streams back from evemu without a description and getevent with many nodes",
          arguments: Golden.corpusTraces)
    func corpus(trace: String) throws {
        let (metadata, samples) = try Recording.bundled(trace)
        let evemu = Self.undescribed(try Recording.lines(.evemu, metadata: metadata, samples: samples))
        // With TouchBench's comments (metadata, mapping, markers), and as a device records it.
        try Recording.compare(try Recording.write(evemu, "observed-\(trace).evemu"), .evemu, streams: true, "\(trace): evemu")
        let own = Recording.withoutTouchBenchComments(evemu)
        try Recording.compare(try Recording.write(own, "observed-own-\(trace).evemu"), .evemu, streams: true, "\(trace): evemu, own")
        let getevent = try Recording.lines(.getevent, metadata: metadata, samples: samples)
        try Recording.compare(try Recording.write(Self.withManyNodes(getevent), "many-\(trace).getevent"), .getevent, streams: true,
                              "\(trace): getevent")
        let ownLog = Self.withManyNodes(Recording.withoutTouchBenchComments(getevent), first: true)
        try Recording.compare(try Recording.write(ownLog, "many-own-\(trace).getevent"), .getevent, streams: true,
                              "\(trace): getevent, own, touchscreen last")
    }

    /// The real recordings with their description taken out (and no `.desc` beside them): the
    /// device is what their events show, streamed as the whole import reads it.
    @Test(.enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent: the shared recordings are not in this checkout"),
          arguments: SharedData.recordings)
    func realRecordingsWithoutTheirDescriptionStream(name: String) throws {
        let lines = try String(contentsOfFile: SharedData.path(name), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let events = lines.map(String.init).filter { !Self.isDescription($0.drop { $0 == " " || $0 == "\t" }.description) }
        try Recording.compare(try Recording.write(events, "undescribed-\(name).evemu"), .evemu, streams: true, "\(name)")
    }

    /// A lone `N:` line names the observed device; a partial description beside a `.desc` is
    /// still the whole import's error.
    @Test func aNameAloneStreamsAsAnObservedDevice() throws {
        var lines = Recording.withoutTouchBenchComments(Self.undescribed(try Recording.session(.evemu, seconds: 4)))
        lines.insert("N: a name alone", at: 1)
        lines.insert("I: 0003 046d 0001 0002", at: 2)
        try Recording.compare(try Recording.write(lines, "named.evemu"), .evemu, streams: true, "N: and I: alone")
        let streamed = try Recording.streamed(try Recording.write(lines, "named.evemu"), .evemu)
        #expect(streamed.metadata.device == "a name alone")
        #expect(streamed.metadata.extra["evdev.description"] == "observed")
    }

    /// Cut mid-line, CR LF with a byte-order mark, every event at one time, a bad line late in
    /// the file (the first pass finds it before any sample), and a position out of the model's
    /// range (left to the whole import, which names the sample as the streams do, by its time).
    @Test(arguments: ["cut", "crlf", "equal", "bad", "huge"], [TraceFormat.evemu, .getevent])
    func hostileVariantsReadAsTheWholeImportReadsThem(variant: String, format: TraceFormat) throws {
        var lines = try Recording.session(format, seconds: 5)
        lines = format == .evemu ? Recording.withoutTouchBenchComments(Self.undescribed(lines))
            : Self.withManyNodes(lines.filter { $0.hasPrefix("[") })
        let events = lines.indices.filter { lines[$0].hasPrefix("E:") || lines[$0].hasPrefix("[") }
        var text = lines.joined(separator: "\n")
        var streams = true
        switch variant {
        case "cut": text = String(text.utf8.prefix(text.utf8.count * 2 / 3)) ?? ""
        case "crlf": text = "\u{FEFF}" + lines.joined(separator: "\r\n")
        case "equal":
            let time = format == .evemu ? "E: 0.500000" : "[       0.500000]"
            for index in events {
                let line = lines[index]
                let rest = format == .evemu ? line.dropFirst(time.count) : line[(line.firstIndex(of: "]") ?? line.startIndex)...].dropFirst()
                lines[index] = time + rest
            }
            text = lines.joined(separator: "\n")
        case "bad":
            lines[events[events.count * 3 / 4]] += "zz"
            text = lines.joined(separator: "\n")
        default:
            let x = try #require(events.first { lines[$0].contains(format == .evemu ? " 0003 0035 " : "ABS_MT_POSITION_X") })
            lines[x] = format == .evemu ? "E: 0.100000 0003 0035 2147483000" : String(lines[x].dropLast(8)) + "7fffff00"
            text = lines.joined(separator: "\n")
            streams = false
        }
        let path = Recording.directory.appendingPathComponent("hostile-\(variant).\(format.rawValue)").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        if variant == "huge" {
            let error = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
            #expect(error?.reason.hasPrefix("the sample at ") == true, "\(String(describing: error))")
        }
        try Recording.compare(path, format, streams: streams, "\(format.rawValue): \(variant)")
    }

    /// A libinput recording with comments and entries among its events (read whole before)
    /// and a position out of the model's range (no resolution, raw units): left to the whole
    /// import, whose error names the sample by its time in the streamed imports' words.
    @Test func aLibinputSampleOutOfRangeIsTheWholeImportsError() throws {
        var lines = Self.withLibinputEntries(Recording.withoutTouchBenchComments(try Recording.session(.libinput, seconds: 3)))
        for index in lines.indices {
            // No resolution on the position axes: positions in raw units.
            lines[index] = lines[index].replacingOccurrences(of: #"^(      (0|1|53|54): \[-?\d+, -?\d+, -?\d+, -?\d+, )\d+\]$"#,
                                                             with: "$10]", options: .regularExpression)
        }
        let x = try #require(lines.firstIndex { $0.range(of: #"^    - \[\s*\d+,\s*\d+,\s*3,\s*53,"#, options: .regularExpression) != nil })
        lines[x] = lines[x].replacingOccurrences(of: #"-?\d+\]"#, with: "2147483000]", options: .regularExpression)
        let path = try Recording.write(lines, "out-of-range-entries.yml")
        let error = #expect(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .libinput) }
        #expect(error?.reason.hasPrefix("the sample at ") == true, "\(String(describing: error))")
        try Recording.compare(path, .libinput, streams: false, "out of range")
        try Recording.compare(try Recording.write(Self.withLibinputEntries(Recording.withoutTouchBenchComments(
            try Recording.session(.libinput, seconds: 3))), "in-range-entries.yml"), .libinput, streams: true, "in range")
    }

    /// A second device, a keyboard, as `libinput record --all` writes it: its header, then its events.
    static let keyboard = ["- node: /dev/input/event7", "  evdev:", "    name: \"keyboard\"", "    id: [17, 1, 1, 43841]", "    codes:",
                           "      0: [0] # EV_SYN", "      1: [30, 31] # EV_KEY", "    properties: []", "  events:", "  - evdev:",
                           "    - [  0,  5000,   1,  30,       1] # EV_KEY / KEY_A 1", "    - [  0,  5000,   0,   0,       0] # SYN"]

    /// A libinput recording of several devices (the keyboard first or last, a second
    /// touchscreen with the first half of the events): the one the whole import chooses, or the
    /// one asked for, streamed as the whole import reads it.
    static func withDevices(_ lines: [String], keyboardFirst: Bool, secondTouchscreen: Bool = false) -> [String] {
        let devices = (lines.firstIndex(of: "devices:") ?? 0) + 1
        var device = Array(lines[devices...])
        while device.last == "" { device.removeLast() }
        let frames = device.indices.filter { device[$0] == "  - evdev:" }
        let copy = device[..<frames[frames.count / 2]].map { $0.replacingOccurrences(of: "/dev/input/event0", with: "/dev/input/event3") }
        return Array(lines[..<devices]) + (keyboardFirst ? Self.keyboard : []) + (secondTouchscreen ? copy : []) + device
            + (keyboardFirst ? [] : Self.keyboard)
    }

    @Test(arguments: [false, true])
    func libinputRecordingsOfSeveralDevicesStream(own: Bool) throws {
        var lines = try Recording.session(.libinput, seconds: 4)
        if own { lines = Recording.withoutTouchBenchComments(lines) }
        for (keyboardFirst, second) in [(false, false), (true, false), (true, true)] {
            let shaped = Self.withDevices(lines, keyboardFirst: keyboardFirst, secondTouchscreen: second)
            let path = try Recording.write(shaped, "devices-\(own)-\(keyboardFirst)-\(second).yml")
            try Recording.compare(path, .libinput, streams: true, "own \(own), keyboard first \(keyboardFirst), second \(second)")
            for wanted in ["keyboard", "/dev/input/event3", "no such device"] {
                let options = ImportOptions(device: wanted)
                let streams = wanted == "keyboard" || (wanted == "/dev/input/event3" && second)
                try Recording.compare(path, .libinput, options: options, streams: streams, "\(wanted) of own \(own), second \(second)")
            }
        }
    }

    /// 10 and 80 seconds of a session: streamed, with as many allocations of 64 KiB and more
    /// (the read and spool buffers) for the long one as for the short one.
    @Test(arguments: ["evemu-undescribed", "getevent-many", "libinput-entries", "libinput-devices"])
    func memoryDoesNotGrowWithTheFile(shape: String) throws {
        try #require(allocation_counter_is_active() != 0)
        let format: TraceFormat = shape.hasPrefix("evemu") ? .evemu : shape.hasPrefix("getevent") ? .getevent : .libinput
        func large(_ seconds: Double) throws -> UInt64 {
            let lines = try Recording.session(format, seconds: seconds)
            let shaped = switch format {
            case .evemu: Self.undescribed(lines)
            case .getevent: Self.withManyNodes(Recording.withoutTouchBenchComments(lines))
            default: shape == "libinput-entries" ? Self.withLibinputEntries(Recording.withoutTouchBenchComments(lines))
                : Self.withDevices(Recording.withoutTouchBenchComments(lines), keyboardFirst: true, secondTouchscreen: true)
            }
            let path = try Recording.write(shaped, "memory-\(shape)-\(Int(seconds)).\(format.rawValue)")
            return try StreamedEvdevImportTests.largeAllocations(streaming: path, format)
        }
        let short = try large(10), long = try large(80)
        #expect(long == short, "\(shape): \(short) → \(long) allocations of 64 KiB and more")
        #expect(short <= 8, "\(shape): \(short) allocations of 64 KiB and more")
    }
}
