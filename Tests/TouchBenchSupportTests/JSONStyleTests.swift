import Foundation
import Testing
@testable import TouchBenchSupport

/// The writer's other styles keep the bytes Foundation wrote before it left the package;
/// Foundation appears here only as the reference.
@Suite("JSON writer styles")
struct JSONStyleTests {
    static let value: JSONValue = .object([
        ("text", .string("a/b \"q\" \\ \u{8}\u{c}\n\r\t\u{1}\u{1f} é \u{2028}")),
        ("numbers", .array([.number(0.1), .number(1e-05), .number(120), .number(-2.5e20), .number(48.38461538461539), .integer(-7)])),
        ("nested", .object([("empty", .object([])), ("none", .array([])), ("list", .array([.object([("k", .bool(true))])])),
                            ("z", .null)])),
        ("B", .integer(9_007_199_254_740_993)),
    ])

    static var foundation: Any { [
        "text": "a/b \"q\" \\ \u{8}\u{c}\n\r\t\u{1}\u{1f} é \u{2028}",
        "numbers": [0.1, 1e-05, 120.0, -2.5e20, 48.38461538461539, -7] as [Any],
        "nested": ["empty": [String: Any](), "none": [Any](), "list": [["k": true]], "z": NSNull()] as [String: Any],
        "B": 9_007_199_254_740_993 as Int64,
    ] as [String: Any] }

    @Test("pretty is JSONSerialization's sorted, pretty-printed layout")
    func pretty() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.foundation, options: [.sortedKeys, .prettyPrinted])
        #expect(JSONWriter.text(Self.value, style: .pretty) == String(decoding: data, as: UTF8.self))
    }

    @Test("compact is JSONSerialization's sorted one-line layout")
    func compact() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.foundation, options: [.sortedKeys])
        #expect(JSONWriter.text(Self.value, style: .compact) == String(decoding: data, as: UTF8.self))
        #expect(JSONWriter.compact(Self.value) == String(decoding: data, as: UTF8.self))
    }

    @Test("one escaper: the canonical style writes \\u0008 and keeps /, the compact ones name \\b and escape / on request")
    func escaping() {
        #expect(JSONWriter.quoted("/\u{8}\u{c}") == #""/\u0008\u000c""#)
        #expect(JSONWriter.quoted("/\u{8}\u{c}", escapingSlashes: true, namingControls: true) == #""\/\b\f""#)
        #expect(JSONWriter.text(.string("/\u{8}"), style: .compactKeepingSlashes) == #""/\b""#)
    }
}
