import TouchBenchSupport
import TouchInput

/// Writes samples as JSON Lines and CSV text straight into a byte buffer.
///
/// `cat` and `convert` write millions of lines: building a `String` per field and per line
/// and describing every `Double` cost more than reading the trace. The bytes are exactly
/// those of ``JSONLines/line(for:)`` and ``CSVWriter/row(for:)`` (which call these).
package enum SampleText {
    // MARK: JSON Lines

    /// Appends `sample` as a JSON Lines sample object (no newline).
    package static func appendJSONLine(_ sample: InputSample, to out: inout [UInt8]) {
        append("{\"t\":", to: &out)
        appendInteger(sample.time, to: &out)
        append(",\"kind\":\"", to: &out)
        out.append(contentsOf: kindNames[Int(sample.kind.rawValue)])
        out.append(UInt8(ascii: "\""))
        let fields = sample.fields
        if sample.kind != .marker || sample.phase != .began {
            append(",\"phase\":\"", to: &out)
            out.append(contentsOf: phaseNames[Int(sample.phase.rawValue)])
            out.append(UInt8(ascii: "\""))
        }
        if sample.kind.isContact || sample.id != 0 {
            append(",\"id\":", to: &out)
            appendInteger(Int64(sample.id), to: &out)
        }
        if fields.contains(.location) {
            append(",\"x\":", to: &out)
            appendNumber(sample.x, to: &out)
            append(",\"y\":", to: &out)
            appendNumber(sample.y, to: &out)
        }
        if let value = sample.force { member(",\"force\":", value, to: &out) }
        if let value = sample.majorRadius { member(",\"majorRadius\":", value, to: &out) }
        if let value = sample.majorRadiusTolerance { member(",\"majorRadiusTolerance\":", value, to: &out) }
        if let value = sample.altitude { member(",\"altitude\":", value, to: &out) }
        if let value = sample.azimuth { member(",\"azimuth\":", value, to: &out) }
        if let value = sample.roll { member(",\"roll\":", value, to: &out) }
        if let value = sample.buttons {
            append(",\"buttons\":", to: &out)
            appendInteger(Int64(value), to: &out)
        }
        if fields.contains(.modifiers) {
            append(",\"modifiers\":[", to: &out)
            appendNames(ModifierFlags.named.lazy.filter { sample.modifiers.contains($0.flag) }.map(\.name), quoted: true, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        if fields.contains(.flags) {
            append(",\"flags\":[", to: &out)
            appendNames(SampleFlags.named.lazy.filter { sample.flags.contains($0.flag) }.map(\.name), quoted: true, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        if let delta = sample.scrollDelta {
            member(",\"dx\":", delta.dx, to: &out)
            member(",\"dy\":", delta.dy, to: &out)
        }
        if let key = sample.key {
            append(",\"key\":", to: &out)
            appendInteger(Int64(key), to: &out)
        }
        if let label = sample.label {
            append(",\"label\":", to: &out)
            out.append(contentsOf: JSONWriter.quoted(label).utf8)
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: CSV

    /// Appends `sample` as a CSV row in ``CSVWriter/columns`` order (no newline).
    package static func appendCSVRow(_ sample: InputSample, to out: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        appendInteger(sample.time, to: &out)
        out.append(comma)
        out.append(contentsOf: kindNames[Int(sample.kind.rawValue)])
        out.append(comma)
        out.append(contentsOf: phaseNames[Int(sample.phase.rawValue)])
        out.append(comma)
        appendInteger(Int64(sample.id), to: &out)
        let location = sample.location
        cell(location?.x, to: &out)
        cell(location?.y, to: &out)
        cell(sample.force, to: &out)
        cell(sample.majorRadius, to: &out)
        cell(sample.majorRadiusTolerance, to: &out)
        cell(sample.altitude, to: &out)
        cell(sample.azimuth, to: &out)
        cell(sample.roll, to: &out)
        out.append(comma)
        // The integer columns are always integers (0: none), so readers type them so.
        appendInteger(Int64(sample.buttons ?? 0), to: &out)
        out.append(comma)
        appendNames(ModifierFlags.named.lazy.filter { sample.modifiers.contains($0.flag) }.map(\.name), quoted: false,
                    separator: UInt8(ascii: "|"), to: &out)
        out.append(comma)
        appendNames(SampleFlags.named.lazy.filter { sample.flags.contains($0.flag) }.map(\.name), quoted: false,
                    separator: UInt8(ascii: "|"), to: &out)
        let delta = sample.scrollDelta
        cell(delta?.dx, to: &out)
        cell(delta?.dy, to: &out)
        out.append(comma)
        appendInteger(Int64(sample.key ?? 0), to: &out)
        out.append(comma)
        if let label = sample.label { out.append(contentsOf: csvQuoted(label).utf8) }
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

    /// Appends `value` as ``JSONLines/number(_:)`` writes it: an integral value below 10¹⁵
    /// as an integer, anything else as Swift's shortest round-trip description.
    ///
    /// Values on a binary grid of at most 2⁻¹⁶ (every default quantum) with at most 15
    /// significant digits take an exact integer path: their decimal expansion is finite, and
    /// with so few digits no shorter text reads back as the same double, so it *is* the
    /// shortest round-trip text.
    @inline(__always)
    package static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            appendInteger(Int64(value), to: &out)
            return
        }
        let magnitude = abs(value)
        if magnitude >= 1e-4, magnitude < 1e9 {
            let scaled = magnitude * 65536  // exact: a power of two
            if scaled == scaled.rounded() {
                let numerator = UInt64(scaled)
                let whole = numerator >> 16
                // fraction / 2¹⁶ = fraction · 5¹⁶ / 10¹⁶: sixteen decimal places, exact.
                var fraction = (numerator & 0xFFFF) &* 152_587_890_625
                // Trailing zeros stripped in halving steps (at most 15: fraction < 10¹⁶ and is
                // not zero), not one division at a time: this ran for every decimal written.
                var places = 16
                if fraction % 100_000_000 == 0 { fraction /= 100_000_000; places -= 8 }
                if fraction % 10_000 == 0 { fraction /= 10_000; places -= 4 }
                if fraction % 100 == 0 { fraction /= 100; places -= 2 }
                if fraction % 10 == 0 { fraction /= 10; places -= 1 }
                let wholeDigits = whole == 0 ? 0 : decimalDigits(whole)
                let significant = whole == 0 ? decimalDigits(fraction) : wholeDigits + places
                if significant <= 15 {
                    if value < 0 { out.append(UInt8(ascii: "-")) }
                    appendUnsigned(whole, to: &out)
                    out.append(UInt8(ascii: "."))
                    for _ in 0..<(places - decimalDigits(fraction)) { out.append(UInt8(ascii: "0")) }
                    appendUnsigned(fraction, to: &out)
                    return
                }
            }
        }
        out.append(contentsOf: value.description.utf8)
    }

    /// Appends `value` in decimal.
    @inline(__always)
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendUnsigned(value.magnitude, to: &out)
    }

    @inline(__always)
    static func appendUnsigned(_ value: UInt64, to out: inout [UInt8]) {
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                count += 1
                buffer[24 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
                rest /= 10
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    private static func decimalDigits(_ value: UInt64) -> Int {
        // Comparisons, not divisions: the digit count of every number written.
        var count = 1
        var bound: UInt64 = 10
        while count < 20, value >= bound {
            count += 1
            bound = bound &* 10
        }
        return count
    }

    // MARK: Pieces

    private static let kindNames: [[UInt8]] = (0...UInt8.max).map { Array((SampleKind(rawValue: $0)?.name ?? "").utf8) }
    private static let phaseNames: [[UInt8]] = (0...UInt8.max).map { Array((SamplePhase(rawValue: $0)?.name ?? "").utf8) }

    @inline(__always)
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private static func member(_ key: StaticString, _ value: Double, to out: inout [UInt8]) {
        append(key, to: &out)
        appendNumber(value, to: &out)
    }

    @inline(__always)
    private static func cell(_ value: Double?, to out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        if let value { appendNumber(value, to: &out) }
    }

    private static func appendNames(
        _ names: some Sequence<String>, quoted: Bool, separator: UInt8 = UInt8(ascii: ","), to out: inout [UInt8]
    ) {
        var first = true
        for name in names {
            if !first { out.append(separator) }
            first = false
            if quoted { out.append(UInt8(ascii: "\"")) }
            out.append(contentsOf: name.utf8)
            if quoted { out.append(UInt8(ascii: "\"")) }
        }
    }
}
