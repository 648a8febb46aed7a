import Testing
@testable import TouchBenchSupport

@Suite("JSON reader and canonical writer")
struct JSONTests {
    @Test("numbers: six decimals at most, trailing zeros dropped, no exponent, no -0")
    func numbers() {
        #expect(JSONWriter.format(12.5) == "12.5")
        #expect(JSONWriter.format(3) == "3")
        #expect(JSONWriter.format(-0.25) == "-0.25")
        #expect(JSONWriter.format(-0.0000001) == "0")
        #expect(JSONWriter.format(1.0 / 3) == "0.333333")
        #expect(JSONWriter.format(2.0 / 3, decimals: 3) == "0.667")
        #expect(JSONWriter.format(1e-7 * 5) == "0.000001")
        #expect(JSONWriter.format(.nan) == "null")
        #expect(JSONWriter.format(-.infinity) == "null")
    }

    @Test("numbers too large for six decimals in Int64 are written as their exact integer")
    func largeNumbers() {
        #expect(JSONWriter.format(1e13) == "10000000000000")
        #expect(JSONWriter.format(-9.5e12 - 0.5) == "-9500000000000")
        #expect(JSONWriter.format(1e20) == "100000000000000000000")
        #expect(JSONWriter.format(Double(1 << 62) * 4) == "18446744073709551616")
        #expect(JSONWriter.format(1.7976931348623157e308).count == 309)
        #expect(JSONWriter.format(1.7976931348623157e308).hasPrefix("179769313486231570814527423731704356798"))
    }

    @Test("strings escape quotes, backslashes and control characters only")
    func strings() {
        #expect(JSONWriter.quoted("a\"b\\c\n\t\u{1}é/") == "\"a\\\"b\\\\c\\n\\t\\u0001é/\"")
    }

    @Test("documents: sorted keys, scalar containers on one line, nested ones indented")
    func document() throws {
        let value: JSONValue = .object([
            ("z", .array([.integer(1), .number(2.5), .null])),
            ("a", .object([("k", .bool(true)), ("b", .string("x"))])),
            ("m", .array([.object([("q", .integer(-3))]), .array([])])),
            ("e", .object([])),
        ])
        let expected = """
            {
              "a": {"b": "x", "k": true},
              "e": {},
              "m": [
                {"q": -3},
                []
              ],
              "z": [1, 2.5, null]
            }

            """
        #expect(JSONWriter.document(value) == expected)
        #expect(JSONWriter.line(value) == #"{"a": {"b": "x", "k": true}, "e": {}, "m": [{"q": -3}, []], "z": [1, 2.5, null]}"#)
        #expect(try JSONValue.parse(expected) == value.sortedForComparison)
    }

    @Test("integers stay exact beyond 2^53; a fraction or exponent makes a Double")
    func integersExact() throws {
        #expect(try JSONValue.parse("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try JSONValue.parse("-9223372036854775808") == .integer(.min))
        #expect(try JSONValue.parse("1e2") == .number(100))
        #expect(try JSONValue.parse("3.0").integerValue == 3)
        #expect(try JSONValue.parse("3.5").integerValue == nil)
        #expect(JSONWriter.line(.integer(9_007_199_254_740_993)) == "9007199254740993")
    }

    @Test("malformed text fails with the byte offset", arguments: [
        ("{\"a\":1,}", 7), ("[1 2]", 3), ("01", 2), ("\"\\x\"", 3), ("nul", 0), ("{} x", 3),
        ("{\"a\":1,\"b\":{\"a\":2},\"a\":3}", 19), ("[{\"k\":1},{\"k\":2,\"\\u006b\":3}]", 16),
    ])
    func malformed(text: String, offset: Int) {
        #expect { try JSONValue.parse(text) } throws: { ($0 as? JSONValue.SyntaxError)?.offset == offset }
    }

    /// Hostile report L9: `compare` read a result with a metric given twice as the first.
    @Test("a key given twice in one object is refused and named; the same key in sibling objects is not")
    func duplicateKeys() throws {
        let error = try #require(throws: JSONValue.SyntaxError.self) { try JSONValue.parse("{\"metrics\": {}, \"metrics\": []}") }
        #expect(error.offset == 16)
        #expect(error.reason == "the key \"metrics\" appears twice in one object")
        let siblings = try JSONValue.parse("[{\"a\": 1}, {\"a\": 2}, {\"b\": {\"a\": 3}, \"a\": 4}]")
        #expect(siblings.arrayValue?[2]["a"] == .integer(4))
    }

    @Test("nesting deeper than 64 levels is refused, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(deep) }
    }

    @Test("a top-level member's array elements are handed over one by one, in order, and left out of the tree")
    func streamedElements() throws {
        var bytes = Array(#"{"a": {"entries": [9]}, "entries": [1, {"x": [2]}, "3"], "z": true}"#.utf8)
        var seen: [JSONValue] = []
        let value = try JSONValue.parse(bytes: &bytes, streamingElementsOf: "entries") { seen.append($0) }
        let expected = [try JSONValue.parse("1"), try JSONValue.parse(#"{"x": [2]}"#), try JSONValue.parse(#""3""#)]
        #expect(seen == expected)
        // Only the top level streams: a nested member of that name stays in the tree.
        #expect(value == (try JSONValue.parse(#"{"a": {"entries": [9]}, "entries": [], "z": true}"#)))
        // Not an array there: kept as it is; not an object: parsed as ever.
        var other = Array(#"{"entries": {"k": 1}}"#.utf8)
        #expect(try JSONValue.parse(bytes: &other, streamingElementsOf: "entries") { _ in Issue.record("no array to stream") }
                == (try JSONValue.parse(#"{"entries": {"k": 1}}"#)))
        var array = Array("[1, 2]".utf8)
        let plain = try JSONValue.parse("[1, 2]")
        #expect(try JSONValue.parse(bytes: &array, streamingElementsOf: "entries") { _ in } == plain)
    }

    @Test("a streamed array is checked as any other: unclosed, a bad separator, text after it, too deep", arguments: [
        #"{"entries": [1, 2"#, #"{"entries": [1 2]}"#, #"{"entries": [1]} x"#, #"{"entries": [1], "entries": [2]}"#,
        #"{"entries": ["# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "]}",
    ])
    func streamedElementsAreChecked(text: String) {
        var bytes = Array(text.utf8)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(bytes: &bytes, streamingElementsOf: "entries") { _ in } }
    }
}

extension JSONValue {
    /// The value with object members in key order, as a written document reads back.
    var sortedForComparison: JSONValue {
        switch self {
        case .array(let elements): .array(elements.map(\.sortedForComparison))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sortedForComparison) })
        default: self
        }
    }

}
