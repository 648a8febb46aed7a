import Foundation
import Testing
import TouchInput
import TouchTrace
@testable import TraceFormats

/// Hostile report 4, findings 1–3: what the evdev exporters write for an upright pencil,
/// negative positions and a pointer off the screen reads back as written, or is counted.
@Suite("evdev export ranges: upright pens, negative positions, pointers off the screen")
struct EvdevExportRangesTests {
    static let forms: [TraceFormat] = [.evemu, .libinput, .getevent]

    static func reimport(_ format: TraceFormat, _ text: String) throws -> ImportedTrace {
        try EvdevFormsRoundTripTests.reimport(format, text)
    }

    /// The encoder's counts for `samples` written as evemu.
    static func encoderLosses(metadata: TraceMetadata, samples: [InputSample]) throws -> EvdevEncoder.Losses {
        var renderer = EvemuExporter.Renderer(epoch: metadata.epochNanoseconds ?? 0)
        return try EvdevTextExport.run(&renderer, metadata: metadata, samples: samples) { $0.removeAll() }
    }

    /// What `convert` counts writing `samples` as `format`, and the trace read back.
    static func convert(_ samples: [InputSample], metadata: TraceMetadata, format: TraceFormat) throws -> (ExportLosses, ImportedTrace) {
        let directory = try HostileTextTests.Directory()
        let path = directory.url.appendingPathComponent("t.\(format.rawValue)").path
        let conversion = try TraceConversion(SampleArraySource(metadata: metadata, samples: samples), named: "t.jsonl",
                                             writing: .foreign(format), to: path)
        return (conversion.losses, try TraceFormat.importTrace(from: path, format: format))
    }

    // MARK: Finding 1: an upright pencil

    /// π/2, π/2 on the default 1/4096 rad grid (1.570801, a quantum above), and π/2 plus a
    /// whole quantum, the most the ranges admit.
    static let uprightAltitudes: [Double] = [.pi / 2, (Double.pi / 2 * 4096).rounded() / 4096, .pi / 2 + 1.0 / 4096]

    @Test("a pencil at altitude π/2 or up to a quantum above it is written upright (tilt 0/0), not flat",
          arguments: uprightAltitudes, forms)
    func uprightPencil(altitude: Double, format: TraceFormat) throws {
        let samples = [
            InputSample(time: 0, kind: .pencil, phase: .began, id: 1, x: 10, y: 10, force: 0.5, altitude: altitude, azimuth: 0.5),
            InputSample(time: 1_000_000, kind: .pencil, phase: .ended, id: 1, x: 10, y: 10, force: 0.5, altitude: altitude, azimuth: 0.5),
        ]
        let text = try TraceFormat.export(format, metadata: TraceMetadata(), samples: samples)
        let back = try Self.reimport(format, text).samples
        #expect(back.count == 2)
        for sample in back {
            #expect(sample.altitude == .pi / 2, "\(sample)")
            #expect(sample.azimuth == 0, "an upright pen has no azimuth the tilt axes say")
        }
        let losses = try Self.encoderLosses(metadata: TraceMetadata(), samples: samples)
        #expect(losses.flattenedTilts == 0)
    }

    @Test("a pencil lying flat is still written at the flattest tilt and counted")
    func flatPencilStillCounted() throws {
        let samples = [
            InputSample(time: 0, kind: .pencil, phase: .began, id: 1, x: 10, y: 10, force: 0.5, altitude: 0, azimuth: 0.5),
            InputSample(time: 1_000_000, kind: .pencil, phase: .ended, id: 1, x: 10, y: 10, force: 0.5, altitude: 1.0, azimuth: 0.5),
        ]
        let losses = try Self.encoderLosses(metadata: TraceMetadata(), samples: samples)
        #expect(losses.flattenedTilts == 1)
        let back = try Self.reimport(.evemu, try TraceFormat.export(.evemu, metadata: TraceMetadata(), samples: samples)).samples
        #expect(try #require(back.first?.altitude) < 0.001)
    }

    // MARK: Finding 2: negative positions

    static let negativeTouches = [
        InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: -100, y: -10, force: 0.5),
        InputSample(time: 8_000_000, kind: .touch, phase: .moved, id: 1, x: 0, y: 0, force: 0.5),
        InputSample(time: 16_000_000, kind: .touch, phase: .ended, id: 1, x: 100, y: 10, force: 0.5),
    ]

    static var screenMetadata: TraceMetadata {
        var metadata = TraceMetadata()
        metadata.device = "neg"
        metadata.screen = TraceMetadata.Screen(width: 400, height: 800, scale: 2)
        return metadata
    }

    @Test("negative positions are written as their quanta, within the declared axis range, and read back exactly", arguments: forms)
    func negativePositions(format: TraceFormat) throws {
        let text = try TraceFormat.export(format, metadata: Self.screenMetadata, samples: Self.negativeTouches)
        let back = try Self.reimport(format, text).samples
        #expect(back == Self.negativeTouches)
    }

    @Test("the evemu description declares a range holding every position written (x = −100 pt is −25600 units)")
    func negativePositionsWithinDeclaredRange() throws {
        let text = try TraceFormat.export(.evemu, metadata: Self.screenMetadata, samples: Self.negativeTouches)
        // Codes in hex: `A: 35 min max …`, `E: time 0003 0035 value`.
        var ranges: [Int: (Int64, Int64)] = [:]
        var written: [Int: [Int64]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "A:", fields.count >= 4 {
                ranges[Int(fields[1], radix: 16)!] = (Int64(fields[2])!, Int64(fields[3])!)
            } else if fields.first == "E:", fields.count >= 5, fields[2] == "0003" {
                let value = fields[4].split(separator: "\t")[0]
                written[Int(fields[3], radix: 16)!, default: []].append(Int64(value)!)
            }
        }
        for code in [0x00, 0x01, 0x35, 0x36] {
            let range = try #require(ranges[code], "axis \(code) declared")
            for value in written[code] ?? [] {
                #expect(value >= range.0 && value <= range.1, "axis \(code): \(value) outside \(range)")
            }
        }
        #expect(written[0x35] == [-25600, 0, 25600])
        #expect(ranges[0x35]?.0 == -25600)
        #expect(text.contains("# TouchBench-mapping: 0.00390625 0.00390625 0 0 0.00390625"))
    }

    @Test("a position under 2³¹ quanta from 0 (y = −8 000 000 pt at 1/256 pt) is written exactly, not clamped", arguments: forms)
    func farNegativePosition(format: TraceFormat) throws {
        let samples = [
            InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 10, y: -8_000_000),
            InputSample(time: 1_000_000, kind: .touch, phase: .ended, id: 1, x: 10, y: 1),
        ]
        let (losses, back) = try Self.convert(samples, metadata: TraceMetadata(), format: format)
        #expect(back.samples == samples)
        #expect(losses.count(of: "positions beyond the 32-bit axis units (written at the axis's end)") == 0)
    }

    // MARK: Finding 3: a pointer off the screen

    static let pointerSamples = [
        InputSample(time: 1_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: 100, y: 100, buttons: 0),
        InputSample(time: 2_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: -100, y: -50, buttons: 0),
        InputSample(time: 3_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 600, y: 900, buttons: 0),
        InputSample(time: 4_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 200, y: 300, buttons: 0),
        InputSample(time: 5_000_000, kind: .scroll, phase: .moved, x: 50, y: 60, scrollDelta: (0, 10)),
        InputSample(time: 6_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 210, y: 310, buttons: 0),
    ]

    @Test("a pointer off the screen is written at its edge and counted; later samples come back where they were", arguments: forms)
    func pointerOffScreen(format: TraceFormat) throws {
        let (losses, back) = try Self.convert(Self.pointerSamples, metadata: Self.screenMetadata, format: format)
        let positions = back.samples.map { [$0.x, $0.y] }
        #expect(positions == [[100, 100], [0, 0], [400, 800], [200, 300], [200, 300], [210, 310]])
        #expect(back.samples.map(\.kind) == [.pointer, .pointer, .pointer, .pointer, .scroll, .pointer])
        // Named on standard error in their own words, not as positions beyond the axis units.
        #expect(losses.count(of: "positions beyond the 32-bit axis units (written at the axis's end)") == 0)
        #expect(losses.count(of: "pointer positions off the screen (written at its edge, where the importer keeps the pointer)") == 2)
        let encoder = try Self.encoderLosses(metadata: Self.screenMetadata, samples: Self.pointerSamples)
        #expect(encoder.pointersOffScreen == 2)
        #expect(encoder.clampedPositions == 0)
        // Wheel events carry no position: the scroll reads back where the pointer stands, counted.
        #expect(encoder.scrollsAwayFromPointer == 1)
        #expect(losses.count(of: "scroll positions away from the pointer (wheel events carry none: read back at the pointer's)") == 1)
    }

    @Test("a pointer on the screen and a scroll where it stands lose nothing")
    func pointerOnScreen() throws {
        let samples = [
            InputSample(time: 1_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: 0, y: 800, buttons: 0),
            InputSample(time: 2_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 400, y: 0, buttons: 0),
            InputSample(time: 3_000_000, kind: .scroll, phase: .moved, x: 400, y: 0, scrollDelta: (0, 10)),
        ]
        let encoder = try Self.encoderLosses(metadata: Self.screenMetadata, samples: samples)
        #expect(encoder == EvdevEncoder.Losses())
        let back = try Self.reimport(.evemu, try TraceFormat.export(.evemu, metadata: Self.screenMetadata, samples: samples)).samples
        #expect(back.map { [$0.x, $0.y] } == [[0, 800], [400, 0], [400, 0]])
    }

    /// On a screen of odd size the pointer starts between whole points: a move to the edge
    /// rounds past it, where the importer stops it, and the encoder follows the importer, so
    /// later samples are still reached; whole positions the moves cannot reach are counted.
    @Test("on a screen of odd width the pointer follows the importer's clamp, and what it cannot reach is counted", arguments: forms)
    func pointerOnAnOddScreen(format: TraceFormat) throws {
        var metadata = TraceMetadata()
        metadata.screen = TraceMetadata.Screen(width: 393, height: 852)
        let samples = [
            InputSample(time: 1_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: 393, y: 426, buttons: 0),
            InputSample(time: 2_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 200, y: 426, buttons: 0),
            InputSample(time: 3_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 210.5, y: 426, buttons: 0),
            // A scroll where the last pointer sample stands is not away from it, rounded or not.
            InputSample(time: 4_000_000, kind: .scroll, phase: .moved, x: 210.5, y: 426, scrollDelta: (0, 10)),
        ]
        let (losses, back) = try Self.convert(samples, metadata: metadata, format: format)
        // 196.5 + 197 = 393.5 is kept at 393; from there −193 reaches 200 exactly, and 210.5
        // is written at 211 (its fraction counted per sample).
        #expect(back.samples.map { [$0.x, $0.y] } == [[393, 426], [200, 426], [211, 426], [211, 426]])
        let encoder = try Self.encoderLosses(metadata: metadata, samples: samples)
        #expect(encoder.pointersBetweenPoints == 0)
        #expect(encoder.scrollsAwayFromPointer == 0)
        #expect(losses.count(of: "pointer positions (rounded to whole points)") == 1)
        // A whole position the half-point start cannot reach before the edge is met.
        let unreachable = [InputSample(time: 1_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: 100, y: 426, buttons: 0)]
        #expect(try Self.encoderLosses(metadata: metadata, samples: unreachable).pointersBetweenPoints == 1)
    }

    @Test("without a screen the pointer is not kept anywhere, and is written as it moved")
    func pointerWithoutScreen() throws {
        let samples = [
            InputSample(time: 1_000_000, kind: .pointer, phase: .hoverEntered, id: 0, x: -100, y: -50, buttons: 0),
            InputSample(time: 2_000_000, kind: .pointer, phase: .hoverMoved, id: 0, x: 200, y: 300, buttons: 0),
        ]
        let encoder = try Self.encoderLosses(metadata: TraceMetadata(), samples: samples)
        #expect(encoder.pointersOffScreen == 0)
        let back = try Self.reimport(.evemu, try TraceFormat.export(.evemu, metadata: TraceMetadata(), samples: samples)).samples
        #expect(back.map { [$0.x, $0.y] } == [[-100, -50], [200, 300]])
    }

    // MARK: Finding 4: a pencil hovering around a lift

    static let hover = [
        InputSample(time: 1_000_000, kind: .pencil, phase: .hoverEntered, id: 1, x: 100, y: 100, altitude: 1.2, azimuth: 0.5),
        InputSample(time: 2_000_000, kind: .pencil, phase: .began, id: 1, x: 101, y: 101, force: 0.3, altitude: 1.2, azimuth: 0.5),
        InputSample(time: 5_000_000, kind: .pencil, phase: .ended, id: 1, x: 110, y: 120, force: 0.1, altitude: 0.7, azimuth: 2.0),
        InputSample(time: 6_000_000, kind: .pencil, phase: .hoverMoved, id: 1, x: 111, y: 121, altitude: 0.7, azimuth: 2.0),
        InputSample(time: 7_000_000, kind: .pencil, phase: .hoverExited, id: 1, x: 150, y: 160, altitude: 0.9, azimuth: 1.0),
    ]

    /// `samples` as they read back: forces on the 1/4096 grid (hover ones 0), angles within the tilt axes' precision.
    static func expectClose(_ back: [InputSample], _ expected: [InputSample], phases: [SamplePhase]) {
        #expect(back.map(\.phase) == phases)
        #expect(back.count == expected.count)
        for (b, a) in zip(back, expected) {
            #expect(b.time == a.time && b.x == a.x && b.y == a.y, "\(a) came back as \(b)")
            #expect(abs((b.force ?? 0) - (a.force ?? 0)) < 1.0 / 4096, "\(a) came back as \(b)")
            #expect(abs((b.altitude ?? 0) - (a.altitude ?? 0)) < 0.001 && abs((b.azimuth ?? 0) - (a.azimuth ?? 0)) < 0.001,
                    "\(a) came back as \(b)")
        }
    }

    @Test("a pencil's hover exit comes back at its own position and tilt", arguments: forms)
    func hoverExitKeepsItsValues(format: TraceFormat) throws {
        let back = try Self.reimport(format, try TraceFormat.export(format, metadata: Self.screenMetadata, samples: Self.hover)).samples
        // The decoder begins a hover after a lift anew: the hover move reads as an entry, counted.
        Self.expectClose(back, Self.hover, phases: [.hoverEntered, .began, .ended, .hoverEntered, .hoverExited])
        let losses = try Self.encoderLosses(metadata: Self.screenMetadata, samples: Self.hover)
        #expect(losses.hoverMovesAfterLift == 1)
        #expect(losses.exitsAfterLeaving == 0 && losses.exitsAtOrigin == 0)
    }

    @Test("a lift that leaves proximity keeps its force and tilt; a hover exit after it is counted, not written", arguments: forms)
    func liftThenExit(format: TraceFormat) throws {
        let samples = [
            InputSample(time: 1_000_000, kind: .pencil, phase: .began, id: 1, x: 101, y: 101, force: 0.3, altitude: 1.2, azimuth: 0.5),
            InputSample(time: 2_000_000, kind: .pencil, phase: .moved, id: 1, x: 105, y: 105, force: 0.3, altitude: 1.2, azimuth: 0.5),
            InputSample(time: 3_000_000, kind: .pencil, phase: .ended, id: 1, x: 106, y: 107, force: 0.1, altitude: 0.7, azimuth: 2.0),
            InputSample(time: 4_000_000, kind: .pencil, phase: .hoverExited, id: 1, x: 106, y: 107, altitude: 0.7, azimuth: 2.0),
        ]
        let text = try TraceFormat.export(format, metadata: TraceMetadata(), samples: samples)
        let back = try Self.reimport(format, text).samples
        Self.expectClose(back, Array(samples.prefix(3)), phases: [.began, .moved, .ended])
        let losses = try Self.encoderLosses(metadata: TraceMetadata(), samples: samples)
        #expect(losses.exitsAfterLeaving == 1)
        let (named, _) = try Self.convert(samples, metadata: TraceMetadata(), format: format)
        #expect(named.sentence(for: format.rawValue)?.contains("1 pencil hover exits right after a lift (not written") == true)
    }

    @Test("a tablet zeroing its axes as the pen leaves still reads back at the pen's last values")
    func tabletZeroingOnExit() throws {
        let text = try TraceFormat.export(.evemu, metadata: Self.screenMetadata, samples: Self.hover)
        // The exit frame as a Wacom tablet writes it: ABS_X, ABS_Y and the tilts 0.
        let zeroed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[0] == "E:", fields[1] == "0.007000", fields[2] == "0003",
                  ["0000", "0001", "001a", "001b"].contains(fields[3]) else { return String(line) }
            return "E: 0.007000 0003 \(fields[3]) 0000"
        }.joined(separator: "\n")
        #expect(zeroed != text)
        let back = try EvemuImporter.parse(zeroed).samples
        let exit = try #require(back.last)
        #expect(exit.phase == .hoverExited)
        #expect(exit.x == 111 && exit.y == 121)
        #expect(abs((exit.altitude ?? 0) - 0.7) < 0.001)
    }
}
