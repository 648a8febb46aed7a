import Testing
import TouchInput
@testable import TraceFormats

/// The one-step reads of the evdev event lines' fast paths held to the byte-by-byte ones and
/// to the general parsers: eight hexadecimal digits in one word (``ByteScan/hex8(_:)``), evemu's
/// padded type and code, getevent's type and code fields remembered by their bytes
/// (``GeteventFieldCache``) and its device column held as words
/// (``GeteventEventLine/KnownNode``).
@Suite("evdev event lines: one-step reads against the general ones")
struct EvdevLineStepTests {
    /// `hex8` of `text` (8 bytes) and the digit-by-digit reading of the same bytes.
    static func bothHex(_ bytes: [UInt8]) -> (word: UInt32?, digits: UInt32?) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return (nil, nil) }
            return (ByteScan.hex8(ByteScan.load(base, at: 0)), GeteventEventLine.hex(base, from: 0, to: 8))
        }
    }

    @Test func hex8ReadsEveryByteAsTheDigitLoopDoes() {
        // Every byte value in every place of a field of digits and letters of both cases.
        for base in ["0123abCD", "FFFFFFFF", "00000000", "7fffffff", "9aF0b1E2"] {
            let digits = Array(base.utf8)
            #expect(Self.bothHex(digits).word == UInt32(base, radix: 16), "\(base)")
            for place in 0..<8 {
                for byte in UInt8.min...UInt8.max {
                    var bytes = digits
                    bytes[place] = byte
                    let both = Self.bothHex(bytes)
                    #expect(both.word == both.digits, "\(base) with \(byte) at \(place)")
                }
            }
        }
    }

    /// evemu lines in the padded columns every writer uses, and near misses of them.
    static let evemuLines = [
        "E: 1.000000 0003 0035 512\t# EV_ABS / ABS_MT_POSITION_X 512",
        "E: 1.000000 001f 02FF -1", "E: 1.000000 001F 02ff 1 ", "E: 1.000000 0020 0035 1", "E: 1.000000 0003 0300 1",
        "E: 1.000000 00g3 0035 1", "E: 1.000000 0003 003 1", "E: 1.000000 0003\t0035 1", "E: 1.000000 0003 0035\t1",
        "E: 1.000000 0003 0035 ", "E: 1.000000 0003 0035", "E: 1.000000 0003 00350 1", "E: 1.000000\t0003 0035 7",
        "E: 1.000000 +003 0035 1", "E: 1.000000 0003 -035 1", "E: 1.000000 0003 0035 -", "E: 1.000000 0003 0035 12#x",
    ]

    @Test(arguments: evemuLines)
    func evemuPaddedFieldsReadAsTheGeneralPath(line: String) {
        let both = EvemuEventLineTests.bothPaths(line)
        #expect(both.fast == nil || both.fast == both.general, "\(line)")
        #expect(EvemuEventLineTests.bothPaths(line, after: "E: 1.000000 0000 0000 0").fast == both.fast, "\(line)")
        if line.hasPrefix("E: 1.000000 0003 0035 512") || line.hasPrefix("E: 1.000000 001f") {
            #expect(both.fast != nil, "\(line)")
        }
    }

    /// Lines read one after the other, twice over (the second time every type and code comes
    /// from the remembered fields), by the fast path and by the general one.
    @Test func rememberedFieldsReadAsTheGeneralPath() throws {
        let pad = "                                        "
        var lines: [String] = []
        for (type, code) in [("EV_ABS", "ABS_MT_POSITION_X"), ("EV_ABS", "ABS_MT_POSITION_Y"), ("EV_KEY", "BTN_TOUCH"),
                             ("EV_SYN", "SYN_REPORT"), ("0003", "0035"), ("EV_ABS", "0036"), ("EV_ABS", "ABS_MT_TOOL_TYPE")] {
            let field = type + String(pad.prefix(max(1, 13 - type.count))) + code + String(pad.prefix(max(1, 21 - code.count)))
            for value in ["00000001", "fffffffe", "DOWN", "1", "0000000g"] {
                lines.append("[       1.000000] /dev/input/event2: " + field + value)
            }
            // The same fields with one blank more or less before the value, or a tab.
            lines.append("[       1.000000] /dev/input/event2: " + field + " 00000002")
            lines.append("[       1.000000] /dev/input/event2: " + String(field.dropLast()) + "00000003")
            lines.append("[       1.000000] /dev/input/event2: " + String(field.dropLast()) + "\t00000004")
        }
        // Names one byte apart in their last word, then a line too short to remember.
        lines.append("[       1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_XX   00000005")
        lines.append("[ 1.0] EV_ABS ABS_MT_POSITION_X 6")
        for line in lines + lines {
            let (fast, general) = GeteventEventLineTests.bothPaths(line)
            if let fast { #expect(fast == (try? general.get()), "\(line)") }
        }
        var fast = GeteventImporter.Log(), general = GeteventImporter.Log()
        var taken = 0
        for line in lines + lines {
            if Array(line.utf8).withUnsafeBytes({ fast.readEvent($0) }) {
                taken += 1
            } else {
                try? fast.read(Substring(line))
            }
            try? general.read(Substring(line))
        }
        #expect(fast.events == general.events)
        #expect(taken > lines.count)
    }

    /// Device columns of every length around the four words a node is held in.
    @Test func nodesOfEveryLengthRepeat() throws {
        var lines: [String] = []
        for length in [1, 7, 8, 9, 16, 17, 24, 31, 32, 33, 40] {
            let node = String(repeating: "n", count: length - 1) + "\(length % 10)"
            lines.append("[ 1.0] \(node): EV_ABS ABS_MT_POSITION_X 1")
            lines.append("[ 1.0] \(node): EV_ABS ABS_MT_POSITION_Y 2")
            lines.append("[ 1.0] \(node)x: EV_SYN SYN_REPORT 0")
            lines.append("[ 1.0] \(node): EV_SYN SYN_REPORT 0")
            lines.append("[       1.000000] \(node): EV_ABS       ABS_MT_POSITION_X    00000003")
        }
        let (fast, general) = try GeteventEventLineTests.readEvery(lines)
        #expect(fast.events == general.events)
        #expect(fast.eventNodes == general.eventNodes)
    }
}
