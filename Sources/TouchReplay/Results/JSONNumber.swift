/// Fixed, locale-free JSON formatting of numbers and strings, so that a result file is the
/// same bytes on every machine.
enum JSONNumber {
    /// `value` rounded to `decimals` places, trailing zeros dropped (`12.5`, `3`, `-0.25`);
    /// `null` for NaN and infinities; never `-0`.
    static func format(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e18 else { return String(value) }
        let integer = Int64(scaled)
        if integer == 0 { return "0" }
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        var text = String(magnitude / divisor)
        var fraction = magnitude % divisor
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
            fraction = 0
        }
        return integer < 0 ? "-" + text : text
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
