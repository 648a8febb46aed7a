import Foundation
import Testing
import TouchInput
@testable import TouchTrace

/// Hostile report 17: a UTF-16 file read "holds a NUL byte" (or, with CR LF, "a carriage
/// return that does not end the line"), and a byte-order mark inside a file was quoted
/// invisibly in the next error. Both are said for what they are, by the line reader every
/// text form uses and by the JSON Lines reader.
@Suite("Text encodings named for what they are")
struct TextEncodingTests {
    static let utf16 = "the file is UTF-16 text (it starts with the byte-order mark FF FE); touchbench reads UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)"
    static let innerMark = "the line starts with a byte-order mark (U+FEFF), which belongs only at the start of a file (two files joined?)"
    static let lines = "{\"touchtrace\":1,\"metadata\":{}}\n{\"t\":0,\"kind\":\"marker\",\"label\":\"a\"}\n{\"t\":1,\"kind\":\"marker\",\"label\":\"b\"}\n"

    static func utf16LE(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func readJSONLines(_ bytes: [UInt8]) throws -> TraceFileError? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-encoding-\(getpid())-\(bytes.hashValue).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do throws(TraceFileError) {
            let reader = try JSONLinesReader(path: path)
            while try reader.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    static func readLines(_ bytes: [UInt8]) -> TraceFileError? {
        do {
            try bytes.withUnsafeBytes { raw in try LineReader.forEach(inBytes: raw, path: "in.txt") { _, _, _ in } }
            return nil
        } catch let error as TraceFileError {
            return error
        } catch {
            return nil
        }
    }

    @Test("UTF-16 text, with LF or CR LF line ends", arguments: ["\n", "\r\n"])
    func utf16(ending: String) throws {
        let bytes = Self.utf16LE(Self.lines.replacingOccurrences(of: "\n", with: ending))
        #expect(try Self.readJSONLines(bytes)?.reason == Self.utf16)
        #expect(Self.readLines(bytes)?.reason == Self.utf16)
        #expect(Self.readLines(bytes)?.line == 1)
    }

    @Test("a byte-order mark at the start of a later line; one at the start of the file is read")
    func innerByteOrderMark() throws {
        var bytes = Array(Self.lines.utf8)
        let second = try #require(bytes.firstIndex(of: 0x0A)) + 1
        bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: second)
        let error = try #require(try Self.readJSONLines(bytes))
        #expect(error.reason == Self.innerMark && error.line == 2)
        #expect(Self.readLines(bytes)?.reason == Self.innerMark)
        #expect(Self.readLines(bytes)?.line == 2)
        #expect(try Self.readJSONLines([0xEF, 0xBB, 0xBF] + Array(Self.lines.utf8)) == nil)
        #expect(Self.readLines([0xEF, 0xBB, 0xBF] + Array(Self.lines.utf8)) == nil)
    }
}
