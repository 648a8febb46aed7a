import Testing
import TouchInput
@testable import TraceFormats

/// The getevent event line's fast path (``GeteventEventLine``: word-at-a-time scans, names
/// looked up a word at a time, numbers by hand) held to the general parser line by line: what
/// it accepts, the general path reads the same way; what it declines, the general path reads
/// or refuses with the error it always gave.
@Suite("getevent event lines: fast path against the general one")
struct GeteventEventLineTests {
    /// The events and nodes `line` gives through the fast path (`nil`: declined) and through
    /// the general one (an error's reason when it refuses it).
    static func bothPaths(_ line: String) -> (fast: [String: [EvdevEvent]]?, general: Result<[String: [EvdevEvent]], TraceFormatError>) {
        var fastLog = GeteventImporter.Log()
        let accepted = Array(line.utf8).withUnsafeBytes { fastLog.readEvent($0) }
        var generalLog = GeteventImporter.Log()
        let general: Result<[String: [EvdevEvent]], TraceFormatError>
        do {
            try generalLog.read(Substring(line))
            general = .success(generalLog.events)
        } catch let error as TraceFormatError {
            general = .failure(error)
        } catch {
            general = .failure(TraceFormatError("\(error)"))
        }
        return (accepted ? fastLog.events : nil, general)
    }

    /// Lines the fast path must read, each exactly as the general path does.
    static let accepted: [(line: String, node: String, event: EvdevEvent)] = [
        ("[    4521.100000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN", "/dev/input/event0",
         EvdevEvent(time: 4_521_100_000_000, type: 1, code: 114, value: 1)),
        ("[       0.000000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000", "/dev/input/event0",
         EvdevEvent(time: 0, type: 0, code: 0, value: 0)),
        ("[   1.5] /dev/input/event12: EV_ABS ABS_MT_POSITION_X 7fffffff", "/dev/input/event12",
         EvdevEvent(time: 1_500_000_000, type: 3, code: 0x35, value: Int32.max)),
        // Upper, lower and mixed case hexadecimal; the extreme values of each field.
        ("[ 2.000001] 0003 0035 80000000", "", EvdevEvent(time: 2_000_001_000, type: 3, code: 0x35, value: Int32.min)),
        ("[ 2.000001] 0003 0035 FFFFFFFF", "", EvdevEvent(time: 2_000_001_000, type: 3, code: 0x35, value: -1)),
        ("[ 2.000001] 0003 0035 DeAdBeEf", "", EvdevEvent(time: 2_000_001_000, type: 3, code: 0x35, value: Int32(bitPattern: 0xdead_beef))),
        ("[ 2.000001] 001F 02FF 0", "", EvdevEvent(time: 2_000_001_000, type: 0x1f, code: 0x2ff, value: 0)),
        ("[ 2.000001] 1f 2fF a", "", EvdevEvent(time: 2_000_001_000, type: 0x1f, code: 0x2ff, value: 10)),
        ("[ 2.000001] 0000 0000 00000000", "", EvdevEvent(time: 2_000_001_000, type: 0, code: 0, value: 0)),
        // The latest time a trace keeps, 2^62 − 1 ns, to the nanosecond.
        ("[4611686018.427387903] 0003 0035 1", "", EvdevEvent(time: 4_611_686_018_427_387_903, type: 3, code: 0x35, value: 1)),
        // Tabs, runs of blanks across 8-byte words, trailing blanks, no blank after the bracket.
        ("\t[\t3.25\t]\t/dev/input/event1:\tEV_KEY\tBTN_TOUCH\tUP\t ", "/dev/input/event1",
         EvdevEvent(time: 3_250_000_000, type: 1, code: 0x14a, value: 0)),
        ("[3.25]/dev/input/event1:                         EV_REL                  REL_WHEEL           REPEAT          ",
         "/dev/input/event1", EvdevEvent(time: 3_250_000_000, type: 2, code: 8, value: 2)),
        // A lone colon is an empty device column, as the general path reads it.
        ("[ 1.0] : 0003 0035 1", "", EvdevEvent(time: 1_000_000_000, type: 3, code: 0x35, value: 1)),
        // A name read with the named type; a hexadecimal code with a named type.
        ("[ 1.0] EV_ABS 0035 00000001", "", EvdevEvent(time: 1_000_000_000, type: 3, code: 0x35, value: 1)),
        ("[ 1.0] 0003 ABS_MT_TRACKING_ID ffffffff", "", EvdevEvent(time: 1_000_000_000, type: 3, code: 0x39, value: -1)),
        // A long name near the end of the line (its last word read byte by byte).
        ("[ 1.0] EV_KEY BTN_TOOL_DOUBLETAP 1", "", EvdevEvent(time: 1_000_000_000, type: 1, code: 0x14d, value: 1)),
    ]

    @Test(arguments: accepted.indices)
    func fastPathReadsWhatTheGeneralPathReads(index: Int) throws {
        let (line, node, event) = Self.accepted[index]
        let (fast, general) = Self.bothPaths(line)
        let expected = [node: [event]]
        #expect(fast == expected, "\(line)")
        #expect(try general.get() == expected, "\(line)")
    }

    /// Lines the fast path declines: the general path then reads them (the same events as an
    /// equivalent plain line) or refuses them with its own words.
    static let declined: [(line: String, general: String)] = [
        ("[ +1.0] 0003 0035 1", "ok"),
        ("[ 1.0] 0x3 0035 1", "ok"),
        ("[ 1.0] 0003 0035 000000001", "ok"),  // nine digits: the general path reads them
        ("[ 1.0] 0003 0035 0x1", "ok"),
        ("[ 1.] 0003 0035 1", "ok"),
        ("[ 1.1234567891] 0003 0035 1", "the timestamp \"1.1234567891\" is not seconds.microseconds."),
        ("[4611686018.427387904] 0003 0035 1",
         "the timestamp \"4611686018.427387904\" s lies outside the accepted ±(2^62 − 1) ns (about ±146 years) from 1970."),
        ("[ -1.0] 0003 0035 1", "the timestamp \"-1.0\" is not seconds.microseconds."),
        ("[ 1.0] 0020 0035 1", "unknown event type \"0020\"."),
        ("[ 1.0] 0003 0300 1", "unknown event code \"0300\"."),
        ("[ 1.0] 0003 0035 -1", "the value \"-1\" is not hexadecimal."),
        ("[ 1.0] 0003 0035 1g", "the value \"1g\" is not hexadecimal."),
        ("[ 1.0] 0003 0035 down", "the value \"down\" is not hexadecimal."),
        ("[ 1.0] EV_ABS ABS_MT_POSITION_XX 1", "unknown event code \"ABS_MT_POSITION_XX\"."),
        ("[ 1.0] EV_ABS ABS_MT_POSITION_ 1", "unknown event code \"ABS_MT_POSITION_\"."),
        ("[ 1.0] ev_abs 0035 1", "unknown event type \"ev_abs\"."),
        ("[ 1.0] 0003 0035 1 2", "an event line needs a type, a code and a value."),
        // Cut mid-way: in the time, before the value, in a name.
        ("[ 1.00", "the timestamp has no closing bracket."),
        ("[ 1.000000] /dev/input/event0: EV_ABS ABS_MT_POSITION_X", "an event line needs a type, a code and a value."),
        ("[ 1.000000] /dev/input/event0: EV_ABS ABS_MT_POS", "an event line needs a type, a code and a value."),
        ("[ 1.000000] /dev/input/event0: EV_ABS ABS_MT_POS 1", "unknown event code \"ABS_MT_POS\"."),
    ]

    @Test(arguments: declined.indices)
    func fastPathDeclinesWhatItDoesNotKnow(index: Int) {
        let (line, expected) = Self.declined[index]
        let (fast, general) = Self.bothPaths(line)
        #expect(fast == nil, "\(line)")
        switch general {
        case .success(let events):
            #expect(expected == "ok", "\(line)")
            #expect(events.values.flatMap { $0 }.count == 1, "\(line)")
        case .failure(let error):
            #expect(error.reason == expected, "\(line)")
        }
    }

    /// `lines` read one after the other by a log through the fast path (each must take it)
    /// and by one through the general path.
    static func readEvery(_ lines: [String]) throws -> (fast: GeteventImporter.Log, general: GeteventImporter.Log) {
        var fast = GeteventImporter.Log(), general = GeteventImporter.Log()
        for line in lines {
            #expect(Array(line.utf8).withUnsafeBytes { fast.readEvent($0) }, "\(line)")
            try general.read(Substring(line))
        }
        return (fast, general)
    }

    @Test func nodesRepeatChangeAndVanish() throws {
        let lines = [
            "[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 1",
            "[ 1.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 2",
            "[ 1.0] /dev/input/event20: EV_SYN SYN_REPORT 0",  // the previous node is a prefix
            "[ 1.0] /dev/input/event2:: EV_SYN SYN_REPORT 0",  // a node that ends with a colon
            "[ 1.0] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[ 1.0] 0000 0000 00000000",
            "[ 1.0] 0000 0000 00000001",
            "[ 1.0] /dev/input/event2:\tEV_SYN SYN_REPORT 2",
        ]
        let (fast, general) = try Self.readEvery(lines)
        #expect(fast.events == general.events)
        #expect(fast.eventNodes == general.eventNodes)
        #expect(fast.eventNodes == ["/dev/input/event2", "/dev/input/event20", "/dev/input/event2:", ""])
        #expect(fast.events["/dev/input/event2"]?.map(\.value) == [1, 2, 0, 2])
    }

    /// The time stamp of the previous line is compared rather than parsed again: lines that
    /// share it, differ from it in one byte, or are too short for it read as the general path reads them.
    @Test func repeatedStampsReadAsTheGeneralPathReadsThem() throws {
        let lines = [
            "[       1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 1",
            "[       1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 2",
            "[       1.000001] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[       1.000001] 0 0 0",
            "[ 1.000001] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[ 1.0000010] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[ 1.00000] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[ 1.00000] /dev/input/event2: EV_SYN SYN_REPORT 00000003",
            "[    4611686018.427387903] /dev/input/event2: EV_SYN SYN_REPORT 0",
            "[    4611686018.427387903] /dev/input/event2: EV_SYN SYN_REPORT 1",
            "\t[       1.000000] /dev/input/event2: EV_SYN SYN_REPORT 4",
        ]
        let (fast, general) = try Self.readEvery(lines)
        #expect(fast.events == general.events)
        #expect(fast.events["/dev/input/event2"]?.map(\.time) == [
            1_000_000_000, 1_000_000_000, 1_000_001_000, 1_000_001_000, 1_000_001_000, 1_000_000_000, 1_000_000_000,
            4_611_686_018_427_387_903, 4_611_686_018_427_387_903, 1_000_000_000,
        ])
    }

    /// CR LF line ends and a byte-order mark read as LF alone does; a line cut mid-way and
    /// followed by more lines names its line, as before.
    @Test func crlfAndByteOrderMarkReadAsPlainLines() throws {
        let plain = GeteventTests.labelled + "\n"
        let crlf = "\u{FEFF}" + plain.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let a = try GeteventImporter.parse(plain), b = try GeteventImporter.parse(crlf)
        #expect(a.samples == b.samples)
        #expect(a.metadata == b.metadata)
        let cut = "[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000001\n[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_PO\n"
            + "[ 1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"
        #expect { try GeteventImporter.parse(cut, path: "cut.txt") } throws: { error in
            let error = error as? TraceFormatError
            return error?.line == 2 && error?.path == "cut.txt" && error?.reason == "an event line needs a type, a code and a value."
        }
    }

    /// Every name of every type, looked up with its last word loaded whole and byte by byte,
    /// and near misses that must not be found.
    @Test func byteTableFindsEveryNameAndNothingElse() {
        let table = EvdevNames.codeNames
        var checked = 0
        for type in UInt16(0)...EvdevCode.evMax {
            for code in UInt16(0)...EvdevCode.codeMax {
                guard let name = EvdevNames.codeName(type: type, code: code) else { continue }
                let expected = EvdevNames.code(named: name, type: type)
                let padded = Array(name.utf8) + Array(repeating: UInt8(ascii: " "), count: 8)
                padded.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { Issue.record("no bytes"); return }
                    let count = name.utf8.count
                    #expect(table.value(base, count: count, readable: count, space: type) == expected, "\(name)")
                    #expect(table.value(base, count: count, readable: count + 8, space: type) == expected, "\(name)")
                    #expect(table.value(base, count: count - 1, readable: count + 8, space: type)
                            == EvdevNames.code(named: String(name.dropLast()), type: type), "\(name)")
                    #expect(table.value(base, count: count + 1, readable: count + 8, space: type) == nil, "\(name)")
                }
                checked += 1
            }
        }
        #expect(checked > 150)
        Array("EV_ABS".utf8).withUnsafeBytes { bytes in
            #expect(EvdevNames.typeTable.value(bytes) == 3)
            #expect(EvdevNames.codeNames.value(bytes, space: 3) == nil)
        }
    }

    /// The word scans at every offset around the 8-byte steps.
    @Test func blankScansAtEveryOffset() {
        for length in 1..<24 {
            for position in 0...length {
                for blank in [UInt8(ascii: " "), UInt8(ascii: "\t")] {
                    var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                    if position < length { bytes[position] = blank }
                    bytes.withUnsafeBytes { buffer in
                        guard let base = buffer.baseAddress else { Issue.record("no bytes"); return }
                        #expect(ByteScan.blank(base, from: 0, end: length) == position)
                    }
                    var spaces = Array(repeating: blank, count: length)
                    if position < length { spaces[position] = UInt8(ascii: "x") }
                    spaces.withUnsafeBytes { buffer in
                        guard let base = buffer.baseAddress else { Issue.record("no bytes"); return }
                        #expect(ByteScan.skipBlanks(base, from: 0, end: length) == position)
                    }
                }
            }
        }
    }
}
