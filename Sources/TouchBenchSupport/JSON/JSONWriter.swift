/// The one canonical JSON writer: keys sorted at every level, numbers with at most six
/// decimals and never an exponent, integers exact, two-space indentation, and objects or
/// arrays whose members are all scalars kept on one line. Equal values are therefore equal
/// bytes on every machine; result files, reports and the JSON Lines form all write through it.
package enum JSONWriter {
    /// `value` as text followed by a newline.
    package static func document(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        output += "\n"
        return output
    }

    /// `value` on one line, keys sorted, `", "` and `": "` between members.
    package static func line(_ value: JSONValue) -> String {
        var output = ""
        writeLine(value, into: &output)
        return output
    }

    package static func write(_ value: JSONValue, indent: String, into output: inout String) {
        switch value {
        case .array(let elements) where !value.isScalar:
            if elements.allSatisfy(\.isScalar) { return writeLine(value, into: &output) }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, into: &output)
                output += index + 1 < elements.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members) where !value.isScalar:
            if members.allSatisfy({ $0.value.isScalar }) { return writeLine(value, into: &output) }
            let sorted = members.sorted { $0.key < $1.key }
            let inner = indent + "  "
            output += "{\n"
            for (index, member) in sorted.enumerated() {
                output += inner + quoted(member.key) + ": "
                write(member.value, indent: inner, into: &output)
                output += index + 1 < sorted.count ? ",\n" : "\n"
            }
            output += indent + "}"
        default:
            writeLine(value, into: &output)
        }
    }

    private static func writeLine(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .number(let number): output += format(number)
        case .string(let text): output += quoted(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                writeLine(element, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += ", " }
                output += quoted(member.key) + ": "
                writeLine(member.value, into: &output)
            }
            output += "}"
        }
    }

    /// `value` rounded to `decimals` places, trailing zeros dropped (`12.5`, `3`, `-0.25`),
    /// never an exponent, never `-0`; `null` for NaN and infinities.
    package static func format(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond Int64 the value has no fractional digits worth writing.
        guard abs(scaled) < 9.0e18 else { return integerDigits(value.rounded(.toNearestOrEven)) }
        let integer = Int64(scaled)
        if integer == 0 { return "0" }
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        var text = String(magnitude / divisor)
        let fraction = magnitude % divisor
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return integer < 0 ? "-" + text : text
    }

    /// The exact decimal digits of an integral, finite `value` (what `%.0f` prints): the
    /// significand doubled once per binary exponent step, in base 10⁹ limbs.
    static func integerDigits(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        var limbs: [UInt64] = [value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)]
        let shift = Int(value.exponent) - 52
        if shift < 0 {
            limbs[0] >>= UInt64(-shift)
        }
        // Split the 53-bit start into base-10⁹ limbs, least significant first.
        let base: UInt64 = 1_000_000_000
        limbs = [limbs[0] % base, (limbs[0] / base) % base, limbs[0] / (base * base)]
        for _ in 0..<max(0, shift) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return value < 0 ? "-" + text : text
    }

    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
