import Testing
@testable import TraceFormats

/// The exporters' number formatting, against the standard library's, at the edges of the types.
@Suite("Text buffer formatting")
struct TextBufferTests {
    static let values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 4095, 65_535, 123_456_789, 1 << 31, 1 << 53,
                                  Int64.max, Int64.max - 1, Int64.min, Int64.min + 1] + [1, 9, 10, 99, 100, 1001, 1 << 31].map { -$0 }

    /// `%0*d` / `%*d` as evemu, libinput and getevent print them: the sign first when zero-padded.
    static func padded(_ value: Int64, width: Int, zero: Bool) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let fill = String(repeating: zero ? "0" : " ", count: max(0, width - digits.count - sign.count))
        return zero ? sign + fill + digits : fill + sign + digits
    }

    static func text(_ write: (TextBuffer) -> Void) -> String {
        let buffer = TextBuffer(capacity: 1)
        write(buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test("decimals at every width and padding, through Int64's ends", arguments: values)
    func decimals(value: Int64) {
        for width in [0, 3, 4, 6, 21, 25] {
            #expect(Self.text { $0.append(decimal: value, width: width) } == Self.padded(value, width: width, zero: false))
            #expect(Self.text { $0.append(decimal: value, width: width, pad: 0x30) } == Self.padded(value, width: width, zero: true))
        }
        if let small = Int32(exactly: value) {
            #expect(Self.text { $0.append(decimal: small, width: 4, pad: 0x30) } == Self.padded(value, width: 4, zero: true))
        }
    }

    @Test("microsecond times (of times from zero on), rounded, with and without a seconds width")
    func microsecondTimes() {
        for (nanoseconds, text) in [(Int64(0), "0.000000"), (1_499, "0.000001"), (1_500, "0.000002"), (12_345_678_901, "12.345679"),
                                    (4_611_686_018_427_387_903, "4611686018.427388")] as [(Int64, String)] {
            #expect(Self.text { buffer in buffer.write(reserving: 40) { $0.append(microsecondTime: nanoseconds) } } == text)
            #expect(Self.text { buffer in buffer.write(reserving: 40) { $0.append(microsecondTime: nanoseconds, secondsWidth: 8) } }
                    == String(repeating: " ", count: max(0, 15 - text.count)) + text)
        }
    }

    @Test("hexadecimal, zero-padded to a width or wider")
    func hexadecimal() {
        for value: UInt32 in [0, 1, 0xf, 0x10, 0x35, 0xfff, 0x1000, 0xabcd, 0x12345, 0xffff_ffff, 0x8000_0000] {
            for width in [0, 2, 4, 8, 10] {
                let digits = String(value, radix: 16)
                #expect(Self.text { $0.append(hex: value, width: width) } == String(repeating: "0", count: max(0, width - digits.count)) + digits)
            }
        }
    }

    @Test("a repeated field is written once per key and copied while the key stays, across the buffer's growth")
    func repeatedField() {
        var calls = 0
        let text = Self.text { buffer in
            var field = LineCursor.Repeated()
            for key: Int64 in [5, 5, 7, 7, 7, 5] {
                buffer.write(reserving: 64) { line in
                    line.append("[")
                    line.append(&field, key: key) { calls += 1; $0.append(decimal: key * 1000, width: 6) }
                    line.append(byte: 0x5d)
                }
            }
        }
        #expect(text == "[  5000][  5000][  7000][  7000][  7000][  5000]")
        #expect(calls == 3)
    }
}
