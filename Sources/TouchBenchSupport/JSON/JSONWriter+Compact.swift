extension JSONWriter {
    /// `value` on one line with no spaces, keys sorted, every number in its shortest form that
    /// reads back to the same double (`0.00390625`, `1e-05`, `120`) and `/` escaped: the bytes
    /// of the `.touchtrace` header and footer, which keep exact values (a quantum must not be
    /// rounded) and must stay the bytes every earlier writer produced for the same metadata.
    /// Without `escapingSlashes`, `/` is written as is (the metadata comments of text exports).
    package static func compact(_ value: JSONValue, escapingSlashes: Bool = true) -> String {
        var output = ""
        writeCompact(value, escapingSlashes: escapingSlashes, into: &output)
        return output
    }

    private static func writeCompact(_ value: JSONValue, escapingSlashes: Bool, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .number(let number): output += shortest(number)
        case .string(let text): output += compactQuoted(text, escapingSlashes: escapingSlashes)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                writeCompact(element, escapingSlashes: escapingSlashes, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                output += compactQuoted(member.key, escapingSlashes: escapingSlashes) + ":"
                writeCompact(member.value, escapingSlashes: escapingSlashes, into: &output)
            }
            output += "}"
        }
    }

    /// The shortest decimal that reads back to `value` (Swift's own), without a `.0` on an
    /// integral value; `null` for NaN and infinities, which JSON cannot hold.
    package static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func compactQuoted(_ text: String, escapingSlashes: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/" where escapingSlashes: result += "\\/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
