import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TouchCapture
@testable import TraceFormats

/// `touchbench record` as a process: fed through a FIFO, stopped by SIGTERM, killed by
/// SIGKILL. `swift test` does not link executables, so these run only when `TOUCHBENCH`
/// names a built binary, as `scripts/test-record` arranges.
@Suite("touchbench record as a process", .serialized,
       .enabled(if: BuiltTool.path != nil, "TOUCHBENCH is unset: scripts/test-record runs these against a fresh build"))
struct RecordProcessTests {

    /// A running or finished `touchbench`.
    final class Run {
        let process = Process()
        let output = Pipe(), errors = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: BuiltTool.path ?? "/nonexistent")
            process.arguments = arguments
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Waits at most `seconds` for the exit; its status, or nil after a timeout (the
        /// process is then killed, so that its output can be read).
        func wait(seconds: Double = 10) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            guard process.isRunning else { return process.terminationStatus }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }

        var standardOutput: String { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        var standardError: String { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    }

    /// Runs `touchbench arguments` to the end.
    static func run(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String) {
        let run = try Run(arguments)
        let status = run.wait()
        return (status, run.standardOutput, run.standardError)
    }

    /// A directory with the test screen's description and a FIFO.
    struct Setup {
        let directory: URL
        var description: String { directory.appendingPathComponent("screen.desc").path }
        var fifo: String { directory.appendingPathComponent("events.fifo").path }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        init(_ name: String) throws {
            directory = try CaptureSupport.temporaryDirectory(name)
            try CaptureSupport.screenDescription.write(toFile: description, atomically: true, encoding: .utf8)
            #expect(mkfifo(fifo, 0o600) == 0)
        }

        /// Opens the FIFO for writing once `run` has opened it for reading (blocking writes after).
        func openWriter(for run: Run) throws -> Int32 {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && run.process.isRunning {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if fd >= 0 {
                    #expect(fcntl(fd, F_SETFL, 0) == 0)
                    return fd
                }
                usleep(5_000)
            }
            _ = run.wait(seconds: 0)
            throw CaptureTestFailure(message: "touchbench never opened the FIFO: \(run.standardError)")
        }

        /// The samples the importer gives for `events` on the test screen, as a file stores them.
        func expectedSamples(_ events: [EvdevEvent]) throws -> [InputSample] {
            let trace = try EvemuImporter.parse(CaptureSupport.screenDescription + CaptureSupport.evemuEvents(events))
            return try CaptureSupport.stored(trace, in: directory)
        }
    }

    static func write(_ events: [EvdevEvent], to fd: Int32) {
        let bytes = EvdevInputRecord.encode(events)
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if written <= 0 { break }
            done += written
        }
        #expect(done == bytes.count)
    }

    /// Polls the file a live writer is filling until it holds `samples` samples in complete chunks.
    static func waitForChunks(_ path: String, samples: Int) -> TraceReader? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let reader = try? TraceReader(path: path), reader.sampleCount >= samples { return reader }
            usleep(20_000)
        }
        return nil
    }

    @Test("SIGTERM and SIGINT finish a complete file holding every event written", arguments: [SIGTERM, SIGINT])
    func signalFinishes(signal: Int32) throws {
        let setup = try Setup("sigterm")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let output = setup.path("out.touchtrace")
        let run = try Run(["record", "--evdev", setup.fifo, "--desc", setup.description, "-o", output])
        let fd = try setup.openWriter(for: run)
        defer { close(fd) }
        let events = CaptureSupport.twoFingerDrag(frames: 50)
        Self.write(events, to: fd)
        let sent = Date()
        #expect(kill(run.process.processIdentifier, signal) == 0)
        #expect(run.wait() == 0, "\(run.standardError)")
        print("record: signal \(signal) to exit in \(Int(Date().timeIntervalSince(sent) * 1000)) ms")

        #expect(try Self.run(["verify", output]).status == 0)
        let info = try Self.run(["info", "--json", output])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
        #expect(object["samples"] as? Int == 100)
        #expect(object["contacts"] as? Int == 2)
        #expect(object["complete"] as? Bool == true)
        #expect(try CaptureSupport.samples(of: output) == (try setup.expectedSamples(events)))
    }

    @Test("kill -9 loses only the chunk being filled; verify fails with 65 and --repair keeps the rest")
    func killLosesOnlyTheOpenChunk() throws {
        let setup = try Setup("kill")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let output = setup.path("out.touchtrace")
        // No flush on pauses: the last chunk stays open until the kill.
        let run = try Run(["record", "--evdev", setup.fifo, "--desc", setup.description, "-o", output, "--flush-after", "3600s"])
        let fd = try setup.openWriter(for: run)
        defer { close(fd) }
        // 3.5 s of frames every 10 ms: three full one-second chunks of 200 samples, 100 open.
        let events = CaptureSupport.twoFingerDrag(frames: 350)
        Self.write(events, to: fd)
        let live = try #require(Self.waitForChunks(output, samples: 600), "the three full chunks never reached the file")
        #expect(live.chunks.count == 3)
        #expect(kill(run.process.processIdentifier, SIGKILL) == 0)
        #expect(run.wait() == 128 + SIGKILL || run.process.terminationReason == .uncaughtSignal)

        let verify = try Self.run(["verify", output])
        #expect(verify.status == 65)
        #expect(verify.errors.contains("--repair"))
        let repaired = setup.path("repaired.touchtrace")
        #expect(try Self.run(["verify", output, "--repair", repaired]).status == 0)
        #expect(try Self.run(["verify", repaired]).status == 0)
        let kept = try CaptureSupport.samples(of: repaired)
        #expect(kept.count == 600)
        #expect(kept == Array(try setup.expectedSamples(events).prefix(600)))
    }

    @Test("after a pause in input, kill -9 loses nothing")
    func pauseWritesTheOpenChunk() throws {
        let setup = try Setup("pause")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let output = setup.path("out.touchtrace")
        let run = try Run(["record", "--evdev", setup.fifo, "--desc", setup.description, "-o", output, "--flush-after", "200ms"])
        let fd = try setup.openWriter(for: run)
        defer { close(fd) }
        let events = CaptureSupport.twoFingerDrag(frames: 150)
        Self.write(events, to: fd)
        #expect(Self.waitForChunks(output, samples: 300) != nil)
        #expect(kill(run.process.processIdentifier, SIGKILL) == 0)
        _ = run.wait()
        let repaired = setup.path("repaired.touchtrace")
        #expect(try Self.run(["verify", output, "--repair", repaired]).status == 0)
        #expect(try CaptureSupport.samples(of: repaired) == (try setup.expectedSamples(events)))
    }

    /// Hostile report 2 bug 6: events whose time stepped back were held in silence.
    @Test("events whose time steps back are held, counted in the metadata and said as the imports say them")
    func timeRegressionsAreSaid() throws {
        let setup = try Setup("regressions")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let events = CaptureSupport.steppingBack(CaptureSupport.twoFingerDrag(frames: 5))
        let records = setup.path("back.bin"), output = setup.path("back.touchtrace"), evemu = setup.path("back.evemu")
        try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: records))
        let recorded = try Self.run(["record", "--evdev", records, "--desc", setup.description, "-o", output])
        #expect(recorded.status == 0)
        let said = " 27 events went back in time and were held at the time of the event before (docs/FORMATS.md).\n"
        #expect(recorded.errors.hasPrefix("warning: \(records):" + said), "\(recorded.errors)")
        let lines = recorded.errors.split(separator: "\n")
        #expect(lines.count == 2 && lines.last?.hasPrefix("\(records) → \(output): 10 samples in 1 chunks from 37 events") == true)
        #expect(try TraceReader(path: output).metadata.extra["evdev.timeRegressions"] == "27")
        // The import of the same events in the same words.
        try (CaptureSupport.screenDescription + CaptureSupport.evemuEvents(events)).write(toFile: evemu, atomically: true, encoding: .utf8)
        let imported = try Self.run(["cat", evemu])
        #expect(imported.status == 0)
        #expect(imported.errors == "warning: \(evemu):" + said)
    }

    @Test("exit codes: missing device 66, malformed records 65, a file without --desc 64")
    func exitCodes() throws {
        let setup = try Setup("codes")
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let output = setup.path("out.touchtrace")
        let missing = try Self.run(["record", "--evdev", "/dev/input/event-none", "-o", output])
        #expect(missing.status == 66)
        #expect(missing.errors.contains("/dev/input/event-none: does not exist"))
        let records = setup.path("events.bin")
        try Data(EvdevInputRecord.encode(CaptureSupport.twoFingerDrag(frames: 10)) + [0, 0]).write(to: URL(fileURLWithPath: records))
        let malformed = try Self.run(["record", "--evdev", records, "--desc", setup.description, "-o", output])
        #expect(malformed.status == 65)
        #expect(malformed.errors.contains("ends inside a record"))
        #expect(try Self.run(["verify", output]).status == 0)
        #expect(try Self.run(["record", "--evdev", records, "-o", output]).status == 64)
    }
}

/// The `touchbench` binary named by the `TOUCHBENCH` environment variable, when executable.
enum BuiltTool {
    static let path: String? = ProcessInfo.processInfo.environment["TOUCHBENCH"].flatMap {
        FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
    }
}

struct CaptureTestFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
