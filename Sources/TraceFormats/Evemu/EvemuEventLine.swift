/// The fast path of an evemu event line, `E: 12.345678 0003 0035 0123\t# EV_ABS / …`, read
/// from its bytes by hand (no cursor, wrapping arithmetic on indices within the line), the
/// time stamp compared with the previous event line's instead of read again (the events of a
/// frame share it: ``LineStamp``).
///
/// It accepts what the general path (``EvemuImporter/Reader``) accepts for such a line, with
/// the same event, or answers `nil`: spaces or tabs around the fields, `seconds.fraction` with
/// 1 to 18 whole digits below 9 000 000 000 s and 1 to 9 fraction digits no later than
/// ``EvdevEvent/latestTime``, type and code in 1 to 8 hexadecimal digits of either case within
/// their ranges, a decimal value with an optional `-` (1 to 18 digits) that fits 32 bits, and
/// then nothing but blanks and perhaps a comment (`#`).
enum EvemuEventLine {
    /// The first bytes of the previous event line, up to the end of its time.
    typealias Stamp = LineStamp

    /// The event `line` holds, or `nil` (see the type); `stamp`: the previous line's time stamp.
    @inline(__always)
    static func parse(_ line: UnsafeRawBufferPointer, stamp: inout Stamp) -> EvdevEvent? {
        guard let base = line.baseAddress else { return nil }
        let end = line.count
        @inline(__always) func byte(_ index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }
        @inline(__always) func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var index: Int
        let time: Int64
        let length = stamp.length
        if stamp.starts(base, end: end), length == end || isBlank(byte(length)) {
            // The same bytes up to a blank: the same time (a digit after them would have made another).
            time = stamp.time
            index = length
        } else {
            index = ByteScan.skipBlanks(base, from: 0, end: end)
            guard end &- index >= 2, byte(index) == UInt8(ascii: "E"), byte(index &+ 1) == UInt8(ascii: ":") else { return nil }
            index = ByteScan.skipBlanks(base, from: index &+ 2, end: end)
            guard let seconds = GeteventEventLine.seconds(base, index: &index, end: end), index == end || isBlank(byte(index)) else {
                return nil
            }
            time = seconds
            stamp.keep(base, end: end, length: index, time: time)
        }
        // The fields are one blank apart in every writer's lines: blanks are skipped a byte at a time.
        @inline(__always) func skipBlanks() { while index < end, isBlank(byte(index)) { index &+= 1 } }
        /// 1 to 8 hexadecimal digits of either case up to a blank or the end.
        @inline(__always) func hex() -> UInt32? {
            let start = index
            var value: UInt32 = 0
            while index < end {
                let character = byte(index)
                var digit = character &- 0x30
                if digit > 9 {
                    // `A`…`F` and `a`…`f` alike; anything else lands outside 0…5.
                    let letter = (character | 0x20) &- 0x61
                    guard letter < 6 else { break }
                    digit = letter &+ 10
                }
                value = value &<< 4 | UInt32(digit)
                index &+= 1
            }
            let count = index &- start
            guard count > 0, count <= 8, index == end || isBlank(byte(index)) else { return nil }
            return value
        }
        let type: UInt32
        let code: UInt32
        if end &- index >= 11, byte(index &+ 5) == 0x20, byte(index &+ 10) == 0x20,
           let both = ByteScan.hex8(ByteScan.load(base, at: index &+ 1) & 0xFFFF_FFFF
                                    | UInt64(base.loadUnaligned(fromByteOffset: index &+ 6, as: UInt32.self).littleEndian) << 32) {
            // ` tttt cccc `, as every writer pads them: both fields read in one step (the
            // byte before them is a blank, the stamp's check says; the digits are no blanks).
            type = both >> 16
            code = both & 0xFFFF
            index &+= 10
        } else {
            skipBlanks()
            guard let value = hex() else { return nil }
            type = value
            skipBlanks()
            guard let value = hex() else { return nil }
            code = value
        }
        guard type <= UInt32(EvdevCode.evMax), code <= UInt32(EvdevCode.codeMax) else { return nil }
        skipBlanks()
        guard let decimal = ByteScan.signedDecimal(base, at: &index, end: end), let value = Int32(exactly: decimal) else { return nil }
        skipBlanks()
        guard index == end || byte(index) == UInt8(ascii: "#") else { return nil }
        return EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }
}
