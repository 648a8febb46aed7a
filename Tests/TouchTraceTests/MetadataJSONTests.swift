import Foundation
import Testing
import TouchBenchSupport
import TouchInput
@testable import TouchTrace

/// The container's header and footer JSON, now written and read without Foundation, must be
/// the bytes `JSONEncoder` (sorted keys) wrote for the same values, so files written before
/// and after are identical; Foundation appears here only as the reference.
@Suite("Metadata and footer JSON")
struct MetadataJSONTests {
    static let samples: [TraceMetadata] = [
        TraceMetadata(),
        TraceMetadata(device: "synthetic tablet 1024x1366@2x", screen: .init(width: 1024, height: 1366, scale: 2),
                      digitizerHz: 240, displayHz: 120, source: "synth",
                      extra: ["generator": "TraceSynthesis/1", "seed": "1", "restSpeedPtPerS": "10.0"]),
        TraceMetadata(device: "é \"quoted\" \\ back\tslash\u{1}", screen: .init(width: 390.5, height: 844.25, scale: 3),
                      digitizerHz: 1e-05, displayHz: 59.94, source: "evemu", epochNanoseconds: 1_700_000_000_123_456_789,
                      forceMaximum: 1.0 / 3, quanta: FieldQuanta(position: 0.1, radius: 1.0 / 256, force: 2.5e-7, angle: 1e16, scroll: 3),
                      extra: ["B": "x/y", "_z": "", "a10": "ten", "a9": "nine", "Z": "\u{7f}\u{2028}"]),
    ]

    @Test("the header JSON is the bytes JSONEncoder wrote, and reads back equal", arguments: samples)
    func header(metadata: TraceMetadata) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let reference = String(decoding: try encoder.encode(metadata), as: UTF8.self)
        #expect(JSONWriter.compact(metadata.jsonValue) == reference)
        #expect(try TraceMetadata(json: JSONValue.parse(reference)) == metadata)
    }

    @Test("the metadata comment of text exports keeps slashes as JSONEncoder did without escaping them", arguments: samples)
    func comment(metadata: TraceMetadata) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(JSONWriter.compact(metadata.jsonValue, escapingSlashes: false) == String(decoding: try encoder.encode(metadata), as: UTF8.self))
    }

    @Test("free keys may stand inside extra, the top level winning; non-strings are refused")
    func freeKeys() throws {
        let metadata = try TraceMetadata(json: JSONValue.parse(#"{"a": "top", "extra": {"a": "nested", "b": "2"}, "displayHz": 60}"#))
        #expect(metadata.extra == ["a": "top", "b": "2"])
        #expect(metadata.displayHz == 60)
        for bad in [#"{"a": 1}"#, #"{"a": null}"#, #"{"screen": {"width": 1, "height": 2}}"#, #"{"epochNanoseconds": 1.5}"#,
                    #"{"quanta": {"position": 1}}"#, #"{"device": 3}"#, "[]"] {
            #expect(throws: MetadataJSONError.self, "\(bad)") { try TraceMetadata(json: JSONValue.parse(bad)) }
        }
    }

    @Test("the footer JSON is the bytes JSONEncoder wrote, and reads back equal")
    func footer() throws {
        var error = QuantizationError()
        error.position = 0.001953125
        error.force = 1.2207031249e-4
        for footer in [TraceFooter(sampleCount: 12_345, quantizationError: error), TraceFooter(sampleCount: 0, quantizationError: nil)] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let reference = String(decoding: try encoder.encode(footer), as: UTF8.self)
            #expect(JSONWriter.compact(footer.jsonValue) == reference)
            #expect(TraceFooter(json: try JSONValue.parse(reference)) == footer)
        }
        #expect(TraceFooter(json: try JSONValue.parse(#"{"sampleCount": "12"}"#)) == nil)
    }
}
