import TestSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Every claim of ``FormatFidelity`` (the table of docs/FORMATS.md), checked on a synthesized
/// trace holding every kind, phase and field: what a form carries comes back, what it cannot
/// is counted by ``ExportLosses`` (as `convert` reports it) and never comes back invented.
@Suite("format fidelity")
struct FidelityTests {
    static let metadata: TraceMetadata = {
        var metadata = TraceMetadata(device: "every field", screen: .init(width: 390, height: 844, scale: 3), source: "test")
        metadata.extra["note"] = "kept"
        return metadata
    }()

    static let samples: [InputSample] = [
        InputSample(time: 1_000_000, kind: .key, phase: .began, modifiers: [.shift], key: 0xe1),
        InputSample(time: 2_000_123, kind: .touch, phase: .began, id: 1, x: 10, y: 20, force: 0.5, majorRadius: 8,
                    majorRadiusTolerance: 2, modifiers: [.shift], flags: [.coalesced]),
        InputSample(time: 2_000_123, kind: .pencil, phase: .hoverEntered, id: 7, x: 100, y: 100, altitude: 1, azimuth: 0.5, roll: 0.25),
        InputSample(time: 10_000_000, kind: .touch, phase: .moved, id: 1, x: 11, y: 21, force: 0.75, majorRadius: 8,
                    majorRadiusTolerance: 2, modifiers: [.shift]),
        InputSample(time: 10_000_000, kind: .pencil, phase: .hoverMoved, id: 7, x: 101, y: 100, altitude: 1, azimuth: 0.5, roll: 0.25),
        InputSample(time: 18_000_000, kind: .pencil, phase: .began, id: 7, x: 102, y: 101, force: 0.5, altitude: 0.875, azimuth: 0.625,
                    roll: 0.25, buttons: 2),
        InputSample(time: 20_000_000, kind: .key, phase: .ended, key: 0xe1),
        InputSample(time: 26_000_000, kind: .touch, phase: .ended, id: 1, x: 11, y: 21, force: 0, majorRadius: 8),
        InputSample(time: 26_000_000, kind: .pencil, phase: .moved, id: 7, x: 103, y: 102, force: 0.625, altitude: 0.875,
                    azimuth: 0.625, roll: 0.25, buttons: 2),
        .marker("redirect", at: 30_000_500),
        InputSample(time: 34_000_000, kind: .touch, phase: .began, id: 2, x: 50, y: 60, force: 0.25, majorRadius: 6),
        InputSample(time: 34_000_000, kind: .pencil, phase: .ended, id: 7, x: 103, y: 102, force: 0, altitude: 0.875, azimuth: 0.625,
                    roll: 0.25),
        InputSample(time: 42_000_000, kind: .touch, phase: .cancelled, id: 2, x: 50, y: 60, force: 0, majorRadius: 6),
        InputSample(time: 50_000_000, kind: .touch, phase: .hoverEntered, id: 3, x: 5, y: 5),
        InputSample(time: 58_000_000, kind: .touch, phase: .hoverExited, id: 3, x: 5, y: 5),
        InputSample(time: 66_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: 100.5, y: 100.25, buttons: 0),
        InputSample(time: 74_000_000, kind: .pointer, phase: .began, id: 0, x: 100.5, y: 100.25, buttons: 1),
        InputSample(time: 82_000_000, kind: .pointer, phase: .ended, id: 0, x: 120, y: 90, buttons: 0),
        InputSample(time: 90_000_000, kind: .scroll, phase: .began, x: 120, y: 90, scrollDelta: (0, 20)),
        InputSample(time: 98_000_000, kind: .scroll, phase: .moved, x: 120, y: 90, scrollDelta: (0, 10)),
    ]

    static func losses(_ format: TraceFormat) -> ExportLosses {
        var losses = ExportLosses(format: format)
        for sample in samples { losses.count(sample, metadata: metadata) }
        return losses
    }

    static func roundTrip(_ format: TraceFormat) throws -> ImportedTrace {
        let text = try TraceFormat.export(format, metadata: metadata, samples: samples)
        return switch format {
        case .evemu: try EvemuImporter.parse(text)
        case .libinput: try LibinputRecordImporter.parse(text)
        case .getevent: try GeteventImporter.parse(text)
        default: try CSVImporter.parse(text)
        }
    }

    @Test("evdev forms keep what the table says and count the rest", arguments: [TraceFormat.evemu, .libinput, .getevent])
    func evdevForms(format: TraceFormat) throws {
        let again = try Self.roundTrip(format)
        let losses = Self.losses(format)
        let fidelity = FormatFidelity.of(format)
        #expect(again.metadata == Self.metadata)
        #expect(again.samples.filter { $0.kind == .marker }.map { "\($0.label ?? "") \($0.time)" } == ["redirect 30000500"])
        // Lost: absent after the round trip, every value counted.
        #expect(fidelity.cells[.roll]?.carriage == .lost && fidelity.cells[.flags]?.carriage == .lost)
        #expect(!again.samples.contains { $0.roll != nil })
        #expect(losses.count(of: "roll values") == Self.samples.filter { $0.roll != nil }.count)
        #expect(!again.samples.contains { !$0.flags.isEmpty })
        #expect(losses.count(of: "flag sets") == 1)
        #expect(!again.samples.contains { $0.majorRadiusTolerance != nil })
        #expect(losses.count(of: "radius tolerances") == 2)
        #expect(!again.samples.contains { $0.kind == .touch && $0.phase.isHover })
        #expect(losses.count(of: "touch hover samples") == 2)
        #expect(losses.count(of: "cancellations (written as lifts)") == 1)
        #expect(losses.count(of: "times below the microsecond (rounded)") == 2)
        #expect(losses.count(of: "pointer positions (rounded to whole points)") == 2)
        #expect(losses.count(of: "scroll phases (written as moves)") == 1)
        // The pencil hovers and lands while shift is held, without the modifier: the decoder
        // would give it shift, so the three samples are counted.
        #expect(losses.count(of: "modifier sets not backed by key events") == 3)
        // Times to the microsecond, never invented fields: no radius on pencils or pointers, no tilt on touches.
        #expect(again.samples.allSatisfy { $0.kind == .marker || $0.time % 1000 == 0 })
        #expect(!again.samples.contains { $0.kind != .touch && $0.majorRadius != nil })
        #expect(!again.samples.contains { $0.kind == .touch && $0.altitude != nil })
        // Touch: pressure and radius exact; the cancellation comes back as a lift, modifiers from the shift key.
        let touches = again.samples.filter { $0.kind == .touch }
        #expect(touches.map(\.force) == [0.5, 0.75, 0.75, 0, 0.25, 0] || touches.map(\.force) == [0.5, 0.75, 0, 0.25, 0])
        #expect(Set(touches.compactMap(\.majorRadius)) == [8, 6])
        #expect(touches.filter { $0.phase == .ended }.count == 2)
        #expect(touches.first?.modifiers == [.shift])
        // Pencil: hover, pressure, tilt to the axis' precision, the barrel button.
        let pencil = again.samples.filter { $0.kind == .pencil }
        #expect(pencil.map(\.phase) == [.hoverEntered, .hoverMoved, .began, .moved, .ended])
        #expect(pencil.filter(\.phase.isInContact).map(\.force) == [0.5, 0.625, 0])
        for sample in pencil where sample.phase.isInContact {
            #expect(abs((sample.altitude ?? 0) - 0.875) < 0.002 && abs((sample.azimuth ?? 0) - 0.625) < 0.01)
        }
        #expect(pencil.filter { $0.phase == .began || $0.phase == .moved }.allSatisfy { $0.buttons == 2 })
        // Pointer and scroll: whole points, buttons, the wheel's deltas.
        let pointer = again.samples.filter { $0.kind == .pointer }
        #expect(pointer.map(\.buttons) == [0, 1, 0])
        #expect(again.samples.filter { $0.kind == .scroll }.compactMap { $0.scrollDelta?.dy } == [20, 10])
    }

    @Test("CSV carries every field and, with its sidecar, the metadata") func csv() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("trace.csv").path
        try TraceFormat.export(.csv, metadata: Self.metadata, samples: Self.samples, to: path)
        let again = try CSVImporter.read(contentsOf: path)
        #expect(again.samples == Self.samples)
        #expect(again.metadata == Self.metadata)
        #expect(Self.losses(.csv).isEmpty)
        let header = try String(contentsOfFile: path, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.hasPrefix("t_ns,kind,phase,id,x_pt,y_pt,force,majorRadius_pt"))
    }

    @Test("convert names what it cannot write") func sentence() {
        var losses = ExportLosses(format: .evemu)
        for _ in 0..<36_150 { losses.count(InputSample(time: 0, kind: .pencil, phase: .moved, id: 1, x: 0, y: 0, roll: 0.5)) }
        #expect(losses.sentence(for: "evemu") == "36 150 roll values cannot be written as evemu.")
        #expect(ExportLosses(format: .csv).sentence(for: "csv") == nil)
    }

    @Test("scroll steps finer than a wheel's resolution are counted as lost, and are", arguments: [TraceFormat.evemu, .libinput, .getevent])
    func scrollStepsBelowTheWheelsResolution(format: TraceFormat) throws {
        // 1/120 of a 10 pt detent is 0.083 pt: 0.04 rounds to no event, 0.05 to one unit.
        let steps = [(0.0, 0.0), (0.0, 0.04), (0.0, 0.05), (0.0, 3.0), (-0.04, 0.0)]
        let samples = steps.enumerated().map { index, step in
            InputSample(time: Int64(index + 1) * 8_000_000, kind: .scroll, phase: .moved, x: 10, y: 10, scrollDelta: (step.0, step.1))
        }
        var losses = ExportLosses(format: format)
        for sample in samples { losses.count(sample) }
        #expect(losses.count(of: "scroll steps finer than a wheel's 1/120 detent (not written)") == 3)
        let metadata = TraceMetadata(device: "wheel")
        let text = try TraceFormat.export(format, metadata: metadata, samples: samples)
        let again = try EvdevFormsRoundTripTests.reimport(format, text)
        #expect(again.samples.filter { $0.kind == .scroll }.count == 2)
        // What is counted lost is exactly what is not written: no wheel event of value 0.
        // Event lines: evemu's `E: …`, getevent's `[ time] …`, libinput's `    - [sec, usec, …] # …`.
        let needles = ["0002 000b", "0002 000c", "REL_WHEEL_HI_RES", "REL_HWHEEL_HI_RES"]
        let events = text.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("[") || $0.hasPrefix("    - [") }
        let wheelEvents = events.filter { line in needles.contains { line.contains($0) } }
        #expect(wheelEvents.count == 2, "\(wheelEvents)")
        #expect(wheelEvents.allSatisfy { !$0.hasSuffix(" 0") && !$0.hasSuffix(" 0000") && !$0.hasSuffix(" 00000000") }, "\(wheelEvents)")
    }

    @Test("docs/FORMATS.md holds the table the code declares") func documentedTable() throws {
        let docs = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
        if !docs.contains(FormatFidelity.table) {
            Issue.record("docs/FORMATS.md lacks the current table; it is:\n\(FormatFidelity.table)")
        }
    }
}
