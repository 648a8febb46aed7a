import TouchBenchSupport

/// A JSON value for code outside the package — the benchmarks, a tool reading result or
/// thresholds files — read and written by the package's one reader and one writer
/// (`JSONValue`, `JSONWriter` of TouchBenchSupport, which are not public).
///
/// This is their public face, not another JSON implementation: ``init(parsing:)`` is the
/// package's parser (integers kept exact, nesting bounded, byte offsets in errors) and
/// ``document`` its canonical text (keys sorted, at most six decimals, never an exponent,
/// two-space indentation), so equal values are equal bytes on every machine.
///
/// ```swift
/// let report = JSON.object(["name": .string("replay: decode"), "value": .number(1.5e7)])
/// try report.document.write(…)
/// let read = try JSON(parsing: text)
/// let value = read["value"]?.doubleValue
/// ```
public struct JSON: Sendable, Hashable, CustomStringConvertible {
    package var value: JSONValue

    package init(_ value: JSONValue) {
        self.value = value
    }

    // MARK: Building

    /// `null`.
    public static let null = JSON(.null)

    /// `true` or `false`.
    public static func bool(_ flag: Bool) -> JSON { JSON(.bool(flag)) }

    /// A number; NaN and infinities, which JSON cannot hold, become `null`.
    public static func number(_ number: Double) -> JSON { JSON(.number(orNull: number)) }

    /// An integer, written exactly (nanosecond times beyond 2⁵³ survive).
    public static func integer(_ integer: Int64) -> JSON { JSON(.integer(integer)) }

    /// A string (escaped as JSON requires when written).
    public static func string(_ text: String) -> JSON { JSON(.string(text)) }

    /// An array, in order.
    public static func array(_ elements: [JSON]) -> JSON { JSON(.array(elements.map(\.value))) }

    /// An object; the writer sorts its keys, so the dictionary's order does not matter.
    public static func object(_ members: [String: JSON]) -> JSON {
        JSON(.object(members.map { (key: $0.key, value: $0.value.value) }))
    }

    // MARK: Reading

    /// Why a text is not JSON: the byte offset where parsing stopped and what was wrong there.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public var offset: Int
        public var reason: String

        public var description: String { "not JSON at byte \(offset): \(reason)" }
    }

    /// Parses one complete JSON value (surrounding whitespace allowed).
    public init(parsing text: String) throws(SyntaxError) {
        do { value = try JSONValue.parse(text) } catch { throw SyntaxError(offset: error.offset, reason: error.reason) }
    }

    /// The member named `key` of an object (`nil` for a missing member or a non-object).
    public subscript(key: String) -> JSON? { value[key].map(JSON.init) }

    /// A number, however it was written (`3`, `3.0`, `3e0`).
    public var doubleValue: Double? { value.doubleValue }

    public var stringValue: String? { value.stringValue }

    public var boolValue: Bool? { value.boolValue }

    public var arrayValue: [JSON]? { value.arrayValue?.map(JSON.init) }

    /// An object's members, in the order the text had them.
    public var objectMembers: [(key: String, value: JSON)]? {
        value.objectMembers?.map { (key: $0.key, value: JSON($0.value)) }
    }

    /// Whether the value is `null`.
    public var isNull: Bool { value == .null }

    // MARK: Writing

    /// The canonical text, ending with a newline: what result files and reports are written as.
    public var document: String { JSONWriter.document(value) }

    /// The canonical text on one line.
    public var description: String { JSONWriter.line(value) }
}
