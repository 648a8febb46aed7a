import Foundation

/// Locale-free JSON text for numbers and strings: the one definition the JSON Lines form,
/// run results and bench reports share, so equal values are equal bytes on every machine.
package enum JSONFormatting {
    /// `value` rounded to `decimals` places, trailing zeros dropped (`12.5`, `3`, `-0.25`),
    /// never an exponent, never `-0`; `null` for NaN and infinities.
    package static func format(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond Int64 the value has no fractional digits worth writing.
        guard abs(scaled) < 9.0e18 else { return String(format: "%.0f", value) }
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
