import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// Issue 15: JSON Lines as real writers and editors leave it.
@Suite("JSON Lines line ends, byte-order marks, cut lines and times")
struct JSONLinesCutTests {
    private static let began = #"{"t":0,"kind":"touch","phase":"began","id":1,"x":1,"y":2}"#
    private static let ended = #"{"t":8,"kind":"touch","phase":"ended","id":1,"x":1,"y":2}"#

    /// Reads `bytes` as a JSON Lines file; with `sparseSize`, the file is extended with NUL
    /// bytes to that size without writing them (as a filesystem leaves a file whose writer died).
    private func open(_ bytes: [UInt8], sparseSize: Int? = nil) throws -> (JSONLinesReader, [InputSample]) {
        let scratch = ScratchDirectory()
        let path = scratch.path("in.jsonl")
        try Data(bytes).written(to: path)
        if let sparseSize {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: UInt64(sparseSize))
            try handle.close()
        }
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

    @Test("times outside ±(2^62 − 1) ns are refused naming the line", arguments: [Int64.max, Int64.min, Int64(1 << 62) + 1])
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

    /// A marker line of exactly `length` bytes before its line feed (`ending` included).
    private static func markerLine(length: Int, ending: String) -> String {
        let head = #"{"t":0,"kind":"marker","label":""#, tail = #""}"# + ending
        return head + String(repeating: "x", count: length - head.utf8.count - tail.utf8.count) + tail
    }

    @Test("a line of exactly 1 MiB is read, one byte more is refused naming its line", arguments: [
        ("", "\n"), ("\r", "\n"), ("", ""), ("\r", ""),
    ])
    func lineLimit(carriageReturn: String, lineFeed: String) throws {
        let limit = JSONLinesReader.maximumLineLength
        #expect(limit == 1 << 20)
        let after = lineFeed.isEmpty ? "" : Self.ended + "\n"
        let fits = Self.markerLine(length: limit, ending: carriageReturn)
        let (reader, samples) = try open(Array("\(Self.began)\n\(fits)\(lineFeed)\(after)".utf8))
        #expect(samples.map(\.kind) == [.touch, .marker] + (lineFeed.isEmpty ? [] : [.touch]))
        #expect(samples[1].label?.utf8.count == limit - 34 - carriageReturn.utf8.count)
        #expect(reader.damage == nil)
        let over = Self.markerLine(length: limit + 1, ending: carriageReturn)
        let error = try #require(throws: TraceFileError.self) { try open(Array("\(Self.began)\n\(over)\(lineFeed)\(after)".utf8)) }
        #expect(error.line == 2)
        #expect(error.description.hasSuffix("in.jsonl:2: is longer than 1048576 bytes."))
    }

    @Test("a CR LF file cut between CR and LF, or ending in a lone CR, reads every line as the other text forms do", arguments: [
        "\(began)\r\n\(ended)\r", "\(began)\r\n\(ended)\r\n\r", "\(began)\n\(ended)\n\r",
    ])
    func cutCarriageReturn(text: String) throws {
        let (reader, samples) = try open(Array(text.utf8))
        #expect(samples.map(\.phase) == [.began, .ended])
        #expect(reader.damage == nil)
    }

    @Test("a NUL-filled tail is a cut: every complete line is read and the tail reported", arguments: [
        ("\(began)\n\(ended)\n", 100, 3, "ends with 100 NUL bytes where its writer's last lines should be"),
        ("\(began)\n\(ended)\n{\"t\":9,\"ki", 4096, 3, "ends with a cut line followed by 4096 NUL bytes"),
        ("\(began)\n\(ended)\r", 1, 2, "ends with 1 NUL byte where"),
        ("\(began)\n\(ended)\n", 3 << 20, 3, "ends with 3145728 NUL bytes"),
    ])
    func zeroTail(text: String, zeros: Int, line: Int, reason: String) throws {
        let (reader, samples) = try open(Array(text.utf8) + [UInt8](repeating: 0, count: zeros))
        #expect(samples.map(\.phase) == [.began, .ended])
        #expect(reader.trailingNULBytes == zeros)
        let damage = try #require(reader.damage)
        #expect(damage.line == line)
        #expect(damage.reason.hasPrefix(reason), "\(damage.reason)")
    }

    private func openSparse(_ text: String, size: Int) throws -> (JSONLinesReader, [InputSample]) {
        try open(Array(text.utf8), sparseSize: size)
    }

    @Test("a NUL tail of exactly 16 MiB is a cut tail; one byte more is not, and is refused as the NUL line it is")
    func zeroTailLimit() throws {
        let text = "\(Self.began)\n\(Self.ended)\n"
        let limit = JSONLinesReader.maximumZeroTail
        #expect(limit == 16 << 20)
        let (reader, samples) = try openSparse(text, size: text.utf8.count + limit)
        #expect(samples.count == 2)
        #expect(reader.trailingNULBytes == limit)
        #expect(reader.damage?.line == 3)
        let error = try #require(throws: TraceFileError.self) { try openSparse(text, size: text.utf8.count + limit + 1) }
        #expect(error.line == 3)
        #expect(error.reason == "starts a run of more than 1048576 NUL bytes, not text (a zero-filled tail is read as a writer's cut only up to 16 MiB)")
        // A long line of text is still a long line.
        let long = try #require(throws: TraceFileError.self) {
            try open(Array((text + String(repeating: "x", count: JSONLinesReader.maximumLineLength + 1)).utf8))
        }
        #expect(long.reason == "is longer than 1048576 bytes")
    }

    @Test("a sparse 1 GiB file of NUL bytes after two lines is refused at its third line without reading the zeros backwards")
    func sparseGigabyte() throws {
        let text = "\(Self.began)\n\(Self.ended)\n"
        let error = try #require(throws: TraceFileError.self) { try openSparse(text, size: 1 << 30) }
        #expect(error.line == 3)
        #expect(error.kind == .malformed)
    }

    @Test("a NUL that is not the file's tail is still bad data naming its line")
    func zeroInsideLastLine() throws {
        let error = try #require(throws: TraceFileError.self) { try open(Array("\(Self.began)\n{\"t\":9\u{0},\"ki".utf8)) }
        #expect(error.line == 2)
        #expect(error.reason == "holds a NUL byte")
    }
}
