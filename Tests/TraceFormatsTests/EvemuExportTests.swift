import TestSupport
import Foundation
import Testing
import TouchInput
@testable import TraceFormats

@Suite("evemu export")
struct EvemuExportTests {
    @Test("export then import gives the same trace",
          .enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent: the shared recordings are not in this checkout"),
          arguments: SharedData.recordings)
    func roundTripsRecordings(name: String) throws {
        let original = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let text = try EvemuExporter.export(metadata: original.metadata, samples: original.samples)
        let again = try EvemuImporter.parse(text, path: "exported.evemu")
        #expect(again.samples.count == original.samples.count)
        for (a, b) in zip(original.samples, again.samples) where a != b {
            Issue.record("\(a) became \(b)")
            break
        }
        #expect(again.metadata == original.metadata)
    }

    static let synthetic: [InputSample] = [
        .marker("start", at: 0),
        InputSample(time: 1_000_000, kind: .touch, phase: .began, id: 3, x: 10.5, y: 20.25, force: 0.5, majorRadius: 7.5),
        InputSample(time: 1_000_000, kind: .touch, phase: .began, id: 9, x: 200, y: 300, force: 0.25, majorRadius: 6),
        InputSample(time: 9_000_000, kind: .touch, phase: .moved, id: 3, x: 11, y: 21, force: 0.75, majorRadius: 7.5),
        .marker("redirect", at: 9_000_000),
        InputSample(time: 9_000_000, kind: .touch, phase: .ended, id: 9, x: 201, y: 301, force: 0, majorRadius: 6),
        .marker("pause", at: 10_500_123),
        InputSample(time: 12_000_000, kind: .key, phase: .began, key: 0x04),
        InputSample(time: 13_000_000, kind: .touch, phase: .began, id: 10, x: 50, y: 60, force: 0.125, majorRadius: 5),
        InputSample(time: 17_000_000, kind: .touch, phase: .ended, id: 3, x: 12, y: 22, force: 0, majorRadius: 7.5),
        InputSample(time: 17_000_000, kind: .touch, phase: .ended, id: 10, x: 50, y: 60, force: 0, majorRadius: 5),
        InputSample(time: 18_000_000, kind: .key, phase: .ended, key: 0x04),
    ]

    @Test func syntheticTouchesRoundTrip() throws {
        let metadata = TraceMetadata(device: "synth", screen: .init(width: 390, height: 844, scale: 3), source: "synth")
        let text = try EvemuExporter.export(metadata: metadata, samples: Self.synthetic)
        #expect(text.contains("N: synth\n"))
        #expect(text.contains("A: 2f 0 1 0 0 0"))  // two slots for two concurrent contacts
        let again = try EvemuImporter.parse(text)
        #expect(again.metadata == metadata)
        #expect(again.samples == Self.synthetic)
    }

    @Test func syntheticPencilRoundTrips() throws {
        let pencil: [InputSample] = [
            InputSample(time: 0, kind: .pencil, phase: .hoverEntered, id: 1, x: 100, y: 100, force: 0, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 2_000_000, kind: .pencil, phase: .hoverMoved, id: 1, x: 101, y: 100, force: 0, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 4_000_000, kind: .pencil, phase: .began, id: 1, x: 102, y: 100, force: 0.5, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 6_000_000, kind: .pencil, phase: .moved, id: 1, x: 103, y: 101, force: 0.75, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 8_000_000, kind: .pencil, phase: .ended, id: 1, x: 103, y: 101, force: 0, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 9_000_000, kind: .pencil, phase: .hoverEntered, id: 1, x: 104, y: 102, force: 0, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 10_000_000, kind: .pencil, phase: .hoverExited, id: 1, x: 104, y: 102, force: 0, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 20_000_000, kind: .pencil, phase: .began, id: 2, x: 10, y: 10, force: 0.25, altitude: .pi / 2, azimuth: 0),
            InputSample(time: 22_000_000, kind: .pencil, phase: .ended, id: 2, x: 10, y: 10, force: 0, altitude: .pi / 2, azimuth: 0),
        ]
        let text = try EvemuExporter.export(metadata: TraceMetadata(device: "pen"), samples: pencil)
        #expect(text.contains("BTN_TOOL_PEN"))
        let again = try EvemuImporter.parse(text)
        #expect(again.samples == pencil)
    }

    @Test func pointerAndScrollRoundTrip() throws {
        let samples: [InputSample] = [
            InputSample(time: 0, kind: .pointer, phase: .hoverEntered, id: 0, x: 105, y: 98, buttons: 0),
            InputSample(time: 8_000_000, kind: .pointer, phase: .began, id: 0, x: 105, y: 98, buttons: 1),
            InputSample(time: 16_000_000, kind: .pointer, phase: .moved, id: 0, x: 120, y: 90, buttons: 1),
            InputSample(time: 24_000_000, kind: .pointer, phase: .ended, id: 0, x: 120, y: 90, buttons: 0),
            InputSample(time: 30_000_000, kind: .scroll, phase: .moved, x: 120, y: 90, scrollDelta: (0, 20)),
        ]
        let metadata = TraceMetadata(screen: .init(width: 200, height: 200))
        let again = try EvemuImporter.parse(try EvemuExporter.export(metadata: metadata, samples: samples))
        #expect(again.samples == samples)
    }
}

extension EvemuExportTests {
    @Test func modifiersAreTrackedAcrossSamples() throws {
        let samples: [InputSample] = [
            InputSample(time: 0, kind: .key, phase: .began, modifiers: [.shift], key: 0xe1),
            InputSample(time: 1_000_000, kind: .touch, phase: .began, id: 1, x: 1, y: 1, modifiers: [.shift]),
            InputSample(time: 2_000_000, kind: .key, phase: .ended, key: 0xe1),
            InputSample(time: 3_000_000, kind: .touch, phase: .ended, id: 1, x: 1, y: 1),
        ]
        let again = try EvemuImporter.parse(try EvemuExporter.export(metadata: TraceMetadata(), samples: samples))
        #expect(again.samples == samples)
    }
}

extension EvemuExportTests {
    @Test("an exported recording reads back the same without TouchBench's comments",
          .enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent: the shared recordings are not in this checkout"),
          arguments: SharedData.recordings)
    func descriptionAloneIsEnough(name: String) throws {
        let original = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let text = try EvemuExporter.export(metadata: original.metadata, samples: original.samples)
        let plain = text.split(separator: "\n").filter { !$0.hasPrefix("# TouchBench") }.joined(separator: "\n")
        #expect(!plain.contains("TouchBench"))
        let again = try EvemuImporter.parse(plain)
        #expect(again.samples == original.samples)
        #expect(again.metadata.extra["evdev.mapping"] == original.metadata.extra["evdev.mapping"])
    }

    /// A small multitouch device and one finger landing at x 10 at time 0.
    static let landing = """
        N: dropper
        A: 2f 0 4 0 0 0
        A: 35 0 100 0 0 0
        A: 36 0 100 0 0 0
        A: 39 0 65535 0 0 0
        E: 0.000000 0003 0039 0001
        E: 0.000000 0003 0035 0010
        E: 0.000000 0000 0000 0000
        """

    @Test func synDroppedIsRecordedInMetadata() throws {
        let text = Self.landing + """

        E: 0.010000 0000 0003 0000
        E: 0.010000 0003 0035 0020
        E: 0.010000 0000 0000 0000
        E: 0.020000 0003 0036 0005
        E: 0.020000 0000 0000 0000
        """
        let trace = try EvemuImporter.parse(text)
        #expect(trace.metadata.extra["evdev.synDropped"] == "1")
        #expect(trace.metadata.extra["evdev.synDropped.firstTime"] == "10000000")
        #expect(trace.samples.map(\.phase) == [.began, .moved])
        #expect(trace.samples.last?.x == 10)  // the value inside the drop was discarded
    }
}

extension EvemuExportTests {
    /// A finger held still for 3 s sends two frames 3 s apart: the import states the rate of
    /// its median interval, a third of a hertz. Before, the rate was rounded to 0, which no
    /// trace may declare, and every evdev import of such a recording was refused.
    @Test(arguments: [(3_000_000_000, 1.0 / 3), (2_000_000_000, 0.5), (2_500_000_000, 0.4), (125_000_000, 8),
                      (100_000_000, 10), (8_333_000, 120), (1_000_000, 1000)] as [(Int64, Double)])
    func aLongStillHoldImportsWithItsRate(interval: Int64, hertz: Double) throws {
        let text = Self.landing + """

        E: \(Double(interval) / 1e9) 0003 0039 -001
        E: \(Double(interval) / 1e9) 0000 0000 0000
        """
        let trace = try EvemuImporter.parse(text)
        #expect(trace.samples.count == 2)
        #expect(trace.metadata.digitizerHz == hertz)
    }
}
