import TouchTrace

/// The one JSON writer of the result files: keys sorted at every level, numbers with at most
/// six decimals and never an exponent, two-space indentation, and objects or arrays whose
/// members are all scalars kept on one line. Equal values are therefore equal bytes, and the
/// format matches what `touchbench replay --json` writes.
enum JSONText {
    /// `value` as text followed by a newline.
    static func document(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        output += "\n"
        return output
    }

    static func write(_ value: JSONValue, indent: String, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .number(let number): output += format(number)
        case .string(let text): output += quoted(text)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            if elements.allSatisfy(\.isScalar) {
                output += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { output += ", " }
                    write(element, indent: indent, into: &output)
                }
                output += "]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, into: &output)
                output += index + 1 < elements.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            let sorted = members.sorted { $0.key < $1.key }
            if sorted.allSatisfy({ $0.value.isScalar }) {
                output += "{"
                for (index, member) in sorted.enumerated() {
                    if index > 0 { output += ", " }
                    output += quoted(member.key) + ": "
                    write(member.value, indent: indent, into: &output)
                }
                output += "}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (index, member) in sorted.enumerated() {
                output += inner + quoted(member.key) + ": "
                write(member.value, indent: inner, into: &output)
                output += index + 1 < sorted.count ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    static func format(_ value: Double, decimals: Int = 6) -> String { JSONFormatting.format(value, decimals: decimals) }

    static func quoted(_ text: String) -> String { JSONFormatting.quoted(text) }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        default: true
        }
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value == value.rounded() && abs(value) < 9.0e18: Int64(value)
        default: nil
        }
    }

    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A number, or `null` for a missing value.
    static func number(orNull value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }
}
