import Foundation
import TouchInput
import TouchTrace
@testable import TouchCapture
@testable import TraceFormats

/// A small protocol B touch screen and synthetic gestures on it, so that capture tests need
/// no shared data, plus helpers for files and the built `touchbench`.
enum CaptureSupport {
    /// An evemu description of a direct two-axis multitouch screen, 16 units per mm.
    static let screenDescription: String = {
        var lines = ["# EVEMU 1.3", "N: TouchBench test screen", "I: 0018 04f3 0001 0100", "P: 02 00 00 00 00 00 00 00"]
        lines.append(bitLine(type: 0, [0, 1, 3]))
        lines.append(bitLine(type: 1, [0x14a]))
        lines.append(bitLine(type: 3, [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39]))
        lines += ["A: 00 0 4095 0 0 16", "A: 01 0 4095 0 0 16", "A: 2f 0 9 0 0 0",
                  "A: 35 0 4095 0 0 16", "A: 36 0 4095 0 0 16", "A: 39 0 65535 0 0 0"]
        return lines.joined(separator: "\n") + "\n"
    }()

    private static func bitLine(type: Int, _ codes: [Int]) -> String {
        var bytes = [UInt8](repeating: 0, count: (codes.max() ?? 0) / 8 + 1)
        for code in codes { bytes[code / 8] |= 1 << (code % 8) }
        let hex = bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
        return String(format: "B: %02x ", type) + hex
    }

    /// Two fingers dragging for `frames` frames 10 ms apart, starting at `start` ns:
    /// 2 × frames samples (began, moves, ended for each).
    static func twoFingerDrag(frames: Int, start: Int64 = 5_000_000_000) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        func add(_ time: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(EvdevEvent(time: time, type: type, code: code, value: value))
        }
        for frame in 0..<frames {
            let time = start + Int64(frame) * 10_000_000
            let last = frame == frames - 1
            for slot in 0..<2 {
                add(time, 3, 0x2f, Int32(slot))
                if frame == 0 { add(time, 3, 0x39, Int32(100 + slot)) }
                if last {
                    add(time, 3, 0x39, -1)
                } else {
                    add(time, 3, 0x35, Int32(1000 + slot * 800 + frame * 3))
                    add(time, 3, 0x36, Int32(3000 - frame * 7))
                }
            }
            if frame == 0 { add(time, 1, 0x14a, 1) }
            if last { add(time, 1, 0x14a, 0) }
            add(time, 0, 0, 0)
        }
        return events
    }

    /// `events` with their frames stamped in reverse, as by a wall clock stepping back: every
    /// event after the first frame is earlier than it (27 of the 37 of a five-frame drag).
    static func steppingBack(_ events: [EvdevEvent]) -> [EvdevEvent] {
        let span = (events.first?.time ?? 0) + (events.last?.time ?? 0)
        return events.map { event in
            var back = event
            back.time = span - event.time
            return back
        }
    }

    /// The events as evemu `E:` lines.
    static func evemuEvents(_ events: [EvdevEvent]) -> String {
        events.map { e in
            String(format: "E: %lld.%06lld %04x %04x %d", e.time / 1_000_000_000, (e.time % 1_000_000_000) / 1000,
                   Int(e.type), Int(e.code), Int(e.value))
        }.joined(separator: "\n") + "\n"
    }

    /// Writes ``screenDescription`` as `screen.desc` and an evemu recording of `events` on it
    /// as `events.evemu` into `directory`: what a capture and an import of the same events read.
    static func writeScreenAndRecording(of events: [EvdevEvent], in directory: URL) throws {
        try screenDescription.write(to: directory.appendingPathComponent("screen.desc"), atomically: true, encoding: .utf8)
        try (screenDescription + evemuEvents(events)).write(to: directory.appendingPathComponent("events.evemu"), atomically: true,
                                                            encoding: .utf8)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tb-capture-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every sample of a `.touchtrace` file.
    static func samples(of path: String) throws -> [InputSample] {
        let reader = try TraceReader(path: path)
        var all: [InputSample] = []
        for index in reader.chunks.indices { all += try reader.samples(inChunk: index) }
        return all
    }

    /// `trace` as it reads back from a `.touchtrace` file: quantised exactly as a capture is.
    static func stored(_ trace: ImportedTrace, in directory: URL) throws -> [InputSample] {
        let path = directory.appendingPathComponent("imported.touchtrace").path
        let writer = try TraceWriter(path: path, metadata: trace.metadata)
        try writer.append(contentsOf: trace.samples)
        try writer.finish()
        return try samples(of: path)
    }
}
