import Testing
import TouchInput
@testable import TraceFormats

/// Hostile report 16, M3: a slot that ends one contact and begins the next in one SYN frame.
/// Values after the new tracking id belong to the new contact (multi-touch-protocol.rst), so
/// the contact that ends keeps its own last position, in every evdev form, since they all
/// decode through ``EvdevTraceDecoder``.
@Suite("evdev: a slot reused within one frame")
struct EvdevSlotReuseTests {
    /// The second frame of each variant: how the slot goes from contact 5 to contact 6.
    enum Reuse: String, CaseIterable, CustomStringConvertible {
        /// `ABS_MT_TRACKING_ID -1`, then 6, then 6's position.
        case liftThenNewID
        /// The tracking id changes from 5 to 6 directly (the end was not reported).
        case directIDChange
        /// 5 moves to (200, 100) and lifts, then 6 begins, in one frame.
        case moveLiftThenNewID

        var description: String { rawValue }

        /// (type, code, value) events of the second frame, before its SYN_REPORT.
        var frame: [(Int, Int, Int32)] {
            let six: [(Int, Int, Int32)] = [(3, 0x39, 6), (3, 0x35, 500), (3, 0x36, 500)]
            switch self {
            case .liftThenNewID: return [(3, 0x39, -1)] + six
            case .directIDChange: return six
            case .moveLiftThenNewID: return [(3, 0x35, 200), (3, 0x39, -1)] + six
            }
        }

        /// The samples every form reads: time, id, phase, position.
        var expected: [String] {
            let end = self == .directIDChange ? "cancelled" : "ended"
            let endX = self == .moveLiftThenNewID ? 200.0 : 100.0
            return [
                "0 5 began 100.0 100.0",
                "10000000 5 \(end) \(endX) 100.0",
                "10000000 6 began 500.0 500.0",
                "20000000 6 ended 500.0 500.0",
            ]
        }

        /// Every frame: (seconds, events), each followed by a SYN_REPORT.
        var frames: [(String, [(Int, Int, Int32)])] {
            [("0.000000", [(3, 0x39, 5), (3, 0x35, 100), (3, 0x36, 100), (1, 0x14a, 1)]),
             ("0.010000", frame),
             ("0.020000", [(3, 0x39, -1), (1, 0x14a, 0)])]
        }
    }

    /// A description of a single-slot screen 0…1279 × 0…767, one unit a point.
    static let description = """
    # EVEMU 1.3
    N: EP0430M09
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 1279 0 0 0
    A: 01 0 767 0 0 0
    A: 2f 0 4 0 0 0
    A: 35 0 1279 0 0 0
    A: 36 0 767 0 0 0
    A: 39 0 65535 0 0 0

    """

    static func evemu(_ reuse: Reuse) -> String {
        description + reuse.frames.map { time, events in
            (events + [(0, 0, 0)]).map { "E: \(time) \(hex($0.0)) \(hex($0.1)) \($0.2)\n" }.joined()
        }.joined()
    }

    /// A raw `getevent -t` log (no description: positions are device units).
    static func getevent(_ reuse: Reuse) -> String {
        reuse.frames.map { time, events in
            (events + [(0, 0, 0)]).map { "[       1.\(time.dropFirst(2))] \(hex($0.0)) \(hex($0.1)) \(String(format: "%08x", UInt32(bitPattern: $0.2)))\n" }.joined()
        }.joined()
    }

    private static func hex(_ value: Int) -> String { String(format: "%04x", value) }

    private static func summary(_ trace: ImportedTrace) -> [String] {
        trace.samples.filter { $0.kind == .touch }.map { "\($0.time) \($0.id) \($0.phase.name) \($0.x) \($0.y)" }
    }

    @Test("evemu: the contact that ends keeps its own position", arguments: Reuse.allCases)
    func evemu(reuse: Reuse) throws {
        #expect(Self.summary(try EvemuImporter.parse(Self.evemu(reuse))) == reuse.expected)
    }

    @Test("getevent: the contact that ends keeps its own position", arguments: Reuse.allCases)
    func getevent(reuse: Reuse) throws {
        #expect(Self.summary(try GeteventImporter.parse(Self.getevent(reuse))) == reuse.expected)
    }

    @Test("kernel events fed one by one (what record reads) decode the same", arguments: Reuse.allCases)
    func kernelEvents(reuse: Reuse) throws {
        let device = EvdevDevice(name: "EP0430M09", axes: [
            0x2f: .init(minimum: 0, maximum: 4), 0x35: .init(minimum: 0, maximum: 1279),
            0x36: .init(minimum: 0, maximum: 767), 0x39: .init(minimum: 0, maximum: 65535),
        ])
        var decoder = EvdevTraceDecoder(device: device, mapping: EvdevMapping.choose(for: device, screen: nil))
        var samples: [String] = []
        for (time, events) in reuse.frames {
            let nanoseconds = Int64(try #require(Double(time)) * 1e9)
            for (type, code, value) in events + [(0, 0, 0)] {
                decoder.feed(EvdevEvent(time: nanoseconds, type: UInt16(type), code: UInt16(code), value: value)) {
                    samples.append("\($0.time) \($0.id) \($0.phase.name) \($0.x) \($0.y)")
                }
            }
        }
        #expect(samples.filter { !$0.contains(" moved ") } == reuse.expected)
    }

    @Test("a contact that ends where the next begins, in one slot and one frame, survives every evdev form")
    func roundTrip() throws {
        let trace = try EvemuImporter.parse(Self.evemu(.liftThenNewID))
        for format in EvdevFormsRoundTripTests.forms {
            let text = try TraceFormat.export(format, metadata: trace.metadata, samples: trace.samples)
            #expect(Self.summary(try EvdevFormsRoundTripTests.reimport(format, text)) == Reuse.liftThenNewID.expected, "\(format)")
        }
    }
}
