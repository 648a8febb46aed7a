import Foundation
import Testing
import TouchInput
@testable import TraceFormats

/// Issue 15: real-world text (Windows line ends, byte-order marks), control bytes, resource
/// limits and empty imports, for every text importer, through files as the CLI reads them.
@Suite("Hostile and real-world text")
struct HostileTextTests {
    /// A temporary directory, removed with its files when released.
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tb-hostile-\(UInt32.random(in: 0...UInt32.max))")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func write(_ bytes: [UInt8], _ name: String) throws -> String {
            let path = url.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    private static func crlf(_ text: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }

    /// A text form of the synthetic samples in every evdev export form and CSV.
    private static func exported(_ format: TraceFormat) throws -> String {
        try TraceFormat.export(format, metadata: TraceMetadata(device: "synth"), samples: EvemuExportTests.synthetic)
    }

    @Test("CR LF line ends and a byte-order mark read as LF text does", arguments: [TraceFormat.evemu, .getevent, .libinput, .csv])
    func windowsText(format: TraceFormat) throws {
        let directory = try Directory()
        let text = try Self.exported(format)
        let lf = try TraceFormat.importTrace(from: try directory.write(Array(text.utf8), "lf"), format: format)
        let crlf = try TraceFormat.importTrace(from: try directory.write(Self.crlf(text), "crlf"), format: format)
        let bom = try TraceFormat.importTrace(from: try directory.write([0xEF, 0xBB, 0xBF] + Self.crlf(text), "bom"), format: format)
        #expect(lf.samples.count > 10)
        #expect(crlf.samples == lf.samples)
        #expect(bom.samples == lf.samples)
    }

    @Test("a stray carriage return or a NUL is bad data naming its line", arguments: [TraceFormat.evemu, .getevent, .csv])
    func controlBytes(format: TraceFormat) throws {
        let directory = try Directory()
        var lines = try Self.exported(format).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let target = lines.count / 2
        for (name, damage) in [("cr", "\r"), ("nul", "\u{0}")] {
            var damaged = lines
            damaged[target] = String(damaged[target].prefix(3)) + damage + damaged[target].dropFirst(3)
            let path = try directory.write(Array(damaged.joined(separator: "\n").utf8), name)
            let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
            #expect(error.line == target + 1, "\(name): \(error)")
            #expect(error.kind == .malformed)
        }
        lines.removeAll()
    }

    @Test("a line longer than 1 MiB is refused before the rest of the file is read")
    func lineLimit() throws {
        let directory = try Directory()
        let text = "E: 0.000001 0003 0035 " + String(repeating: "1", count: TextInput.maximumLineLength) + "\nE: 0.000002 0000 0000 0\n"
        let path = try directory.write(Array(text.utf8), "long.events")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: .evemu) }
        #expect(error.line == 1)
        #expect(error.reason.contains("longer than"))
    }

    @Test("an import that yields no samples is an error", arguments: [
        (TraceFormat.csv, "t,kind,phase,id,x,y\n"), (.evemu, "# only a comment\n"), (.getevent, "\n"),
        (.pointerEvents, #"{"events":[]}"#),
    ])
    func noSamples(format: TraceFormat, text: String) throws {
        let directory = try Directory()
        let path = try directory.write(Array(text.utf8), "empty")
        let error = try #require(throws: TraceFormatError.self) { try TraceFormat.importTrace(from: path, format: format) }
        #expect(error.kind == .malformed)
    }

    @Test("an evemu recording's own description wins over one given beside it")
    func ownDescriptionWins() throws {
        let directory = try Directory()
        let text = try Self.exported(.evemu)
        let recording = try directory.write(Array(text.utf8), "own.evemu")
        let description = text.split(separator: "\n").filter { !$0.hasPrefix("E:") && !$0.hasPrefix("#") }.joined(separator: "\n") + "\n"
        let other = try directory.write(Self.crlf(description), "other.desc")
        var options = ImportOptions()
        options.descriptionPath = other
        let alone = try TraceFormat.importTrace(from: recording, format: .evemu)
        let given = try TraceFormat.importTrace(from: recording, format: .evemu, options: options)
        #expect(given.samples == alone.samples)
        #expect(given.metadata == alone.metadata)
    }

    @Test("export refuses times before zero instead of writing unreadable timestamps", arguments: [TraceFormat.evemu, .getevent, .libinput])
    func negativeTimes(format: TraceFormat) {
        let samples = [InputSample(time: -5000, kind: .touch, phase: .began, id: 1, x: 1, y: 1),
                       InputSample(time: 0, kind: .touch, phase: .ended, id: 1, x: 1, y: 1)]
        #expect(throws: TraceFormatError.self) { try TraceFormat.export(format, metadata: TraceMetadata(), samples: samples) }
        #expect(throws: TraceFormatError.self) {
            try TraceFormat.export(format, metadata: TraceMetadata(epochNanoseconds: -1), samples: Array(samples.dropFirst()))
        }
    }

    @Test("a contact radius of 1e12 exports without overflowing the device plan")
    func hugeRadius() throws {
        let samples = [InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 1, y: 1, majorRadius: 1e12),
                       InputSample(time: 8_000_000, kind: .touch, phase: .ended, id: 1, x: 1, y: 1, majorRadius: 1e12)]
        let text = try TraceFormat.export(.evemu, metadata: TraceMetadata(), samples: samples)
        #expect(text.contains("E: "))
    }
}
