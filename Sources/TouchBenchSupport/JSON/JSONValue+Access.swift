/// Typed access to parsed values, `nil` when the value is of another type.
extension JSONValue {
    /// Whether the value is written on one line by ``JSONWriter``: a scalar or an empty container.
    package var isScalar: Bool {
        switch self {
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        default: true
        }
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// An integer, also when written as a number with no fraction (`3.0`) within Int64.
    package var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value == value.rounded() && abs(value) < 9.0e18: Int64(value)
        default: nil
        }
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    package var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A number, or `null` for a missing or non-finite value.
    package static func number(orNull value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }
}

extension JSONValue {
    /// Whether every number in the value is finite (JSON has no NaN or infinity).
    package var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .array(let elements): elements.allSatisfy(\.isFinite)
        case .object(let members): members.allSatisfy { $0.value.isFinite }
        default: true
        }
    }
}
