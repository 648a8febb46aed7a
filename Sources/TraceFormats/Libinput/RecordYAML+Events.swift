// The fast path of the libinput record parser: nearly every line of a recording is one kernel
// event, `    - [  0,  12345,   3,  53,    512] # EV_ABS / ABS_MT_POSITION_X  512`. Such a
// line is read from its bytes into an ``EvdevEvent`` kept in the parser's line list (no string,
// no tree node per event); every other line, and any event line that is unusual or outside the
// kernel's ranges, takes the general path, which reads it or names the problem as before.
extension RecordYAML.Parser {
    private static let itemText: Substring = "- ["
    private static let frameText: Substring = "- evdev:"

    /// Adds one line given as bytes.
    mutating func addBytes(_ line: UnsafeRawBufferPointer, number: Int) throws {
        var cursor = ByteCursor(line)
        while cursor.take(0x20) {}
        let indent = cursor.position
        if let event = Self.event(&cursor) {
            events.append(event)
            // The next line of a run at the same indent extends it.
            if let last = lines.last, let run = last.events, last.indent == indent,
               last.number + run.count == number, run.upperBound == events.count - 1 {
                lines[lines.count - 1].events = run.lowerBound..<events.count
            } else {
                lines.append(RecordYAML.Line(number: number, indent: indent, text: Self.itemText, events: (events.count - 1)..<events.count, isItem: true))
            }
            return
        }
        cursor.position = indent
        if cursor.take("- evdev:"), cursor.atEnd {
            lines.append(RecordYAML.Line(number: number, indent: indent, text: Self.frameText, events: nil, isItem: true, isFrame: true))
            return
        }
        try add(ByteLines.substring(line), number: number)
    }

    /// `- [sec, usec, type, code, value]` with an optional comment after a space, within the
    /// ranges ``LibinputRecordImporter`` checks; `nil` otherwise (``event(_:from:end:)``).
    @inline(__always)
    static func event(_ cursor: inout ByteCursor) -> EvdevEvent? {
        guard let base = cursor.bytes.baseAddress else { return nil }
        return event(base, from: cursor.position, end: cursor.bytes.count)
    }

    /// The same over the bytes `from..<end` at `base`, read by hand: no cursor, no optional
    /// per byte, wrapping arithmetic on indices that lie within one line.
    @inline(__always)
    static func event(_ base: UnsafeRawPointer, from start: Int, end: Int) -> EvdevEvent? {
        var stamp = LineStamp()
        return event(base, from: start, end: end, stamp: &stamp)
    }

    /// The same, where `base` is the start of the line and `stamp` the time stamp of the
    /// previous event line (its bytes from the start of the line up to the comma after its
    /// microseconds), compared first: the events of a frame share it (``LineStamp``). Every
    /// line read with one stamp must start its item at the same `start`.
    @inline(__always)
    static func event(_ base: UnsafeRawPointer, from start: Int, end: Int, stamp: inout LineStamp) -> EvdevEvent? {
        @inline(__always) func byte(_ index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }
        var index = start
        /// A decimal (an optional `-`, 1 to 18 digits) between spaces, then `terminator`.
        @inline(__always) func number(_ terminator: UInt8) -> Int64? {
            while index < end, byte(index) == 0x20 { index &+= 1 }
            guard let value = ByteScan.signedDecimal(base, at: &index, end: end) else { return nil }
            while index < end, byte(index) == 0x20 { index &+= 1 }
            guard index < end, byte(index) == terminator else { return nil }
            index &+= 1
            return value
        }
        let time: Int64
        if !stamp.starts(base, end: end) {
            guard end &- index >= 3, byte(index) == UInt8(ascii: "-"), byte(index &+ 1) == 0x20 else { return nil }
            index &+= 2
            while index < end, byte(index) == 0x20 { index &+= 1 }
            guard index < end, byte(index) == UInt8(ascii: "[") else { return nil }
            index &+= 1
            // The ranges are checked here rather than with the other fields: the result is the same.
            guard let seconds = number(UInt8(ascii: ",")), let micros = number(UInt8(ascii: ",")),
                  seconds >= 0, seconds < 9_000_000_000, micros >= 0, micros < 1_000_000,
                  seconds * 1_000_000_000 + micros * 1000 <= EvdevEvent.latestTime else { return nil }
            time = seconds * 1_000_000_000 + micros * 1000
            stamp.keep(base, end: end, length: index, time: time)
        } else {
            // The same bytes up to the comma after the microseconds: the same time.
            time = stamp.time
            index = stamp.length
        }
        guard let type = number(UInt8(ascii: ",")), let code = number(UInt8(ascii: ",")),
              let value = number(UInt8(ascii: "]")) else { return nil }
        // Only spaces may follow, then a comment that a space opens.
        let after = index
        while index < end, byte(index) == 0x20 { index &+= 1 }
        if index < end {
            guard byte(index) == UInt8(ascii: "#"), index > after else { return nil }
        }
        guard type <= Int64(EvdevCode.evMax), type >= 0, code >= 0, code <= Int64(EvdevCode.codeMax),
              let value32 = Int32(exactly: value) else { return nil }
        return EvdevEvent(time: time, type: UInt16(type), code: UInt16(code), value: value32)
    }

    /// Events of a run as the general path's nodes: flow sequences of their five numbers,
    /// on consecutive lines from `firstLine`.
    func nodes(_ run: Range<Int>, firstLine: Int) -> [RecordYAML] {
        run.map { index in
            let event = events[index], line = firstLine + (index - run.lowerBound)
            let numbers = [event.time / 1_000_000_000, event.time % 1_000_000_000 / 1000, Int64(event.type), Int64(event.code), Int64(event.value)]
            return .sequence(numbers.map { .scalar(String($0), line: line) }, line: line)
        }
    }
}
