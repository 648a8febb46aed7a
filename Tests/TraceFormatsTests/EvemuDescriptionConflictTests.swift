import Testing
import TouchInput
@testable import TraceFormats

/// Hostile report 16 M5: a recording whose own description contradicts itself is refused
/// naming the line, never read with the last line silently winning.
@Suite("evemu descriptions that contradict themselves")
struct EvemuDescriptionConflictTests {
    private static let description = """
        N: Test Touch
        I: 0003 056a 00e6 0139
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 04
        B: 03 03 00 00 00 00 80 e0 02
        A: 00 0 2776 4 0 10
        A: 01 0 1569 4 0 10
        A: 2f 0 1 0 0 0
        A: 35 0 2776 0 0 10
        A: 36 0 1569 0 0 10
        A: 39 0 65535 0 0 0

        """
    private static let events = """
        E: 0.000000 0003 0039 5
        E: 0.000000 0003 0035 100
        E: 0.000000 0003 0036 100
        E: 0.000000 0000 0000 0
        E: 0.010000 0003 0035 120
        E: 0.010000 0000 0000 0
        E: 0.020000 0003 0039 -1
        E: 0.020000 0000 0000 0

        """

    @Test("the description as written reads")
    func wholeDescriptionReads() throws {
        let trace = try EvemuImporter.parse(Self.description + Self.events, path: "ok.evemu")
        #expect(trace.samples.filter { $0.kind == .touch }.map(\.phase) == [.began, .moved, .ended])
        // 2776 units at 10 units per mm: the axis spans 0…2776, 2777 positions (277.7 mm).
        #expect(abs((trace.metadata.screen?.width ?? 0) - 2777.0 / 10 / 25.4 * 72) < 1e-9)
    }

    @Test("a contradiction is refused naming its line", arguments: [
        ("A: 35 0 99 0 0 50\n", 13, "axis 53 is described twice (one A: line per axis)."),
        ("A: 2f 0 1 0 0 0\n", 13, "axis 47 is described twice (one A: line per axis)."),
        ("A: 3a 0 255 0 0 -5\n", 13, "axis 58 has a negative resolution, -5."),
    ])
    func contradiction(extra: String, line: Int, reason: String) throws {
        let error = try #require(throws: TraceFormatError.self) {
            try EvemuImporter.parse(Self.description + extra + Self.events, path: "bad.evemu")
        }
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test("a description concatenated before a recording with its own is named as a second description")
    func twoDescriptions() throws {
        let error = try #require(throws: TraceFormatError.self) {
            try EvemuImporter.parse(Self.description + Self.description + Self.events, path: "two.evemu")
        }
        #expect(error.line == 13)
        #expect(error.reason == "holds a second device description (a second N: line); one recording describes one device.")
    }
}
