import TestSupport
import Foundation
import Testing
import TouchInput
@testable import TraceFormats

@Suite("evemu import of the shared recordings", .enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent: the shared recordings are not in this checkout"))
struct EvemuImportTests {
    static let multitouch = SharedData.recordings.filter { !$0.hasPrefix("Wacom_Cintiq") }

    @Test("every recording converts", arguments: SharedData.recordings)
    func converts(name: String) throws {
        let trace = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let raw = try RawEvemu(path: SharedData.path(name))
        #expect(!trace.samples.isEmpty)
        #expect(trace.metadata.source == "evemu")
        #expect(trace.metadata.extra["evdev.description"] == "declared")
        // Duration, exact to the microsecond: the last frame relative to the first event.
        #expect(trace.samples.last?.time == (raw.lastReportMicros - raw.firstMicros) * 1000)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Every contact begins once and ends once, and nothing follows its end.
        var open = Set<UInt32>()
        for sample in trace.samples where sample.kind.isContact {
            if sample.phase == .began || sample.phase == .hoverEntered { open.insert(sample.id) }
            #expect(open.contains(sample.id), "\(sample) of a contact that is not live")
            if sample.phase.isTerminal && trace.metadata.extra["evdev.codes.1"]?.contains("320") != true { open.remove(sample.id) }
            if sample.phase == .hoverExited { open.remove(sample.id) }
        }
        if raw.firstMicros >= 100_000_000 * 1_000_000 {
            #expect(trace.metadata.epochNanoseconds == raw.firstMicros * 1000)
        } else {
            #expect(trace.metadata.epochNanoseconds == nil)
        }
    }

    @Test("multitouch contacts, frames and paths match the source events", arguments: multitouch)
    func multitouchPaths(name: String) throws {
        let trace = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let raw = try RawEvemu(path: SharedData.path(name))
        let expected = raw.slotPaths()
        let began = trace.samples.filter { $0.phase == .began }
        #expect(began.count == expected.starts)
        #expect(Set(trace.samples.map(\.time)) == Set(expected.frames.map { ($0 - raw.firstMicros) * 1000 }))
        let mapping = try #require(EvdevMapping(metadata: trace.metadata.extra))
        var paths: [Int: [(Int, Int)]] = [:]
        for sample in trace.samples where !sample.phase.isTerminal {
            let units = mapping.units(x: sample.x, y: sample.y)
            paths[Int(sample.id), default: []].append((Int(units.x), Int(units.y)))
        }
        #expect(paths.keys.sorted() == expected.paths.keys.sorted())
        for (id, path) in expected.paths {
            #expect(paths[id]?.map { "\($0.0),\($0.1)" } == path.map { "\($0.0),\($0.1)" }, "contact \(id)")
        }
    }

    @Test func descriptionIsFoundBesideTheEvents() {
        let found = EvemuImporter.findDescription(forEventsAt: SharedData.path("EP0430M09.2-finger-scroll-down.events"))
        #expect(found.map { URL(fileURLWithPath: $0).lastPathComponent } == "EP0430M09.desc")
        let wacom = EvemuImporter.findDescription(forEventsAt: SharedData.path("Wacom_ISDv4_E6_Finger.single-tap-center.events"))
        #expect(wacom.map { URL(fileURLWithPath: $0).lastPathComponent } == "Wacom_ISDv4_E6_Finger.desc")
    }

    @Test func penPressureTiltAndHoverSurvive() throws {
        let name = "Wacom_Cintiq_13HD_touch_Pen.events"
        let trace = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let raw = try RawEvemu(path: SharedData.path(name))
        #expect(trace.samples.allSatisfy { $0.kind == .pencil })
        let touches = raw.events.filter { $0.type == 1 && $0.code == 0x14a && $0.value == 1 }.count
        #expect(trace.samples.filter { $0.phase == .began }.count == touches)
        #expect(trace.samples.first?.phase == .hoverEntered)
        #expect(trace.samples.last?.phase == .hoverExited)
        // Pressure: the largest force is the largest ABS_PRESSURE over the axis maximum 2047.
        let maxPressure = raw.events.filter { $0.type == 3 && $0.code == 0x18 }.map(\.value).max() ?? 0
        let maxForce = trace.samples.compactMap(\.force).max() ?? 0
        #expect(abs(maxForce - Double(maxPressure) / 2047) < 1e-12)
        #expect(trace.metadata.forceMaximum == 2047)
        // Tilt: the first frame has tilt (19, 32) at 57 units per radian.
        let first = try #require(trace.samples.first)
        let expected = EvdevDecoder.altitudeAzimuth(tiltX: 19.0 / 57, tiltY: 32.0 / 57)
        #expect(abs((first.altitude ?? 0) - expected.altitude) < 1e-12)
        #expect(abs((first.azimuth ?? 0) - expected.azimuth) < 1e-12)
        // Positions: resolution 200 units/mm, minimum 400: (27246 − 400) / 200 mm.
        #expect(abs(first.x - Double(27246 - 400) / 200 * 72 / 25.4) < 1e-9)
        #expect(trace.metadata.extra["evdev.mapping"] == "resolution")
        // Hovering samples carry no force; touching ones do.
        #expect(trace.samples.filter { !$0.phase.isInContact }.allSatisfy { ($0.force ?? 0) == 0 })
    }

    @Test func resolutionMappingIsLossless() throws {
        let trace = try EvemuImporter.read(contentsOf: SharedData.path("Apple_Touch_Mouse.evemu"))
        let q = trace.metadata.quanta.position
        // x resolution 26, y 70 units/mm: the quantum divides both unit sizes exactly.
        for sample in trace.samples {
            #expect(abs(sample.x / q - (sample.x / q).rounded()) < 1e-6)
            #expect(abs(sample.y / q - (sample.y / q).rounded()) < 1e-6)
        }
        #expect(trace.metadata.screen == nil)  // a mouse surface is not a screen
    }

    @Test func oldRecordingsKeepTheirEpoch() throws {
        let trace = try EvemuImporter.read(contentsOf: SharedData.path("Wacom_ISDv4_E6_Finger.single-tap-center.events"))
        #expect(trace.metadata.epochNanoseconds == 1_330_495_931_101_111_000)
        #expect(trace.samples.map(\.time) == [24_000, 24_011_000])
        #expect(trace.metadata.extra["evemu.version"] == "1.2")
    }

    @Test("figures", arguments: SharedData.recordings)
    func figures(name: String) throws {
        let trace = try EvemuImporter.read(contentsOf: SharedData.path(name))
        let contacts = Set(trace.samples.map(\.id)).count
        print("FIGURE \(name): \(trace.samples.count) samples, \(contacts) contacts, \(trace.metadata.extra["evdev.frames"] ?? "?") frames, \(Double(trace.samples.last?.time ?? 0) / 1e6) ms, mapping \(trace.metadata.extra["evdev.mapping"] ?? "?")")
    }
}
