import Testing
import TouchInput
@testable import TraceFormats

/// The evemu `E:` line's fast path (``EvemuEventLine``: blanks and fields found a word at a
/// time, numbers by hand, the time stamp compared with the previous line's) held to the general
/// parser line by line: what it accepts, the general path reads the same way; what it declines,
/// the general path reads or refuses as it always did.
@Suite("evemu event lines: fast path against the general one")
struct EvemuEventLineTests {
    /// The event of `line` by the fast path (after `previous`, whose stamp it may reuse) and
    /// by the general path (`nil` for an error or no event).
    static func bothPaths(_ line: String, after previous: String? = nil) -> (fast: EvdevEvent?, general: EvdevEvent?) {
        var stamp = EvemuEventLine.Stamp()
        if let previous { _ = Array(previous.utf8).withUnsafeBytes { EvemuEventLine.parse($0, stamp: &stamp) } }
        let fast = Array(line.utf8).withUnsafeBytes { EvemuEventLine.parse($0, stamp: &stamp) }
        var reader = EvemuImporter.Reader()
        let general = try? reader.generalEvent(Substring(line))
        return (fast, general ?? nil)
    }

    static let accepted: [(line: String, event: EvdevEvent)] = [
        ("E: 1764768000.123456 0003 0035 0512\t# EV_ABS / ABS_MT_POSITION_X 512",
         EvdevEvent(time: 1_764_768_000_123_456_000, type: 3, code: 0x35, value: 512)),
        ("E: 0.000000 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------", EvdevEvent(time: 0, type: 0, code: 0, value: 0)),
        ("E: 2.5 0003 0039 -001", EvdevEvent(time: 2_500_000_000, type: 3, code: 0x39, value: -1)),
        ("  \tE:\t2.000001   1F\t2fF   2147483647   ", EvdevEvent(time: 2_000_001_000, type: 0x1f, code: 0x2ff, value: Int32.max)),
        ("E: 2.000001 0003 0035 -2147483648#comment", EvdevEvent(time: 2_000_001_000, type: 3, code: 0x35, value: Int32.min)),
        ("E: 4611686018.427387903 00000003 00000035 1", EvdevEvent(time: 4_611_686_018_427_387_903, type: 3, code: 0x35, value: 1)),
        ("E: 000000000000000001.1 3 35 000000000000000001", EvdevEvent(time: 1_100_000_000, type: 3, code: 0x35, value: 1)),
    ]

    @Test(arguments: accepted.indices)
    func readsAsTheGeneralPath(index: Int) {
        let (line, event) = Self.accepted[index]
        let both = Self.bothPaths(line)
        #expect(both.fast == event, "\(line)")
        #expect(both.general == event, "\(line)")
        // After a line of the same time, and after one of another.
        #expect(Self.bothPaths(line, after: line).fast == event, "\(line)")
        #expect(Self.bothPaths(line, after: "E: 9.999999 0003 0035 1").fast == event, "\(line)")
    }

    /// Lines the fast path declines: the general path reads them (the same event) or refuses them.
    static let declined = [
        "E: 1.5 0003 0035 +1", "E: 1.5 0x3 0035 1", "E: 1.5 0003 0035 1 x", "E: 1.5 0003 0035", "E: 1.5 0003",
        "E: 1.5 000000003 0035 1", "E: 1.5 0020 0035 1", "E: 1.5 0003 0300 1", "E: 1.5 0003 0035 2147483648",
        "E: 1.5 0003 0035 0000000000000000001", "E: 1.1234567890 0003 0035 1", "E: -1.5 0003 0035 1", "E: 1. 0003 0035 1",
        "E: .5 0003 0035 1", "E: 9000000000.0 0003 0035 1", "E: 4611686018.427387904 0003 0035 1", "E: 1.5x 0003 0035 1",
        "E:1.5 0003 0035 1x", "E 1.5 0003 0035 1", "N: name", "# E: 1.5 0003 0035 1", "",
    ]

    @Test(arguments: declined)
    func declinesOrAgrees(line: String) {
        let both = Self.bothPaths(line)
        // Declined, or read as the general path reads it (a line it accepts that the fast path need not).
        #expect(both.fast == nil || both.fast == both.general, "\(line)")
        #expect(Self.bothPaths(line, after: "E: 1.5 0003 0035 1").fast == both.fast, "\(line)")
    }

    @Test("a time stamp that starts as the previous one's but goes on is read again")
    func longerTime() {
        let previous = "E: 1764768000.12345 0003 0035 1"
        #expect(Self.bothPaths("E: 1764768000.123456 0003 0035 1", after: previous).fast
            == EvdevEvent(time: 1_764_768_000_123_456_000, type: 3, code: 0x35, value: 1))
        #expect(Self.bothPaths("E: 1764768000.12345\t0003 0035 1", after: previous).fast
            == EvdevEvent(time: 1_764_768_000_123_450_000, type: 3, code: 0x35, value: 1))
        #expect(Self.bothPaths("E: 1764768000.12345x 0003 0035 1", after: previous).fast == nil)
    }
}
