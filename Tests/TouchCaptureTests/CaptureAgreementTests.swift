import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TouchCapture
@testable import TraceFormats

/// Hostile report L5: `record` of a file of input_event records and the evemu import of the
/// same events share one decoding (``EvdevTraceDecoder``), so they give the same samples or
/// the same refusal; and a record's bad time says what is wrong with it.
@Suite("record and import agree on hostile events")
struct CaptureAgreementTests {
    /// The two-finger drag with `change` applied to every event's value.
    static func drag(_ change: (EvdevEvent) -> Int32) -> [EvdevEvent] {
        CaptureSupport.twoFingerDrag(frames: 5).map { event in
            var changed = event
            changed.value = change(event)
            return changed
        }
    }

    /// What `record` and the evemu import make of `events`: the error text of each, or the sample counts.
    static func both(_ events: [EvdevEvent], previousOutput: Data? = nil) throws -> (capture: String, import: String, output: Data?) {
        let directory = try CaptureSupport.temporaryDirectory("agree")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.touchtrace")
        if let previousOutput { try previousOutput.write(to: output) }
        // Without a resolution, units are points (identity): Int32.max units lie outside ±1e9 points.
        let screen = CaptureSupport.screenDescription.replacingOccurrences(of: " 0 0 16\n", with: " 0 0 0\n")
        let description = directory.appendingPathComponent("screen.desc").path
        try screen.write(toFile: description, atomically: true, encoding: .utf8)
        let records = directory.appendingPathComponent("events.bin").path
        try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: records))
        let evemu = directory.appendingPathComponent("events.evemu").path
        try (screen + CaptureSupport.evemuEvents(events)).write(toFile: evemu, atomically: true, encoding: .utf8)

        let captured: String
        do {
            let capture = try EvdevCapture(input: records, output: output.path,
                                           options: .init(descriptionPath: description))
            captured = "\(try capture.run(shouldStop: { false }).trace.sampleCount) samples"
        } catch let error as EvdevCaptureError {
            #expect(error.kind == .malformed)
            #expect(error.path == records)
            captured = error.reason
        }
        let imported: String
        do {
            let input = try TraceInput(path: evemu, form: .foreign(.evemu))
            var count = 0
            while try input.source.nextSample() != nil { count += 1 }
            imported = "\(count) samples"
        } catch let error as TraceFileError {
            imported = error.reason
        } catch let error as TraceFormatError {
            imported = error.reason.hasSuffix(".") ? String(error.reason.dropLast()) : error.reason
        }
        return (captured, imported, try? Data(contentsOf: output))
    }

    @Test("the same events give the same samples")
    func plainEventsAgree() throws {
        let result = try Self.both(CaptureSupport.twoFingerDrag(frames: 5))
        #expect(result.capture == "10 samples")
        #expect(result.import == "10 samples")
    }

    @Test("a position of Int32.max is refused by both, in the same words")
    func extremePositionsAgree() throws {
        let events = Self.drag { $0.type == 3 && ($0.code == 0x35 || $0.code == 0x00) ? Int32.max : $0.value }
        let result = try Self.both(events)
        #expect(result.import == "the sample at 0 ns has an x of 2147483647 points, outside -1000000000…1000000000")
        // Refused before its first sample: the capture writes nothing, and says so.
        #expect(result.capture.hasPrefix(result.import + "; no sample was captured, so "))
        #expect(result.capture.hasSuffix("out.touchtrace was not written"))
        #expect(result.output == nil)
    }

    @Test("a capture refused before its first sample leaves the previous output as it was (hostile report 16 H4)",
          arguments: [false, true])
    func refusedCaptureKeepsPreviousOutput(noSamples: Bool) throws {
        let previous = Data("a previous capture, not a trace".utf8)
        let events = noSamples
            ? Self.drag { $0.type == 3 ? Int32.max : $0.value }   // decodes into no sample
            : Self.drag { $0.type == 3 && ($0.code == 0x35 || $0.code == 0x00) ? Int32.max : $0.value }   // refused at its first sample
        let result = try Self.both(events, previousOutput: previous)
        #expect(result.output == previous)
        #expect(result.capture.contains("was not written"))
    }

    @Test("a capture refused after samples keeps them in the output, replacing the previous one")
    func refusedCaptureKeepsItsSamples() throws {
        var events = CaptureSupport.twoFingerDrag(frames: 5)
        let last = try #require(events.lastIndex { $0.type == 3 && $0.code == 0x35 })
        events[last].value = Int32.max
        let result = try Self.both(events, previousOutput: Data("previous".utf8))
        #expect(result.capture.contains("samples captured before it are kept in "))
        let output = try #require(result.output)
        let directory = try CaptureSupport.temporaryDirectory("kept")
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = directory.appendingPathComponent("kept.touchtrace")
        try output.write(to: kept)
        let reader = try TraceReader(path: kept.path)
        #expect(reader.sampleCount > 0)
        #expect(result.capture.contains("the \(reader.sampleCount) samples captured before it are kept in "))
    }

    /// Hostile report 2 bug 6: `record` held events whose time stepped back without a count,
    /// where the imports of the same events keep `evdev.timeRegressions` (and warn).
    @Test("events whose time steps back are held and counted by both, in the metadata too")
    func timeRegressionsAgree() throws {
        let forward = CaptureSupport.twoFingerDrag(frames: 5)
        let events = CaptureSupport.steppingBack(forward)
        let held = events.indices.filter { index in events[..<index].contains { $0.time > events[index].time } }.count
        #expect(held == 27)
        let directory = try CaptureSupport.temporaryDirectory("regressions")
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try CaptureSupport.writeScreenAndRecording(of: events, in: directory)
        func capture(_ events: [EvdevEvent], _ name: String) throws -> EvdevCapture.Result {
            try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: path("\(name).bin")))
            return try EvdevCapture(input: path("\(name).bin"), output: path("\(name).touchtrace"),
                                    options: .init(descriptionPath: path("screen.desc"))).run(shouldStop: { false })
        }
        let result = try capture(events, "back")
        #expect(result.statistics.timeRegressions == held)
        let imported = try TraceFormat.importTrace(from: path("events.evemu"), format: .evemu)
        #expect(imported.heldBackEvents == held)
        #expect(imported.metadata.extra["evdev.timeRegressions"] == "27")

        let reader = try TraceReader(path: path("back.touchtrace"))
        #expect(reader.metadata.extra["evdev.timeRegressions"] == "27")
        #expect(try reader.verify().sampleCount == 10)
        #expect(result.trace.sampleCount == 10 && result.trace.byteCount == reader.fileSize)
        #expect(reader.footer?.quantizationError != nil)
        #expect(try CaptureSupport.samples(of: path("back.touchtrace")) == (try CaptureSupport.stored(imported, in: directory)))
        // Only the count was added to the header a capture writes; a capture without held
        // events has none.
        let plain = try capture(forward, "forward")
        #expect(plain.statistics.timeRegressions == 0)
        var expected = try TraceReader(path: path("forward.touchtrace")).metadata
        #expect(expected.extra["evdev.timeRegressions"] == nil)
        expected.extra["evdev.timeRegressions"] = "27"
        #expect(reader.metadata == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("back.") }.sorted()
            == ["back.bin", "back.touchtrace"])
    }

    /// `record` kept only the held events in its metadata: a kernel buffer overflow
    /// (`SYN_DROPPED`) was said on stderr and then lost, where the imports of the same events
    /// keep `evdev.synDropped` and the events discarded with it.
    @Test("frames the kernel dropped are counted by both, in the metadata too")
    func droppedFramesAgree() throws {
        var events = CaptureSupport.twoFingerDrag(frames: 5)
        let reports = events.indices.filter { events[$0].type == 0 && events[$0].code == 0 }
        let dropTime = events[reports[1]].time
        events.insert(EvdevEvent(time: dropTime, type: 0, code: 3, value: 0), at: reports[1] + 1)
        let directory = try CaptureSupport.temporaryDirectory("dropped")
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try CaptureSupport.writeScreenAndRecording(of: events, in: directory)
        try Data(EvdevInputRecord.encode(events)).write(to: URL(fileURLWithPath: path("events.bin")))
        let result = try EvdevCapture(input: path("events.bin"), output: path("out.touchtrace"),
                                      options: .init(descriptionPath: path("screen.desc"))).run(shouldStop: { false })
        #expect(result.statistics.droppedFrames == 1)
        let imported = try TraceFormat.importTrace(from: path("events.evemu"), format: .evemu)
        let recorded = try TraceReader(path: path("out.touchtrace")).metadata.extra
        let keys = ["evdev.synDropped", "evdev.synDropped.discardedEvents", "evdev.synDropped.firstTime"]
        for key in keys {
            #expect(recorded[key] != nil && recorded[key] == imported.metadata.extra[key], "\(key)")
        }
        #expect(recorded["evdev.synDropped"] == "1")
        // Events after the drop up to the next report were discarded.
        #expect(Int(recorded["evdev.synDropped.discardedEvents"] ?? "") ?? 0 > 0)
        #expect(try CaptureSupport.samples(of: path("out.touchtrace")) == (try CaptureSupport.stored(imported, in: directory)))
    }

    @Test("every ABS value Int32.max, or a slot of 2^31 − 1: no samples, refused by both", arguments: [false, true])
    func nothingDecodedAgrees(slotOnly: Bool) throws {
        let events = Self.drag { $0.type == 3 && (!slotOnly || $0.code == 0x2f) ? Int32.max : $0.value }
        let result = try Self.both(events)
        #expect(result.import == "the file holds no input samples that touchbench can read as evemu")
        #expect(result.capture.hasPrefix("the file holds no input samples that touchbench can read as input_event records (37 records, 5 frames; "))
        #expect(result.capture.hasSuffix("out.touchtrace was not written)"))
        #expect(result.output == nil)
    }

    /// Hostile report 17: an empty file exited 0 and replaced the previous output with an
    /// empty trace; it is refused as no capture, and the previous output stays.
    @Test("an input with no record at all is refused and leaves the previous output")
    func emptyInputIsRefused() throws {
        let result = try Self.both([], previousOutput: Data("previous".utf8))
        #expect(result.capture.hasPrefix("holds no input_event records ("))
        #expect(result.capture.hasSuffix("out.touchtrace was not written)"))
        #expect(result.output == Data("previous".utf8))
    }

    @Test("a record's bad time says what is wrong with it")
    func timeProblems() {
        func problem(seconds: Int64, micros: Int64) -> String? {
            var bytes = EvdevInputRecord.encode([EvdevEvent(time: 0, type: 0, code: 0, value: 0)])
            withUnsafeBytes(of: seconds.littleEndian) { bytes.replaceSubrange(0..<8, with: $0) }
            withUnsafeBytes(of: micros.littleEndian) { bytes.replaceSubrange(8..<16, with: $0) }
            return bytes.withUnsafeBytes { raw in
                do throws(EvdevInputRecord.Problem) {
                    _ = try EvdevInputRecord.decode(raw, at: 0)
                    return nil
                } catch {
                    return error.description
                }
            }
        }
        #expect(problem(seconds: -5, micros: 0) == "the record's time has -5 seconds; a timeval's seconds are never negative")
        #expect(problem(seconds: 4_611_686_018, micros: 427_388)
                    == "the record's time 4611686018 s 427388 µs lies outside the accepted ±(2^62 − 1) ns (about ±146 years) from 1970")
        #expect(problem(seconds: Int64.max, micros: 0)?.hasPrefix("the record's time 9223372036854775807 s 0 µs lies outside") == true)
        #expect(problem(seconds: 5, micros: 1_000_000) == "the record's microsecond field is 1000000, outside 0…999 999")
        // The last microsecond the imports keep is read.
        #expect(problem(seconds: 4_611_686_018, micros: 427_387) == nil)
    }
}
