import RunRecord
import Testing
import TouchBenchSupport

/// RunRecord's ``JSON``: the public face of the package's one JSON reader and writer, which
/// the benchmarks (another package) write their reports and read their targets with.
@Suite("The public JSON face")
struct PublicJSONTests {
    @Test func buildsTheCanonicalBytesOfTheOneWriter() {
        let report = JSON.object([
            "customSmallerIsBetter": .array([.object(["name": .string("gates: false alarms"), "unit": .string("pairs"), "value": .number(0)])]),
            "customBiggerIsBetter": .array([.object(["name": .string("codec: decode"), "value": .number(12_345_678.123_456_789),
                                                     "ratio": .number(1e-7), "nan": .number(.nan), "big": .integer(9_007_199_254_740_993)])]),
        ])
        #expect(report.document == """
            {
              "customBiggerIsBetter": [
                {"big": 9007199254740993, "name": "codec: decode", "nan": null, "ratio": 0, "value": 12345678.123457}
              ],
              "customSmallerIsBetter": [
                {"name": "gates: false alarms", "unit": "pairs", "value": 0}
              ]
            }

            """)
        // The same bytes as the package's writer gives the same value.
        #expect(report.document == JSONWriter.document(report.value))
        #expect(JSON.array([.bool(true), .null, .string("a/\"b\"")]).description == #"[true, null, "a/\"b\""]"#)
    }

    @Test func readsWhatItWritesAndSaysWhereATextIsNotJSON() throws {
        let text = #"{"benchmarks": {"replay: decode": {"min": 3e6}, "gates: false alarms": {"max": 0}}, "n": 9007199254740993}"#
        let value = try JSON(parsing: text)
        let members = try #require(value["benchmarks"]?.objectMembers)
        #expect(members.map(\.key) == ["replay: decode", "gates: false alarms"])
        #expect(members[0].value["min"]?.doubleValue == 3e6 && members[1].value["max"]?.doubleValue == 0)
        #expect(value["n"]?.value == .integer(9_007_199_254_740_993))
        #expect(value["missing"] == nil && value["n"]?.stringValue == nil && JSON.null.isNull)
        #expect(try JSON(parsing: value.document).document == value.document)
        let error = try #require(throws: JSON.SyntaxError.self) { try JSON(parsing: #"{"a": [1, 2"#) }
        #expect(error.offset == 11 && error.description == "not JSON at byte 11: the array is not closed")
    }
}
