import TouchBenchSupport
import TouchInput

/// Writes samples as JSON Lines and CSV text straight into a byte buffer.
///
/// `cat` and `convert` write millions of lines: building a `String` per field and per line
/// and describing every `Double` cost more than reading the trace. The bytes are exactly
/// those of ``JSONLines/line(for:)`` and ``CSVWriter/row(for:)`` (which call these).
package enum SampleText {
    /// The most bytes a JSON line or CSV row takes besides its label's quoted text and the
    /// newline: every key, ten numbers of at most 24 characters (`-2.2250738585072014e-308`),
    /// four integers of at most 20 and every modifier and flag name come to under 800.
    package static let lineBound = 1024

    // MARK: JSON Lines

    /// Appends `sample` as a JSON Lines sample object (no newline).
    package static func appendJSONLine(_ sample: InputSample, to out: inout [UInt8]) {
        let label = sample.label.map { JSONWriter.quoted($0) }
        append(to: &out, bound: lineBound + (label?.utf8.count ?? 0)) { writeJSONLine(sample, quotedLabel: label, to: &$0) }
    }

    /// Writes `sample` as a JSON Lines sample object (no newline) where `cursor` points, which
    /// has room for ``lineBound`` bytes and `quotedLabel` (the label as ``JSONWriter/quoted(_:escapingSlashes:namingControls:)`` writes it).
    package static func writeJSONLine(_ sample: InputSample, quotedLabel: String?, to out: inout TextCursor) {
        out.bytes("{\"t\":")
        out.integer(sample.time)
        out.bytes(",\"kind\":\"")
        name(kindNames, sample.kind.rawValue, to: &out)
        out.byte(UInt8(ascii: "\""))
        let fields = sample.fields
        if sample.kind != .marker || sample.phase != .began {
            out.bytes(",\"phase\":\"")
            name(phaseNames, sample.phase.rawValue, to: &out)
            out.byte(UInt8(ascii: "\""))
        }
        if sample.kind.isContact || sample.id != 0 {
            out.bytes(",\"id\":")
            out.unsigned(UInt64(sample.id))
        }
        if fields.contains(.location) {
            member(",\"x\":", sample.x, to: &out)
            member(",\"y\":", sample.y, to: &out)
        }
        if let value = sample.force { member(",\"force\":", value, to: &out) }
        if let value = sample.majorRadius { member(",\"majorRadius\":", value, to: &out) }
        if let value = sample.majorRadiusTolerance { member(",\"majorRadiusTolerance\":", value, to: &out) }
        if let value = sample.altitude { member(",\"altitude\":", value, to: &out) }
        if let value = sample.azimuth { member(",\"azimuth\":", value, to: &out) }
        if let value = sample.roll { member(",\"roll\":", value, to: &out) }
        if let value = sample.buttons {
            out.bytes(",\"buttons\":")
            out.unsigned(UInt64(value))
        }
        if fields.contains(.modifiers) {
            out.bytes(",\"modifiers\":[")
            names(modifierNames, UInt32(sample.modifiers.rawValue), quoted: true, separator: UInt8(ascii: ","), to: &out)
            out.byte(UInt8(ascii: "]"))
        }
        if fields.contains(.flags) {
            out.bytes(",\"flags\":[")
            names(flagNames, UInt32(sample.flags.rawValue), quoted: true, separator: UInt8(ascii: ","), to: &out)
            out.byte(UInt8(ascii: "]"))
        }
        if let delta = sample.scrollDelta {
            member(",\"dx\":", delta.dx, to: &out)
            member(",\"dy\":", delta.dy, to: &out)
        }
        if let key = sample.key {
            out.bytes(",\"key\":")
            out.unsigned(UInt64(key))
        }
        if let quotedLabel {
            out.bytes(",\"label\":")
            out.bytes(utf8: quotedLabel)
        }
        out.byte(UInt8(ascii: "}"))
    }

    // MARK: CSV

    /// Appends `sample` as a CSV row in ``CSVWriter/columns`` order (no newline).
    package static func appendCSVRow(_ sample: InputSample, to out: inout [UInt8]) {
        let label = sample.label.map { csvQuoted($0) }
        append(to: &out, bound: lineBound + (label?.utf8.count ?? 0)) { writeCSVRow(sample, quotedLabel: label, to: &$0) }
    }

    /// Writes `sample` as a CSV row (no newline) where `cursor` points, which has room for
    /// ``lineBound`` bytes and `quotedLabel` (the label as ``csvQuoted(_:)`` writes it).
    package static func writeCSVRow(_ sample: InputSample, quotedLabel: String?, to out: inout TextCursor) {
        let comma = UInt8(ascii: ",")
        out.integer(sample.time)
        out.byte(comma)
        name(kindNames, sample.kind.rawValue, to: &out)
        out.byte(comma)
        name(phaseNames, sample.phase.rawValue, to: &out)
        out.byte(comma)
        out.unsigned(UInt64(sample.id))
        let fields = sample.fields
        cell(fields.contains(.location) ? sample.x : nil, to: &out)
        cell(fields.contains(.location) ? sample.y : nil, to: &out)
        cell(sample.force, to: &out)
        cell(sample.majorRadius, to: &out)
        cell(sample.majorRadiusTolerance, to: &out)
        cell(sample.altitude, to: &out)
        cell(sample.azimuth, to: &out)
        cell(sample.roll, to: &out)
        out.byte(comma)
        // The integer columns are always integers (0: none), so readers type them so.
        out.unsigned(UInt64(sample.buttons ?? 0))
        out.byte(comma)
        names(modifierNames, UInt32(sample.modifiers.rawValue), quoted: false, separator: UInt8(ascii: "|"), to: &out)
        out.byte(comma)
        names(flagNames, UInt32(sample.flags.rawValue), quoted: false, separator: UInt8(ascii: "|"), to: &out)
        let delta = sample.scrollDelta
        cell(delta?.dx, to: &out)
        cell(delta?.dy, to: &out)
        out.byte(comma)
        out.unsigned(UInt64(sample.key ?? 0))
        out.byte(comma)
        if let quotedLabel { out.bytes(utf8: quotedLabel) }
    }

    /// Runs `write` on scratch memory of `bound` bytes and appends what it wrote to `out`.
    private static func append(to out: inout [UInt8], bound: Int, _ write: (inout TextCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { scratch in
            guard let start = scratch.baseAddress else { return }
            var cursor = TextCursor(start)
            write(&cursor)
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: cursor.position - start))
        }
    }

    /// RFC 4180 quoting where a cell needs it: a comma or quote inside, or a space or tab at
    /// either end (readers trim an unquoted cell; a quoted one is kept exactly).
    static func csvQuoted(_ text: String) -> String {
        let edges: (Character?) -> Bool = { $0 == " " || $0 == "\t" }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || edges(text.first) || edges(text.last) else {
            return text
        }
        var quoted = "\""
        for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }

    // MARK: Numbers

    /// Appends `value` as ``JSONLines/number(_:)`` writes it.
    package static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        append(to: &out, bound: 32) { number(value, to: &$0) }
    }

    /// Writes `value` as ``JSONLines/number(_:)`` writes it: an integral value below 10¹⁵
    /// as an integer, anything else as Swift's shortest round-trip description (at most 24
    /// characters).
    ///
    /// Values on a binary grid of at most 2⁻¹⁶ (every default quantum) with at most 15
    /// significant digits take an exact integer path: their decimal expansion is finite, and
    /// with so few digits no shorter text reads back as the same double, so it *is* the
    /// shortest round-trip text.
    ///
    /// Not inlined: inlined, it made ``member(_:_:to:)`` too large for the optimizer to inline
    /// into the line writer, so every key was copied by a `memmove` call of unknown length.
    @inline(never)
    package static func number(_ value: Double, to out: inout TextCursor) {
        // Integral checks by a round trip through an integer (`rounded()` is a libm call).
        let magnitude = abs(value)
        if magnitude < 1e15, case let integer = Int64(value), Double(integer) == value {
            out.integer(integer)
            return
        }
        if magnitude >= 1e-4, magnitude < 1e9 {
            let scaled = magnitude * 65536  // exact: a power of two
            if case let numerator = UInt64(scaled), Double(numerator) == scaled, case let bits = numerator & 0xFFFF, bits != 0 {
                let whole = numerator >> 16
                // bits / 2¹⁶ = odd / 2^places with odd = bits >> (its trailing zero bits), and
                // odd / 2^places = odd · 5^places / 10^places: exactly `places` decimals, the last
                // not zero (odd · 5^places is odd). The count comes from the bit pattern instead
                // of stripping zeros off bits · 5¹⁶ by division.
                let zeroBits = bits.trailingZeroBitCount
                let places = 16 &- zeroBits
                let fraction = (bits >> zeroBits) &* powerOfFive(places)
                let wholeDigits = DecimalDigits.count(whole)
                // At most 15 significant digits: below 1 they are the fraction's without its
                // leading zeros (fraction < 10¹⁶ always), above they are every digit written.
                if whole == 0 ? fraction < 1_000_000_000_000_000 : wholeDigits &+ places <= 15 {
                    if value < 0 { out.byte(UInt8(ascii: "-")) }
                    out.digits(of: whole, count: wholeDigits)
                    out.byte(UInt8(ascii: "."))
                    out.digits(of: fraction, count: places)  // leading zeros included
                    return
                }
            }
        }
        out.bytes(utf8: value.description)
    }

    /// 5^exponent, 1 ≤ exponent ≤ 16 (a switch of constants: a table in read-only data, like
    /// ``TextCursor``'s powers of ten).
    @inline(__always)
    private static func powerOfFive(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: return 5
        case 2: return 25
        case 3: return 125
        case 4: return 625
        case 5: return 3_125
        case 6: return 15_625
        case 7: return 78_125
        case 8: return 390_625
        case 9: return 1_953_125
        case 10: return 9_765_625
        case 11: return 48_828_125
        case 12: return 244_140_625
        case 13: return 1_220_703_125
        case 14: return 6_103_515_625
        case 15: return 30_517_578_125
        default: return 152_587_890_625
        }
    }

    // MARK: Pieces

    private static let kindNames: [[UInt8]] = (0...UInt8.max).map { Array((SampleKind(rawValue: $0)?.name ?? "").utf8) }
    private static let phaseNames: [[UInt8]] = (0...UInt8.max).map { Array((SamplePhase(rawValue: $0)?.name ?? "").utf8) }
    private static let modifierNames: [(bytes: [UInt8], bit: UInt32)] = ModifierFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }
    private static let flagNames: [(bytes: [UInt8], bit: UInt32)] = SampleFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }

    @inline(__always)
    private static func name(_ table: [[UInt8]], _ index: UInt8, to out: inout TextCursor) {
        table[Int(index)].withUnsafeBytes { out.bytes($0) }
    }

    @inline(__always)
    private static func member(_ key: StaticString, _ value: Double, to out: inout TextCursor) {
        out.bytes(key)
        number(value, to: &out)
    }

    @inline(__always)
    private static func cell(_ value: Double?, to out: inout TextCursor) {
        out.byte(UInt8(ascii: ","))
        if let value { number(value, to: &out) }
    }

    /// The names of the bits set in `bits`, in the table's order.
    @inline(__always)
    private static func names(
        _ table: [(bytes: [UInt8], bit: UInt32)], _ bits: UInt32, quoted: Bool, separator: UInt8, to out: inout TextCursor
    ) {
        guard bits != 0 else { return }
        var first = true
        for entry in table where bits & entry.bit != 0 {
            if !first { out.byte(separator) }
            first = false
            if quoted { out.byte(UInt8(ascii: "\"")) }
            entry.bytes.withUnsafeBytes { out.bytes($0) }
            if quoted { out.byte(UInt8(ascii: "\"")) }
        }
    }
}
