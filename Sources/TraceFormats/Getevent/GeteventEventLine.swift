/// The fast path of a getevent event line, `[   12.345678] /dev/input/event2: EV_ABS
/// ABS_MT_POSITION_X 00000123` (labelled, `getevent -lt`) or `[   12.345678] 0003 0035
/// 00000123` (raw, `getevent -t`), with or without the device column: read straight from the
/// line's bytes, the runs of spaces that pad its fields skipped 8 bytes at a time, names looked
/// up a word at a time (``EvdevNames/ByteTable``), numbers parsed by hand.
///
/// It accepts a subset of what ``GeteventImporter/Log/read(_:)`` accepts, with the same result:
/// anything else — a sign, `0x`, more than 8 hexadecimal digits, more than 9 fraction digits,
/// a time past ``EvdevEvent/latestTime``, an unknown name, a fourth field — answers `nil`, and
/// the general path reads the line or names its problem.
struct GeteventEventLine {
    var event: EvdevEvent
    /// Where the device column (without its colon) lies in the line; empty when there is none.
    var node: Range<Int>
    /// Whether the device column is the bytes of `known` (both empty counts).
    var sameNode: Bool
    /// Whether the type was given by name (`getevent -l`).
    var named: Bool

    /// The tables the lines are read with, fetched once per log rather than per line.
    struct Names {
        let types = EvdevNames.typeTable
        let codes = EvdevNames.codeNames
    }

    /// The time stamp of the last line read, `[   12.345678]` with what precedes it.
    typealias Stamp = LineStamp

    /// The device column of the previous event line, held as up to four little-endian words
    /// padded with zeros (no array to borrow per line); a longer one, or none yet, is held as
    /// unknown (count −1) and never matches, so that its lines take the general node lookup.
    struct KnownNode {
        static let capacity = 32
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        /// The masks of the four words (all ones for bytes within `count`).
        private var masks: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        private(set) var count = -1

        init() {}

        init(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count <= Self.capacity else { return }
            count = bytes.count
            masks = (ByteScan.mask(count), ByteScan.mask(count - 8), ByteScan.mask(count - 16), ByteScan.mask(count - 24))
            guard let base = bytes.baseAddress else { return }
            func word(_ offset: Int) -> UInt64 { offset < count ? ByteScan.word(base, at: offset, count: count, readable: count) : 0 }
            words = (word(0), word(8), word(16), word(24))
        }

        /// Whether the `count` bytes at `index` of the line at `base` (`end` bytes, at least
        /// `index + count`) are these.
        @inline(__always)
        func matches(_ base: UnsafeRawPointer, at index: Int, end: Int) -> Bool {
            guard count > 0 else { return count == 0 }
            let start = base + index
            let readable = end &- index
            if readable >= 32 {
                // Four words whole, masked: one comparison.
                return (ByteScan.load(start, at: 0) & masks.0 ^ words.0) | (ByteScan.load(start, at: 8) & masks.1 ^ words.1)
                    | (ByteScan.load(start, at: 16) & masks.2 ^ words.2) | (ByteScan.load(start, at: 24) & masks.3 ^ words.3) == 0
            }
            if ByteScan.word(start, at: 0, count: count, readable: readable) != words.0 { return false }
            if count > 8, ByteScan.word(start, at: 8, count: count, readable: readable) != words.1 { return false }
            if count > 16, ByteScan.word(start, at: 16, count: count, readable: readable) != words.2 { return false }
            if count > 24, ByteScan.word(start, at: 24, count: count, readable: readable) != words.3 { return false }
            return true
        }
    }

    /// The event `line` holds, or `nil` (see the type). `fields`: the type and code fields of
    /// lines read before (``GeteventFieldCache``); `known`: the device column of the previous
    /// event line, checked first (most lines repeat it); `stamp`: its time stamp.
    @inline(__always)
    static func parse(_ line: UnsafeRawBufferPointer, names: Names, fields: GeteventFieldCache.Entries, known: KnownNode,
                      stamp: inout Stamp) -> GeteventEventLine? {
        guard let base = line.baseAddress else { return nil }
        let end = line.count
        var index: Int
        let time: Int64
        if stamp.starts(base, end: end) {
            time = stamp.time
            index = stamp.length
        } else {
            index = ByteScan.skipBlanks(base, from: 0, end: end)
            guard index < end, base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "[") else { return nil }
            index = ByteScan.skipBlanks(base, from: index &+ 1, end: end)
            guard let seconds = seconds(base, index: &index, end: end) else { return nil }
            index = ByteScan.skipBlanks(base, from: index, end: end)
            guard index < end, base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "]") else { return nil }
            index &+= 1
            time = seconds
            stamp.keep(base, end: end, length: index, time: time)
        }
        index = ByteScan.skipBlanks(base, from: index, end: end)

        // The device column, when the first field ends with a colon.
        var node = index..<index
        var sameNode: Bool
        let knownCount = known.count
        if knownCount > 0, end - index > knownCount,
           base.load(fromByteOffset: index + knownCount, as: UInt8.self) == UInt8(ascii: ":"),
           index + knownCount + 1 == end || isBlank(base.load(fromByteOffset: index + knownCount + 1, as: UInt8.self)),
           known.matches(base, at: index, end: end) {
            node = index..<(index + knownCount)
            sameNode = true
            index = ByteScan.skipBlanks(base, from: index + knownCount + 1, end: end)
        } else {
            let fieldEnd = ByteScan.blank(base, from: index, end: end)
            if fieldEnd > index, base.load(fromByteOffset: fieldEnd - 1, as: UInt8.self) == UInt8(ascii: ":") {
                node = index..<(fieldEnd - 1)
                index = ByteScan.skipBlanks(base, from: fieldEnd, end: end)
            }
            sameNode = node.count == knownCount && (knownCount == 0 || known.matches(base, at: node.lowerBound, end: end))
        }

        // Type and code: as a line read before with the same bytes, else read here.
        let type: UInt16
        let code: UInt16
        let named: Bool
        if let known = fields.find(base, at: index, end: end) {
            (type, code, named) = (known.type, known.code, known.named)
            index &+= known.count
        } else {
            let fieldsStart = index
            let typeEnd = ByteScan.blank(base, from: index, end: end)
            guard typeEnd > index else { return nil }
            if let value = names.types.value(base + index, count: typeEnd - index, readable: end - index, space: 0) {
                type = value
                named = true
            } else {
                guard let value = hex(base, from: index, to: typeEnd), value <= UInt32(EvdevCode.evMax) else { return nil }
                type = UInt16(value)
                named = false
            }
            index = ByteScan.skipBlanks(base, from: typeEnd, end: end)

            let codeEnd = ByteScan.blank(base, from: index, end: end)
            guard codeEnd > index else { return nil }
            if let value = names.codes.value(base + index, count: codeEnd - index, readable: end - index, space: type) {
                code = value
            } else {
                guard let value = hex(base, from: index, to: codeEnd), value <= UInt32(EvdevCode.codeMax) else { return nil }
                code = UInt16(value)
            }
            guard code <= EvdevCode.codeMax else { return nil }
            index = ByteScan.skipBlanks(base, from: codeEnd, end: end)
            if index < end {
                fields.keep(GeteventFieldCache.Fields(type: type, code: code, named: named, count: index &- fieldsStart), base,
                            at: fieldsStart, end: end)
            }
        }

        // Value, then nothing but blanks: 8 hexadecimal digits that end the line (as every
        // exporter writes them) in one step.
        let value: Int32
        if end &- index == 8, let bits = ByteScan.hex8(ByteScan.load(base, at: index)) {
            value = Int32(bitPattern: bits)
        } else {
            let valueEnd = ByteScan.blank(base, from: index, end: end)
            guard valueEnd > index, ByteScan.skipBlanks(base, from: valueEnd, end: end) == end else { return nil }
            if let bits = hex(base, from: index, to: valueEnd) {
                value = Int32(bitPattern: bits)
            } else if let word = keyWord(base, from: index, to: valueEnd) {
                value = word
            } else {
                return nil
            }
        }
        return GeteventEventLine(event: EvdevEvent(time: time, type: type, code: code, value: value), node: node,
                                 sameNode: sameNode, named: named)
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `seconds.fraction` (1 to 18 whole digits below 9 000 000 000 s, 1 to 9 fraction digits,
    /// no sign) as nanoseconds no later than ``EvdevEvent/latestTime``; `index` moves past it.
    @inline(__always)
    static func seconds(_ base: UnsafeRawPointer, index: inout Int, end: Int) -> Int64? {
        guard let (whole, _) = ByteScan.digits(base, index: &index, end: end, limit: 18), whole < 9_000_000_000, index < end,
              base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: ".") else { return nil }
        index &+= 1
        guard let (digits, places) = ByteScan.digits(base, index: &index, end: end, limit: 9) else { return nil }
        var fraction = digits
        for _ in places..<9 { fraction &*= 10 }
        let time = whole &* 1_000_000_000 &+ fraction
        return time <= EvdevEvent.latestTime ? time : nil
    }

    /// 1 to 8 hexadecimal digits of either case, no prefix, filling `from..<to`.
    @inline(__always)
    static func hex(_ base: UnsafeRawPointer, from: Int, to: Int) -> UInt32? {
        guard to > from, to - from <= 8 else { return nil }
        var value: UInt32 = 0
        for index in from..<to {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            var digit = byte &- 0x30
            if digit > 9 {
                // `A`…`F` and `a`…`f` alike; anything else lands outside 0…5.
                let letter = (byte | 0x20) &- 0x61
                guard letter < 6 else { return nil }
                digit = letter &+ 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `DOWN`, `UP` or `REPEAT` (what `getevent -l` prints for a key's 1, 0 and 2), exactly.
    @inline(__always)
    static func keyWord(_ base: UnsafeRawPointer, from: Int, to: Int) -> Int32? {
        let field = UnsafeRawBufferPointer(start: base + from, count: to - from)
        if ByteCursor.equal(field, "DOWN") { return 1 }
        if ByteCursor.equal(field, "UP") { return 0 }
        if ByteCursor.equal(field, "REPEAT") { return 2 }
        return nil
    }
}
