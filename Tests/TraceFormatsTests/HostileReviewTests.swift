import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats
import TestSupport

/// Issue 15, the review of the hostile-input fixes: work bounded by the input's size (a
/// mapping of many keys), descriptions found where the reader finds them (indented lines),
/// and a flat pen kept within the recorded tilt axis.
@Suite("Hostile input review: bounded work, indented descriptions, flat pen in range")
struct HostileReviewTests {
    // MARK: libinput YAML: the duplicate-key check is linear

    /// One mapping of `count` distinct keys (and `repeated` once more at the end, if given).
    static func parseMapping(count: Int, repeated: String? = nil) throws -> RecordYAML {
        var parser = RecordYAML.Parser()
        for key in 0..<count { try parser.add("k\(key): \(key)", number: key + 1) }
        if let repeated { try parser.add(Substring("\(repeated): 0"), number: count + 1) }
        return try parser.document()
    }

    @Test("200 000 distinct keys in one mapping parse in time linear in the keys; a repeated key is refused naming its line")
    func manyKeys() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let root = try Self.parseMapping(count: 200_000)
        let large = clock.now - start
        guard case .mapping(let entries, _) = root else { Issue.record("not a mapping"); return }
        #expect(entries.count == 200_000)
        #expect(entries[123_456].key == "k123456")
        // Against a tenth of the keys, not a wall-clock bound (a loaded CI machine took 44 s
        // where an idle one takes 3): linear is about 10x the time, the quadratic check this
        // guards against (2·10^10 comparisons) 100x. The smallest of three small runs, so load
        // can only make the ratio look worse, never hide a quadratic.
        var small = Duration.seconds(1_000)
        for _ in 0..<3 {
            let begin = clock.now
            _ = try Self.parseMapping(count: 20_000)
            small = min(small, clock.now - begin)
        }
        #expect(large < small * 40, "200 000 keys took \(large), 20 000 took \(small)")

        let error = try #require(throws: TraceFormatError.self) { try Self.parseMapping(count: 1000, repeated: "k17") }
        #expect(error.line == 1001)
        #expect(error.reason == "the key \"k17\" appears twice in one mapping.")
    }

    // MARK: evemu: indented description lines are description lines

    @Test("indented description lines are the recording's own description, as the reader reads them", arguments: [
        ["N", "I", "P", "A", "B"], ["A", "B"],
    ])
    func indentedDescription(tags: [String]) throws {
        let directory = try HostileTextTests.Directory()
        let (desc, events) = try HostileLowsTests.describedEvents(in: directory)
        let description = try String(contentsOfFile: desc, encoding: .utf8).split(separator: "\n")
        let indented = description.map { line in tags.contains { line.hasPrefix("\($0):") } ? "  \t" + line : String(line) }
        #expect(indented != description.map(String.init))
        let flush = try directory.write(Array((description + events).joined(separator: "\n").appending("\n").utf8), "flush.evemu")
        let path = try directory.write(Array((indented + events.map(String.init)).joined(separator: "\n").appending("\n").utf8), "indented.evemu")
        #expect(try EvemuImporter.containsDescription(.file(path), path: path))
        // With a description beside it (read twice, it would declare every property twice),
        // and alone: the same trace as the unindented recording's.
        let expected = try TraceFormat.importTrace(from: flush, format: .evemu)
        let given = try TraceFormat.importTrace(from: path, format: .evemu, options: ImportOptions(descriptionPath: desc))
        #expect(given.samples == expected.samples)
        #expect(given.metadata == expected.metadata)
        #expect(given.samples.count > 5)
        #expect(try TraceFormat.importTrace(from: path, format: .evemu).samples == expected.samples)
    }

    // MARK: a flat pen stays within a recorded tilt axis

    @Test("a flat pen on a recorded device (tilt −64…63 at 57 units per radian) is written at the axis's end and counted",
          .enabled(if: SharedData.isAvailable, "../shared/data/evemu is absent"))
    func flatPenInRecordedRange() throws {
        let directory = try HostileTextTests.Directory()
        let trace = try EvemuImporter.read(contentsOf: SharedData.path("Wacom_Cintiq_13HD_touch_Pen.events"))
        var samples = trace.samples
        let index = try #require(samples.firstIndex { $0.phase == .moved && $0.altitude != nil })
        samples[index].altitude = 0
        samples[index].azimuth = .pi / 4
        let path = directory.url.appendingPathComponent("flat.evemu").path
        let conversion = try TraceConversion(SampleArraySource(metadata: trace.metadata, samples: samples), named: "cintiq.jsonl",
                                             writing: .foreign(.evemu), to: path)
        #expect(conversion.losses.items.first { $0.what.hasPrefix("pencil samples lying flatter than the tilt axes can say") }?.count == 1)
        let tilts = try RawEvemu(path: path).events.filter { $0.type == 3 && ($0.code == 0x1a || $0.code == 0x1b) }.map(\.value)
        // ceil(π/2·57) − 1 = 89 would lie past the axis's maximum 63.
        #expect(tilts.max() == 63)
        #expect(tilts.allSatisfy { (-64...63).contains($0) })
        let back = try TraceFormat.importTrace(from: path, format: .evemu).samples
        let flat = try #require(back.first { $0.time == samples[index].time && $0.kind == .pencil })
        #expect(abs((flat.altitude ?? 0) - EvdevDecoder.altitudeAzimuth(tiltX: 63.0 / 57, tiltY: 63.0 / 57).altitude) < 1e-9)
    }
}
