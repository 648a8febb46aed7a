import TouchInput

// The fast path of a CSV row: cells read straight from the line's bytes into a sample, with
// no array of strings. It builds exactly the sample ``CSVImporter/sample(_:columns:)`` builds
// from the same cells, and answers `nil` for anything it does not read the same way (a quote,
// a comment or blank line, a wrong cell count, a malformed value), leaving the line to the
// general path, which reads it or words the error.
extension CSVImporter {
    private static let kindNames: [([UInt8], SampleKind)] = SampleKind.allCases.map { (Array($0.name.utf8), $0) }
    private static let phaseNames: [([UInt8], SamplePhase)] = SamplePhase.allCases.map { (Array($0.name.utf8), $0) }

    private static let flagNames: [([UInt8], SampleFlags.RawValue)] = SampleFlags.named.map { (Array($0.name.utf8), $0.flag.rawValue) }
    private static let modifierNames: [([UInt8], ModifierFlags.RawValue)] = ModifierFlags.named.map { (Array($0.name.utf8), $0.flag.rawValue) }

    static func fastSample(_ line: UnsafeRawBufferPointer, columns: [Column]) -> InputSample? {
        guard !columns.isEmpty, ByteLines.index(of: UInt8(ascii: "\""), in: line, from: 0) == nil else { return nil }
        var lead = ByteCursor(line)
        lead.skipSpaces()
        guard !lead.atEnd, lead.current != UInt8(ascii: "#") else { return nil }
        var sample = InputSample(time: 0, kind: .touch, phase: .moved)
        var x: Double?, y: Double?, dx: Double?, dy: Double?
        var start = 0
        for (index, column) in columns.enumerated() {
            let end = ByteLines.index(of: UInt8(ascii: ","), in: line, from: start) ?? line.count
            // The last column takes the rest of the line; a comma left over is a cell too many.
            if index == columns.count - 1, end != line.count { return nil }
            if index < columns.count - 1, end == line.count { return nil }
            let cell = trimmed(UnsafeRawBufferPointer(rebasing: line[start..<end]))
            start = end + 1
            if cell.isEmpty { continue }
            switch column {
            case .t, .time_ns: guard let time = plainDecimal(cell, scale: 0) else { return nil }; sample.time = time
            case .time_us: guard let time = plainDecimal(cell, scale: 3) else { return nil }; sample.time = time
            case .time_ms: guard let time = plainDecimal(cell, scale: 6) else { return nil }; sample.time = time
            case .time_s: guard let time = plainDecimal(cell, scale: 9) else { return nil }; sample.time = time
            case .kind: guard let kind = name(cell, in: kindNames) else { return nil }; sample.kind = kind
            case .phase: guard let phase = name(cell, in: phaseNames) else { return nil }; sample.phase = phase
            case .id: guard let value = unsigned(cell) else { return nil }; sample.id = value
            case .buttons: guard let value = unsigned(cell) else { return nil }; sample.buttons = value
            case .key: guard let value = unsigned(cell) else { return nil }; sample.key = value
            case .x: guard let value = number(cell) else { return nil }; x = value
            case .y: guard let value = number(cell) else { return nil }; y = value
            case .force, .pressure: guard let value = number(cell) else { return nil }; sample.force = value
            case .majorRadius: guard let value = number(cell) else { return nil }; sample.majorRadius = value
            case .majorRadiusTolerance: guard let value = number(cell) else { return nil }; sample.majorRadiusTolerance = value
            case .altitude: guard let value = number(cell) else { return nil }; sample.altitude = value
            case .azimuth: guard let value = number(cell) else { return nil }; sample.azimuth = value
            case .roll: guard let value = number(cell) else { return nil }; sample.roll = value
            case .dx: guard let value = number(cell) else { return nil }; dx = value
            case .dy: guard let value = number(cell) else { return nil }; dy = value
            case .label: sample.label = String(decoding: cell, as: UTF8.self)
            case .modifiers:
                guard let bits = flagBits(cell, modifierNames) else { return nil }
                sample.modifiers = ModifierFlags(rawValue: bits)
            case .flags:
                guard let bits = flagBits(cell, flagNames) else { return nil }
                sample.flags = SampleFlags(rawValue: bits)
            }
        }
        // A row `complete` refuses is left to the general path, which words its error.
        guard (try? complete(&sample, x: x, y: y, dx: dx, dy: dy)) != nil else { return nil }
        return sample
    }

    /// The cell without the spaces and tabs around it (an unquoted cell, as ``CSVTable`` trims it).
    @inline(__always)
    private static func trimmed(_ cell: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var low = 0, high = cell.count
        while low < high, cell[low] == 0x20 || cell[low] == 0x09 { low += 1 }
        while high > low, cell[high - 1] == 0x20 || cell[high - 1] == 0x09 { high -= 1 }
        return UnsafeRawBufferPointer(rebasing: cell[low..<high])
    }

    @inline(__always)
    private static func plainDecimal(_ cell: UnsafeRawBufferPointer, scale: Int) -> Int64? {
        var cursor = ByteCursor(cell)
        guard let value = cursor.scaledDecimal(scale: scale), cursor.atEnd else { return nil }
        return value
    }

    @inline(__always)
    private static func unsigned(_ cell: UnsafeRawBufferPointer) -> UInt32? {
        var cursor = ByteCursor(cell)
        guard let value = cursor.digits(), cursor.atEnd else { return nil }
        return UInt32(exactly: value)
    }

    /// `Double(cell)` of a decimal cell: by the exact fast path, else by the standard library
    /// itself once the cell is known to be decimal (it also reads hexadecimal, `inf`, `nan`).
    @inline(__always)
    private static func number(_ cell: UnsafeRawBufferPointer) -> Double? {
        var cursor = ByteCursor(cell)
        if let value = cursor.double(), cursor.atEnd { return value }
        guard ByteCursor.isDecimal(cell), let value = Double(String(decoding: cell, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The union of the flags a cell names, separated by `|` or spaces as ``CSVImporter/names(_:)``
    /// splits them (a `String` per cell cost more than the rest of the row); `nil` for a name
    /// not in `table`.
    @inline(__always)
    private static func flagBits<Bits: FixedWidthInteger>(_ cell: UnsafeRawBufferPointer, _ table: [([UInt8], Bits)]) -> Bits? {
        var bits: Bits = 0
        var start = 0
        while start < cell.count {
            var end = start
            while end < cell.count, cell[end] != UInt8(ascii: "|"), cell[end] != 0x20 { end += 1 }
            if end > start {
                let piece = UnsafeRawBufferPointer(rebasing: cell[start..<end])
                guard let value = table.first(where: { ByteCursor.same($0.0, piece) })?.1 else { return nil }
                bits |= value
            }
            start = end + 1
        }
        return bits
    }

    @inline(__always)
    private static func name<Value>(_ cell: UnsafeRawBufferPointer, in table: [([UInt8], Value)]) -> Value? {
        table.first { ByteCursor.same($0.0, cell) }?.1
    }
}
