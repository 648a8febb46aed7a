import Foundation
import Testing
@testable import TouchTrace

/// The file reader skips the per-line checks of a line that lies within bytes already scanned
/// (once per block, up to the first NUL, CR or byte of 0x80 or more) and drops the CR of a CR LF
/// line found that way. Held to the reader of bytes in memory, which checks every line: the same
/// lines, and the same error at the same line, for files whose lines mix plain ASCII, CR LF,
/// UTF-8, a byte-order mark, a stray CR and a NUL, across the reader's 256 KiB blocks.
@Suite("Line reader: the block scan against the per-line checks")
struct LineReaderScanTests {
    /// What a reader gives: every line's bytes, then the error (its line and reason), if any.
    struct Outcome: Equatable {
        var lines: [[UInt8]] = []
        var error: String?
    }

    static func fromFile(_ bytes: [UInt8]) throws -> Outcome {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-linescan-\(getpid())-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var outcome = Outcome()
        do {
            let reader = try LineReader(path: path)
            while let line = try reader.next() { outcome.lines.append(Array(line)) }
        } catch {
            outcome.error = "line \(error.line ?? 0): \(error.reason)"
        }
        return outcome
    }

    static func fromMemory(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        do {
            try bytes.withUnsafeBytes { raw in
                try LineReader.forEach(inBytes: raw, path: nil) { _, line, _ in outcome.lines.append(Array(line)) }
            }
        } catch let error as TraceFileError {
            outcome.error = "line \(error.line ?? 0): \(error.reason)"
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// Lines of a few kinds in a fixed pseudo-random order, about `count` of them, with `odd`
    /// (a stray CR, a NUL, a byte-order mark, invalid UTF-8) at line `at` when given.
    static func text(count: Int, seed: UInt64, odd: [UInt8]? = nil, at: Int = 0, bom: Bool = false) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
        for index in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int(state >> 59)
            let length = Int((state >> 32) & 0x7F)
            var line = Array(String(repeating: "E: 12.345678 0003 0035 0512\t# ", count: 1 + length / 40).utf8.prefix(length))
            switch pick % 8 {
            case 0: line += Array("é ü — 指".utf8)
            case 1: line.append(0x0D)  // CR LF
            case 2: line = []
            default: break
            }
            if index == at, let odd { line.insert(contentsOf: odd, at: line.count / 2) }
            bytes += line + [0x0A]
        }
        return bytes
    }

    @Test("clean and mixed files across blocks, with and without a final line feed", arguments: [1, 2, 3])
    func mixed(seed: Int) throws {
        let text = Self.text(count: 12_000, seed: UInt64(seed), bom: seed == 2)
        #expect(text.count > 1 << 19)
        let memory = Self.fromMemory(text)
        #expect(memory.error == nil)
        #expect(try Self.fromFile(text) == memory)
        let cut = Array(text.dropLast(3))
        #expect(try Self.fromFile(cut) == Self.fromMemory(cut))
    }

    @Test("a stray CR, a NUL, an inner byte-order mark or invalid UTF-8, early or in a later block",
          arguments: [[0x0D, 0x41], [0x00], [0xEF, 0xBB, 0xBF], [0xC3, 0x28], [0xFF]], [5, 9_001])
    func refused(odd: [UInt8], at line: Int) throws {
        var text = Self.text(count: 12_000, seed: 7, odd: odd, at: line - 1)
        if odd == [0xEF, 0xBB, 0xBF] {
            // The mark refused is one that starts a line.
            text = Self.text(count: 12_000, seed: 7)
            var offset = 0
            for _ in 0..<(line - 1) { offset = (text[offset...].firstIndex(of: 0x0A) ?? offset) + 1 }
            text.insert(contentsOf: odd, at: offset)
        }
        let memory = Self.fromMemory(text)
        #expect(memory.error?.hasPrefix("line \(line): ") == true, "\(memory.error ?? "no error")")
        #expect(try Self.fromFile(text) == memory)
    }
}
