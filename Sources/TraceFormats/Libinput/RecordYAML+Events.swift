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
    /// ranges ``LibinputRecordImporter`` checks; `nil` otherwise.
    @inline(__always)
    static func event(_ cursor: inout ByteCursor) -> EvdevEvent? {
        guard cursor.take(UInt8(ascii: "-")), cursor.take(0x20) else { return nil }
        while cursor.take(0x20) {}
        guard cursor.take(UInt8(ascii: "[")) else { return nil }
        var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        for index in 0..<5 {
            while cursor.take(0x20) {}
            guard let value = cursor.decimal() else { return nil }
            while cursor.take(0x20) {}
            guard cursor.take(index < 4 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return nil }
            switch index {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            default: numbers.4 = value
            }
        }
        // Only spaces may follow, then a comment that a space opens.
        let end = cursor.position
        while cursor.take(0x20) {}
        if !cursor.atEnd {
            guard cursor.current == UInt8(ascii: "#"), cursor.position > end else { return nil }
        }
        let (seconds, micros, type, code, value) = numbers
        guard seconds >= 0, seconds < 9_000_000_000, micros >= 0, micros < 1_000_000,
              seconds * 1_000_000_000 + micros * 1000 <= EvdevEvent.latestTime,
              type <= Int64(EvdevCode.evMax), type >= 0, code >= 0, code <= Int64(EvdevCode.codeMax),
              let value32 = Int32(exactly: value) else { return nil }
        return EvdevEvent(time: seconds * 1_000_000_000 + micros * 1000, type: UInt16(type), code: UInt16(code), value: value32)
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
