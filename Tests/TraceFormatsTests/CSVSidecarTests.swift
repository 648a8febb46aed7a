import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// A CSV's metadata sidecar is written as the CSV is: beside its target and put in place only
/// when the CSV is complete (hostile finding H2: a failed convert left the previous CSV with
/// the failed input's metadata), and only beside a regular file.
@Suite("CSV metadata sidecar") struct CSVSidecarTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-sidecar-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func write(_ trace: SynthesizedTrace, to path: String, finish: Bool) throws {
        let writer = try CSVWriter(output: try TextOutput(path: path), metadata: trace.metadata)
        for sample in trace.samples { try writer.append(sample) }
        if finish { try writer.finishWriting() }
    }

    static func trace(_ gesture: Gesture, seed: UInt64) throws -> SynthesizedTrace {
        try GestureSynthesizer(options: SynthesisOptions(seed: seed)).synthesize(gesture)
    }

    @Test func anUnfinishedWriterLeavesThePreviousCSVAndSidecar() throws {
        let path = Self.directory.appendingPathComponent("kept.csv").path
        let sidecar = CSVWriter.metadataPath(forCSVAt: path)
        let first = try Self.trace(.catch, seed: 1), second = try Self.trace(.drag, seed: 2)
        try Self.write(first, to: path, finish: true)
        let csv = try Data(contentsOf: URL(fileURLWithPath: path)), metadata = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        try Self.write(second, to: path, finish: false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == csv)
        #expect(try Data(contentsOf: URL(fileURLWithPath: sidecar)) == metadata)
        #expect(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".partial") }.isEmpty)
        #expect(try TraceFormat.importTrace(from: path, format: .csv).metadata == first.metadata)
        try Self.write(second, to: path, finish: true)
        #expect(try TraceFormat.importTrace(from: path, format: .csv).metadata == second.metadata)
    }

    @Test func noSidecarBesideStandardOutputOrADevice() throws {
        let writer = try CSVWriter(output: try TextOutput(path: "/dev/null"), metadata: try Self.trace(.catch, seed: 1).metadata)
        try writer.finishWriting()
        #expect(!FileManager.default.fileExists(atPath: CSVWriter.metadataPath(forCSVAt: "/dev/null")))
    }

    /// Hostile report 16 L1: a sidecar that is a FIFO (or a bad line) was reported as one
    /// sentence quoted inside another, naming the sidecar twice.
    @Test("a sidecar that cannot be read or parsed is one sentence naming it, by the whole import and the stream")
    func unreadableSidecars() throws {
        let csv = Self.directory.appendingPathComponent("sidecar-errors.csv").path
        let sidecar = csv + ".metadata.json"
        try "t,kind,phase,id,x,y\n0,touch,began,1,1,1\n".write(toFile: csv, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: sidecar) }
        func errors() throws -> [TraceFormatError] {
            [try #require(throws: TraceFormatError.self) { try CSVImporter.read(contentsOf: csv) },
             try #require(throws: TraceFormatError.self) { _ = try TraceInput(path: csv, form: .foreign(.csv)) }]
        }
        #expect(mkfifo(sidecar, 0o600) == 0)
        for error in try errors() {
            #expect(error.kind == .unreadable)
            #expect(error.path == sidecar)
            #expect(error.reason == "the metadata sidecar of sidecar-errors.csv is a FIFO (named pipe), not a regular file; copy it to a file first.")
        }
        try FileManager.default.removeItem(atPath: sidecar)
        try "{\"touchtrace\":1,\"metadata\":{\"device\":3}}\n".write(toFile: sidecar, atomically: false, encoding: .utf8)
        for error in try errors() {
            #expect(error.kind == .malformed)
            #expect(error.line == 1)
            #expect(error.reason.hasPrefix("the metadata sidecar of sidecar-errors.csv is not a JSON Lines metadata line: it has metadata"))
            #expect(!error.reason.contains(sidecar), "\(error)")
        }
    }
}
