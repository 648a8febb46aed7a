import TestSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TouchCapture
@testable import TraceFormats

@Suite("evdev capture from files of input_event records")
struct EvdevCaptureTests {
    @Test("ioctl request numbers are the kernel's (linux/input.h on x86_64 and aarch64)")
    func ioctlNumbers() {
        #expect(EvdevIoctl.getVersion == 0x8004_4501)
        #expect(EvdevIoctl.getID == 0x8008_4502)
        #expect(EvdevIoctl.getName(length: 256) == 0x8100_4506)
        #expect(EvdevIoctl.getProperties(length: 8) == 0x8008_4509)
        #expect(EvdevIoctl.getBits(type: 3, length: 96) == 0x8060_4523)
        #expect(EvdevIoctl.getAbsolute(code: 0x35) == 0x8018_4575)
        #expect(EvdevIoctl.setClock == 0x4004_45a0)
    }

    @Test func recordsRoundTripAndForeignBytesAreRefused() throws {
        let event = EvdevEvent(time: 1_700_000_123_456_000, type: 3, code: 0x35, value: -42)
        let bytes = EvdevInputRecord.encode([event])
        #expect(bytes.count == 24)
        #expect(try bytes.withUnsafeBytes { try EvdevInputRecord.decode($0, at: 0) } == event)
        var bad = bytes
        bad[8] = 0x40; bad[9] = 0x42; bad[10] = 0x0f  // 1 000 000 µs
        #expect(throws: EvdevInputRecord.Problem.self) { try bad.withUnsafeBytes { try EvdevInputRecord.decode($0, at: 0) } }
    }

    /// Recordings with a declared device: the evemu description is what `--desc` would give.
    static let declared = SharedData.recordings.filter { name in
        (try? String(contentsOfFile: SharedData.path(name), encoding: .utf8)).map(EvemuImporter.containsDescription) == true
            || EvemuImporter.findDescription(forEventsAt: SharedData.path(name)) != nil
    }

    @Test("a capture of a recording's events equals its import", .enabled(if: SharedData.isAvailable), arguments: declared)
    func captureEqualsImport(name: String) throws {
        let directory = try CaptureSupport.temporaryDirectory("equal")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = SharedData.path(name)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let descriptionPath: String
        if EvemuImporter.containsDescription(text) {
            descriptionPath = directory.appendingPathComponent("device.desc").path
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("E:") && !$0.hasPrefix("#") }
            try (lines.joined(separator: "\n") + "\n").write(toFile: descriptionPath, atomically: true, encoding: .utf8)
        } else {
            descriptionPath = try #require(EvemuImporter.findDescription(forEventsAt: path))
        }
        let raw = try RawEvemu(path: path)
        let events = raw.events.map {
            EvdevEvent(time: $0.micros * 1000, type: UInt16($0.type), code: UInt16($0.code), value: Int32($0.value))
        }
        let records = directory.appendingPathComponent("events.bin").path
        try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: records))
        let output = directory.appendingPathComponent("captured.touchtrace").path

        let capture = try EvdevCapture(input: records, output: output, options: .init(descriptionPath: descriptionPath))
        #expect(!capture.isLive)
        let result = try capture.run(shouldStop: { false })
        #expect(result.ending == .endOfInput)
        #expect(result.statistics.events == events.count)

        let imported = try TraceFormat.importTrace(from: path, format: .evemu)
        let captured = try CaptureSupport.samples(of: output)
        #expect(captured.count == imported.samples.count)
        #expect(captured == (try CaptureSupport.stored(imported, in: directory)))
        #expect(result.trace.sampleCount == imported.samples.count)

        // The header holds what is known before the first event; the rest must agree.
        let header = try TraceReader(path: output).metadata
        let known = { (extra: [String: String]) in
            extra.filter { !$0.key.hasPrefix("evemu.") && !$0.key.hasPrefix("capture.") && $0.key != "evdev.frames" }
        }
        #expect(known(header.extra) == known(imported.metadata.extra))
        #expect(header.device == imported.metadata.device)
        #expect(header.screen == imported.metadata.screen)
        #expect(header.quanta == imported.metadata.quanta)
        #expect(header.forceMaximum == imported.metadata.forceMaximum)
        #expect(header.epochNanoseconds == imported.metadata.epochNanoseconds)
        #expect(header.source == "evdev")
        #expect(header.extra["capture.input"] == "file")
    }

    @Test func malformedRecordsKeepWhatCameBefore() throws {
        let directory = try CaptureSupport.temporaryDirectory("malformed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let description = directory.appendingPathComponent("screen.desc").path
        try CaptureSupport.screenDescription.write(toFile: description, atomically: true, encoding: .utf8)
        let events = CaptureSupport.twoFingerDrag(frames: 20)
        let records = directory.appendingPathComponent("events.bin").path
        let output = directory.appendingPathComponent("out.touchtrace").path

        // A file cut inside its last record.
        try Data(EvdevInputRecord.encode(events) + [1, 2, 3]).write(to: URL(fileURLWithPath: records))
        let truncated = try EvdevCapture(input: records, output: output, options: .init(descriptionPath: description))
        let error = try #require(throws: EvdevCaptureError.self) { try truncated.run(shouldStop: { false }) }
        #expect(error.kind == .malformed)
        #expect(error.offset == events.count * 24)
        #expect(try TraceReader(path: output).verify().sampleCount == 40)

        // A record that is not one, after ten good ones.
        var bytes = EvdevInputRecord.encode(events)
        bytes[10 * 24 + 16] = 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: records))
        let foreign = try EvdevCapture(input: records, output: output, options: .init(descriptionPath: description))
        let second = try #require(throws: EvdevCaptureError.self) { try foreign.run(shouldStop: { false }) }
        #expect(second.kind == .malformed && second.offset == 240)
        #expect(second.description.contains("at byte 240"))
    }

    /// A description of `N:`, `I:` or `P:` lines only declares no axis: record refuses it as
    /// the evemu import refuses it beside a recording, naming the file and its first such line.
    @Test func partialDescriptionIsRefused() throws {
        let directory = try CaptureSupport.temporaryDirectory("partial-desc")
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = directory.appendingPathComponent("events.bin").path
        try Data(EvdevInputRecord.encode(CaptureSupport.twoFingerDrag(frames: 2))).write(to: URL(fileURLWithPath: records))
        let output = directory.appendingPathComponent("out.touchtrace").path
        let description = directory.appendingPathComponent("name.desc").path
        for (text, line) in [("N: x\n", 1), ("# a comment\nN: x\nI: 0003 0001 0002 0001\n", 2)] {
            try text.write(toFile: description, atomically: true, encoding: .utf8)
            let error = try #require(throws: TraceFormatError.self) {
                try EvdevCapture(input: records, output: output, options: .init(descriptionPath: description))
            }
            #expect(error.kind == .malformed)
            #expect(error.path == description && error.line == line)
            #expect(error.reason.hasPrefix("holds a partial device description (N:, I: or P: lines but no A: or B: line"))
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        // The whole description of the same device is taken.
        try CaptureSupport.screenDescription.write(toFile: description, atomically: true, encoding: .utf8)
        #expect(try EvdevCapture(input: records, output: output, options: .init(descriptionPath: description)).device.name
            == EvemuImporter.readDescription(contentsOf: description).name)
    }

    @Test func inputsThatCannotBeRead() throws {
        let directory = try CaptureSupport.temporaryDirectory("unreadable")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.touchtrace").path
        let missing = try #require(throws: EvdevCaptureError.self) {
            try EvdevCapture(input: "/dev/input/event-none", output: output)
        }
        #expect(missing.kind == .cannotOpen)
        let records = directory.appendingPathComponent("events.bin").path
        try Data(EvdevInputRecord.encode(CaptureSupport.twoFingerDrag(frames: 2))).write(to: URL(fileURLWithPath: records))
        let undescribed = try #require(throws: EvdevCaptureError.self) { try EvdevCapture(input: records, output: output) }
        #expect(undescribed.kind == .unsupported && undescribed.reason.contains("--desc"))
        let notDevice = try #require(throws: EvdevCaptureError.self) { try EvdevCapture(input: "/dev/null", output: output) }
        #expect(notDevice.kind == .cannotOpen && notDevice.reason.contains("not an evdev input device"))
        // Root reads anything: the permission check only means something for other users.
        if getuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: records)
            let denied = try #require(throws: EvdevCaptureError.self) { try EvdevCapture(input: records, output: output) }
            #expect(denied.kind == .permissionDenied)
            #expect(denied.reason.contains("'input' group"))
        }
    }

    @Test("decoding and writing cost per event")
    func costPerEvent() throws {
        let directory = try CaptureSupport.temporaryDirectory("cost")
        defer { try? FileManager.default.removeItem(at: directory) }
        let description = directory.appendingPathComponent("screen.desc").path
        try CaptureSupport.screenDescription.write(toFile: description, atomically: true, encoding: .utf8)
        let events = CaptureSupport.twoFingerDrag(frames: 20_000)
        let records = directory.appendingPathComponent("events.bin").path
        try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: records))
        var options = EvdevCapture.Options(descriptionPath: description)
        options.writer.synchronizesEachChunk = false
        let capture = try EvdevCapture(input: records, output: directory.appendingPathComponent("o.touchtrace").path, options: options)
        let result = try capture.run(shouldStop: { false })
        #expect(result.trace.sampleCount == 40_000)
        let cost = try #require(result.statistics.nanosecondsPerEvent)
        print("capture cost: \(events.count) events, \(String(format: "%.0f", cost)) ns per event (decode + write, no fsync)")
        #expect(cost < 100_000)
    }

    @Test("delivery latency through a FIFO, with monotonic timestamps")
    func latencyThroughAFIFO() throws {
        let directory = try CaptureSupport.temporaryDirectory("latency")
        defer { try? FileManager.default.removeItem(at: directory) }
        let description = directory.appendingPathComponent("screen.desc").path
        try CaptureSupport.screenDescription.write(toFile: description, atomically: true, encoding: .utf8)
        let fifo = directory.appendingPathComponent("events.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var options = EvdevCapture.Options(descriptionPath: description)
        options.timestampsAreMonotonic = true
        let capture = try EvdevCapture(input: fifo, output: directory.appendingPathComponent("o.touchtrace").path, options: options)

        // A feeder like a kernel: each frame stamped with CLOCK_MONOTONIC as it is written, 2 ms apart.
        let frames = 200
        let feeder = Thread {
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            let template = CaptureSupport.twoFingerDrag(frames: frames, start: 0)
            var frame: [EvdevEvent] = []
            for event in template {
                frame.append(event)
                guard event.type == 0 && event.code == 0 else { continue }
                let now = SystemCall.monotonicNanoseconds()
                let bytes = EvdevInputRecord.encode(frame.map { EvdevEvent(time: now, type: $0.type, code: $0.code, value: $0.value) })
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
                frame.removeAll()
                usleep(2_000)
            }
            close(fd)
        }
        feeder.start()
        let result = try capture.run(shouldStop: { false })
        #expect(result.ending == .endOfInput)
        #expect(result.trace.sampleCount == 2 * frames)
        #expect(try TraceReader(path: capture.outputPath).metadata.epochNanoseconds != nil)
        let mean = try #require(result.statistics.meanLatencyNanoseconds)
        print(String(format: "capture latency: %d events through a FIFO, timestamp to read mean %.1f µs, max %.1f µs; decode + write (fsync per chunk) %.1f µs per event",
                     result.statistics.latencyCount, mean / 1000, Double(result.statistics.latencyMaximumNanoseconds) / 1000,
                     (result.statistics.nanosecondsPerEvent ?? 0) / 1000))
        // Truncation to microseconds can make a stamp look up to 1 µs late; never early by more.
        #expect(mean > -1000 && mean < 50_000_000)
    }
}
