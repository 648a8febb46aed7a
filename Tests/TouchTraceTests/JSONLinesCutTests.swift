import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// Issue 15: JSON Lines as real writers and editors leave it.
@Suite("JSON Lines line ends, byte-order marks, cut lines and times")
struct JSONLinesCutTests {
    private static let began = #"{"t":0,"kind":"touch","phase":"began","id":1,"x":1,"y":2}"#
    private static let ended = #"{"t":8,"kind":"touch","phase":"ended","id":1,"x":1,"y":2}"#

    private func open(_ bytes: [UInt8]) throws -> (JSONLinesReader, [InputSample]) {
        let scratch = ScratchDirectory()
        let path = scratch.path("in.jsonl")
        try Data(bytes).written(to: path)
        let reader = try JSONLinesReader(path: path)
        var samples: [InputSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        return (reader, samples)
    }

    @Test("CRLF line ends and a UTF-8 byte-order mark read as LF text does")
    func windowsText() throws {
        let lf = try open(Array("\(Self.began)\n\(Self.ended)\n".utf8)).1
        let crlf = try open(Array("\(Self.began)\r\n\(Self.ended)\r\n".utf8)).1
        let bom = try open([0xEF, 0xBB, 0xBF] + Array("\(Self.began)\r\n\(Self.ended)".utf8)).1
        #expect(lf.count == 2)
        #expect(crlf == lf)
        #expect(bom == lf)
    }

    @Test("a stray carriage return or a NUL is bad data naming its line", arguments: [
        ("\(began)\r\r\n\(ended)\n", 1), ("\(began)\n\(ended)\u{0}\n", 2), ("\(began)\n\r\(ended)\n", 2),
    ])
    func controlBytes(text: String, line: Int) throws {
        let error = try #require(throws: TraceFileError.self) { try open(Array(text.utf8)) }
        #expect(error.line == line)
        #expect(error.kind == .malformed)
    }

    @Test("a file cut mid-line reads every complete line and reports the cut one")
    func cutLine() throws {
        let text = "\(Self.began)\n\(Self.ended)\n\(Self.ended.prefix(20))"
        let (reader, samples) = try open(Array(text.utf8))
        #expect(samples.count == 2)
        let damage = try #require(reader.damage)
        #expect(damage.line == 3)
        let (whole, _) = try open(Array("\(Self.began)\n\(Self.ended)".utf8))
        #expect(whole.damage == nil)
    }

    @Test("times outside ±2^62 ns are refused naming the line", arguments: [Int64.max, Int64.min, Int64(1 << 62) + 1])
    func timeRange(time: Int64) throws {
        let text = #"{"t":\#(time),"kind":"marker","label":"a"}"# + "\n"
        let error = try #require(throws: TraceFileError.self) { try open(Array(text.utf8)) }
        #expect(error.line == 1)
        let edge = try open(Array(#"{"t":\#(SampleTime.limit),"kind":"marker","label":"a"}"#.utf8)).1
        #expect(edge.first?.time == SampleTime.limit)
    }

    @Test("metadata with an impossible screen or rate is refused", arguments: [
        #"{"screen":{"width":1e308,"height":10,"scale":1}}"#, #"{"screen":{"width":10,"height":-1,"scale":1}}"#,
        #"{"displayHz":0}"#, #"{"digitizerHz":1e9}"#, #"{"epochNanoseconds":-9223372036854775808}"#,
    ])
    func metadataRanges(metadata: String) throws {
        let text = #"{"touchtrace":1,"metadata":\#(metadata)}"# + "\n" + Self.began + "\n"
        let error = try #require(throws: TraceFileError.self) { try open(Array(text.utf8)) }
        #expect(error.line == 1)
    }
}
