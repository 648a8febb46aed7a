import TestSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Every bundled trace exported to each evdev text form and read back: the same contacts,
/// frames, duration and samples, within what the form carries (see docs/FORMATS.md).
@Suite("evdev text forms round trip")
struct EvdevFormsRoundTripTests {
    static let tracesDirectory = SharedData.packageRoot.appendingPathComponent("Traces")

    static var bundledTraces: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".touchtrace") }.sorted()
    }

    static let forms: [TraceFormat] = [.evemu, .libinput, .getevent]

    static func read(_ name: String) throws -> (TraceMetadata, [InputSample]) {
        let reader = try TraceReader(path: tracesDirectory.appendingPathComponent(name).path)
        var samples: [InputSample] = []
        for chunk in reader.chunks.indices { samples += try reader.samples(inChunk: chunk) }
        return (reader.metadata, samples)
    }

    static func reimport(_ format: TraceFormat, _ text: String) throws -> ImportedTrace {
        switch format {
        case .evemu: try EvemuImporter.parse(text)
        case .libinput: try LibinputRecordImporter.parse(text)
        default: try GeteventImporter.parse(text)
        }
    }

    @Test("the corpus has every bundled trace") func corpusIsThere() {
        #expect(Self.bundledTraces.count == 45)
    }

    @Test("contacts, frames, duration and samples survive", arguments: bundledTraces, forms)
    func roundTrip(name: String, format: TraceFormat) throws {
        let (metadata, samples) = try Self.read(name)
        let text = try TraceFormat.export(format, metadata: metadata, samples: samples)
        let again = try Self.reimport(format, text)
        #expect(again.metadata == metadata)
        // Scroll steps finer than a wheel's resolution cannot be written (a trackpad's: the
        // export counts them, as `convert` says); everything else comes back.
        let writable = samples.filter { $0.kind != .scroll || $0.scrollDelta.map(EvdevEncoder.isWritable(scroll:)) ?? true }
        #expect(["trackpad-scroll.touchtrace", "parity.touchtrace"].contains(name) || writable.count == samples.count,
                "only the traces with a trackpad pan have such steps")
        let before = Shape(writable), after = Shape(again.samples)
        #expect(after.contacts == before.contacts)
        #expect(after.frames == before.frames)
        #expect(abs(after.duration - before.duration) <= 1000, "times are written to the microsecond")
        #expect(after.countsByKind == before.countsByKind)
        #expect(after.markers == before.markers)
        // Markers keep nanoseconds while events are rounded to microseconds: the import must
        // still be in time order, or it cannot be written as a .touchtrace (a bug once).
        let outOfOrder = zip(again.samples, again.samples.dropFirst()).filter { $0.time > $1.time }.count
        #expect(outOfOrder == 0)
        // Touches come back exactly (positions and forces on the trace's grid), times to the microsecond.
        let touches = { (list: [InputSample]) in
            list.filter { $0.kind == .touch }.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        }
        for (a, b) in zip(touches(samples), touches(again.samples)) {
            var expected = a
            expected.time = (a.time + 500) / 1000 * 1000
            expected.flags = []
            expected.majorRadiusTolerance = nil
            if expected.phase == .cancelled { expected.phase = .ended }
            if expected.phase == .stationary { expected.phase = .moved }
            if expected != b {
                Issue.record("\(name) as \(format.rawValue): \(a) came back as \(b)")
                break
            }
        }
        // Pencils: every sample, with tilt to the precision of the tilt axis.
        // A pen leaving proximity comes back with its own values (hostile report 4, finding 4:
        // they are written with the tool's release).
        let pencils = (samples.filter { $0.kind == .pencil }, again.samples.filter { $0.kind == .pencil })
        for (a, b) in zip(pencils.0, pencils.1) {
            let close = (a.time + 500) / 1000 * 1000 == b.time && a.x == b.x && a.y == b.y
                && abs((a.altitude ?? 0) - (b.altitude ?? 0)) < 0.002 && abs((a.azimuth ?? 0) - (b.azimuth ?? 0)) < 0.01
                && (a.force ?? 0) == (b.force ?? 0) && a.phase.isInContact == b.phase.isInContact
            if !close {
                Issue.record("\(name) as \(format.rawValue): pencil \(a) came back as \(b)")
                break
            }
        }
    }

    /// What the must-hold compares: contacts (by kind), frames (distinct sample times of
    /// non-markers) and duration.
    struct Shape {
        var contacts: [SampleKind: Int] = [:]
        var frames = 0
        var duration: Int64 = 0
        var countsByKind: [SampleKind: Int] = [:]
        var markers: [String] = []

        init(_ samples: [InputSample]) {
            var times = Set<Int64>()
            for sample in samples {
                countsByKind[sample.kind, default: 0] += 1
                if sample.kind == .marker { markers.append(sample.label ?? ""); continue }
                times.insert((sample.time + 500) / 1000)
                if sample.kind.isContact && sample.kind != .pointer && sample.phase == .began { contacts[sample.kind, default: 0] += 1 }
            }
            frames = times.count
            let contentTimes = samples.filter { $0.kind != .marker }.map(\.time)
            duration = (contentTimes.max() ?? 0) - (contentTimes.min() ?? 0)
        }
    }
}
