import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceSynthesis
@testable import TraceFormats

/// The libinput record event item's fast path (``RecordYAML/Parser/event(_:from:end:)``, read
/// by hand from the bytes) and the streamed reader's line classification, at the edges of
/// every field; and CR LF and byte-order-mark files through the streamed getevent and
/// libinput readers.
@Suite("libinput event items and streamed text edges")
struct LibinputEventLineTests {
    static func event(_ item: String) -> EvdevEvent? {
        Array(item.utf8).withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap { RecordYAML.Parser.event($0, from: 0, end: bytes.count) }
        }
    }

    static let latest = EvdevEvent.latestTime

    @Test func readsEveryFieldToItsLimits() {
        #expect(Self.event("- [  0,  10000,   3,  57,       1] # EV_ABS / ABS_MT_TRACKING_ID 1")
                == EvdevEvent(time: 10_000_000, type: 3, code: 57, value: 1))
        #expect(Self.event("- [0,0,0,0,0]") == EvdevEvent(time: 0, type: 0, code: 0, value: 0))
        #expect(Self.event("- [ -0, 999999, 31, 767, -2147483648]   ")
                == EvdevEvent(time: 999_999_000, type: 31, code: 767, value: Int32.min))
        #expect(Self.event("- [4611686018, 427387, 3, 53, 2147483647]")
                == EvdevEvent(time: 4_611_686_018_427_387_000, type: 3, code: 53, value: Int32.max))
        #expect(Self.event("-    [1, 2, 3, 4, 5]  # comment") == EvdevEvent(time: 1_000_002_000, type: 3, code: 4, value: 5))
    }

    @Test(arguments: [
        "- [4611686018, 427388, 3, 53, 1]",  // past the latest time
        "- [9000000000, 0, 3, 53, 1]",
        "- [-1, 0, 3, 53, 1]",
        "- [1, 1000000, 3, 53, 1]",
        "- [1, -1, 3, 53, 1]",
        "- [1, 0, 32, 53, 1]",
        "- [1, 0, -1, 53, 1]",
        "- [1, 0, 3, 768, 1]",
        "- [1, 0, 3, 53, 2147483648]",
        "- [1, 0, 3, 53, -2147483649]",
        "- [1, 0, 3, 53, 1234567890123456789]",  // 19 digits
        "- [1, 0, 3, 53, 1]# no space before the comment",
        "- [1, 0, 3, 53, 1] x",
        "- [1,\t0, 3, 53, 1]",  // a tab
        "- [+1, 0, 3, 53, 1]",
        "- [1, 0, 3, 53]",
        "- [1, 0, 3, 53, 1, 2]",
        "-[1, 0, 3, 53, 1]",
        // Cut mid-way.
        "- [  0,  10000,   3,  53",
        "- [  0,  10000,   3,  53,   650",
        "- [",
        "-",
        "",
    ])
    func declinesAnythingElse(item: String) {
        #expect(Self.event(item) == nil, "\(item)")
    }

    @Test("the streamed reader's items read with the time stamp of the line before as without it")
    func reusesTheTimeStampOfTheLineBefore() {
        var stamp = LineStamp()
        func streamed(_ item: String) -> EvdevEvent? {
            Array(("    " + item).utf8).withUnsafeBytes { bytes in
                guard case .event(let event) = LibinputSampleStream.classify(bytes, stamp: &stamp) else { return nil }
                return event
            }
        }
        for item in ["- [  1, 500000,   3,  53,     512] # EV_ABS / ABS_MT_POSITION_X 512", "- [  1, 500000,   3,  54,     -12]",
                     "- [  1, 500000,  32,  53,       1]", "- [  1, 500000,3,53,1]", "- [  1, 5000001,   3,  53,   1]",
                     "- [  1, 500000,   3,  53,   1] x", "- [  1, 500000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms",
                     "- [  1, 500001,   3,  53,     512]", "- [  1, 50000,   3,  53,     512]", "- [  1, 500001,   3,  53,     512]"] {
            #expect(streamed(item) == Self.event(item), "\(item)")
        }
    }

    @Test func classifiesTheStreamedLayout() {
        func line(_ text: String) -> LibinputSampleStream.Line {
            var stamp = LineStamp()
            return Array(text.utf8).withUnsafeBytes { LibinputSampleStream.classify($0, stamp: &stamp) }
        }
        guard case .event(let event) = line("    - [  0,  10000,   3,  53,   65044] # EV_ABS / ABS_MT_POSITION_X 65044") else {
            Issue.record("not an event")
            return
        }
        #expect(event == EvdevEvent(time: 10_000_000, type: 3, code: 53, value: 65044))
        if case .frame = line("  - evdev:") {} else { Issue.record("not a frame") }
        if case .blank = line("") {} else { Issue.record("not blank") }
        if case .blank = line("     ") {} else { Issue.record("not blank") }
        for comment in ["  # Current time is 12:00:00", "#", "    # TouchBench-marker: 1 a"] {
            if case .comment = line(comment) {} else { Issue.record("\(comment) is not a comment") }
        }
        for other in ["  - evdev: ", "   - evdev:", "    - [  0,  10000,   3,  53", "     - [1, 0, 3, 53, 1]x", "  libinput:", "\t", "\t# a comment indented by a tab"] {
            if case .other = line(other) {} else { Issue.record("\(other) is not other") }
        }
    }

    /// The streamed getevent and libinput readers (the fast paths above) read a file with CR LF
    /// line ends and a byte-order mark as they read it with LF alone.
    @Test(arguments: [TraceFormat.getevent, .libinput])
    func crlfAndByteOrderMarkStreamAsPlainLines(format: TraceFormat) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("event-line-\(getpid())-\(format.rawValue)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = MixedSession(seed: 5, duration: 4)
        let plain = directory.appendingPathComponent("plain.\(format.rawValue)").path
        try TraceFormat.export(format, metadata: session.metadata, samples: Array(session), to: plain)
        let text = try String(contentsOfFile: plain, encoding: .utf8)
        let crlf = directory.appendingPathComponent("crlf.\(format.rawValue)").path
        try ("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")).write(toFile: crlf, atomically: false, encoding: .utf8)
        func samples(_ path: String) throws -> [InputSample] {
            let input = try TraceInput(path: path, form: .foreign(format))
            var all: [InputSample] = []
            while let sample = try input.source.nextSample() { all.append(sample) }
            return all
        }
        let a = try samples(plain), b = try samples(crlf)
        #expect(a.count > 100)
        #expect(a == b)
    }
}
