import Testing
import TouchInput
@testable import TraceFormats

/// Builds event streams tersely: `frame(t, (3, 0x35, 10), …)` appends the events and a SYN_REPORT.
struct EventScript {
    var events: [EvdevEvent] = []
    mutating func frame(_ ms: Int64, _ items: (UInt16, UInt16, Int32)...) {
        for (type, code, value) in items { events.append(EvdevEvent(time: ms * 1_000_000, type: type, code: code, value: value)) }
        events.append(EvdevEvent(time: ms * 1_000_000, type: 0, code: 0, value: 0))
    }
    mutating func raw(_ ms: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(EvdevEvent(time: ms * 1_000_000, type: type, code: code, value: value))
    }

    func decode(_ device: EvdevDevice) -> (samples: [InputSample], statistics: EvdevDecoder.Statistics) {
        var decoder = EvdevDecoder(device: device, mapping: EvdevMapping.choose(for: device, screen: nil))
        var samples: [InputSample] = []
        for event in events { decoder.feed(event) { samples.append($0) } }
        return (samples, decoder.statistics)
    }
}

@Suite("evdev decoder")
struct EvdevDecoderTests {
    static let protocolA = EvdevDevice(name: "A", codes: [0: [0, 2]], axes: [
        0x35: .init(minimum: 0, maximum: 1000), 0x36: .init(minimum: 0, maximum: 1000),
    ])
    static let protocolB = EvdevDevice(name: "B", axes: [
        0x2f: .init(minimum: 0, maximum: 4), 0x39: .init(minimum: 0, maximum: 65535),
        0x35: .init(minimum: 0, maximum: 1000), 0x36: .init(minimum: 0, maximum: 1000),
    ])

    @Test func protocolAMatchesContactsByNearestDistance() {
        var s = EventScript()
        // Two fingers, reported in one order, then in the other order: identities must follow
        // the positions, not the report order.
        s.frame(0, (3, 0x35, 100), (3, 0x36, 100), (0, 2, 0), (3, 0x35, 800), (3, 0x36, 800), (0, 2, 0))
        s.frame(10, (3, 0x35, 805), (3, 0x36, 805), (0, 2, 0), (3, 0x35, 110), (3, 0x36, 100), (0, 2, 0))
        // The first finger lifts: only one contact is reported.
        s.frame(20, (3, 0x35, 810), (3, 0x36, 810), (0, 2, 0))
        // All lift: an empty report.
        s.frame(30, (0, 2, 0))
        let samples = s.decode(Self.protocolA).samples
        let text = samples.map { "\($0.time / 1_000_000) \($0.phase.name) \($0.id) \(Int($0.x))" }
        #expect(text == [
            "0 began 1 100", "0 began 2 800",
            "10 moved 1 110", "10 moved 2 805",
            "20 ended 1 110", "20 moved 2 810",
            "30 ended 2 810",
        ])
    }

    @Test func protocolAWithoutDescriptionIsDetectedFromSynMTReport() {
        var s = EventScript()
        s.frame(0, (3, 0x35, 5), (3, 0x36, 5), (0, 2, 0))
        s.frame(5, (0, 2, 0))
        let samples = s.decode(EvdevDevice(name: "unknown")).samples
        #expect(samples.map(\.phase) == [.began, .ended])
    }

    @Test func synDroppedDiscardsThroughTheNextReportAndResyncs() {
        var s = EventScript()
        s.frame(0, (3, 0x39, 7), (3, 0x35, 10), (3, 0x36, 10))
        s.raw(5, 3, 0x35, 20)
        s.raw(5, 0, 3, 0)           // SYN_DROPPED
        s.raw(5, 3, 0x35, 999)      // discarded
        s.raw(5, 3, 0x39, -1)       // discarded (the lift is lost)
        s.frame(5)                   // the SYN_REPORT ending the drop: discarded
        s.frame(9, (3, 0x36, 30))   // resync: the live contact is re-emitted
        // The slot is reused for a new contact: the one whose lift was lost is cancelled where
        // it was; the position after the new id is the new contact's (hostile report 16, M3).
        s.frame(12, (3, 0x39, 8), (3, 0x35, 50))
        s.frame(15, (3, 0x39, -1))
        let (samples, statistics) = s.decode(Self.protocolB)
        let text = samples.map { "\($0.time / 1_000_000) \($0.phase.name) \($0.id) \(Int($0.x)),\(Int($0.y))" }
        #expect(text == [
            "0 began 7 10,10",
            "9 moved 7 20,30",
            "12 cancelled 7 20,30", "12 began 8 50,30",
            "15 ended 8 50,30",
        ])
        #expect(statistics.droppedFrames == 1)
        #expect(statistics.discardedEvents == 3)
        #expect(statistics.firstDropTime == 5_000_000)
    }

    @Test func singleTouchScreen() {
        let device = EvdevDevice(name: "st", codes: [1: [0x14a]], axes: [0: .init(minimum: 0, maximum: 99), 1: .init(minimum: 0, maximum: 99)])
        var s = EventScript()
        s.frame(0, (3, 0, 10), (3, 1, 20), (1, 0x14a, 1))
        s.frame(8, (3, 0, 11))
        s.frame(16, (1, 0x14a, 0))
        s.frame(20, (3, 0, 50), (1, 0x14a, 1))
        s.frame(24, (1, 0x14a, 0))
        let samples = s.decode(device).samples
        #expect(samples.map { "\($0.phase.name) \($0.id)" } == ["began 1", "moved 1", "ended 1", "began 2", "ended 2"])
        #expect(samples.allSatisfy { $0.kind == .touch })
    }

    @Test func mouseMovesClicksAndScrolls() {
        let device = EvdevDevice(name: "mouse", codes: [2: [0, 1, 8], 1: [0x110, 0x111]])
        var s = EventScript()
        s.frame(0, (2, 0, 5), (2, 1, -3))
        s.frame(8, (1, 0x110, 1))
        s.frame(16, (2, 0, 2))
        s.frame(24, (1, 0x110, 0))
        s.frame(32, (2, 8, -1))  // one detent towards the user: scroll down
        s.frame(40, (2, 0, 1))
        let samples = s.decode(device).samples
        #expect(samples.map { "\($0.kind.name) \($0.phase.name) \($0.x),\($0.y) \($0.buttons ?? 99)" } == [
            "pointer hoverEntered 5.0,-3.0 0", "pointer began 5.0,-3.0 1", "pointer moved 7.0,-3.0 1",
            "pointer ended 7.0,-3.0 0", "scroll moved 7.0,-3.0 99", "pointer hoverEntered 8.0,-3.0 0",
        ])
        #expect(samples[4].scrollDelta?.dy == 10)
    }

    @Test func keysBecomeHIDUsagesWithModifiers() {
        let device = EvdevDevice(name: "kbd", codes: [1: [30, 42, 58]])
        var s = EventScript()
        s.frame(0, (1, 42, 1))   // left shift down
        s.frame(1, (1, 30, 1))   // a
        s.frame(2, (1, 30, 2))   // auto-repeat: skipped
        s.frame(3, (1, 30, 0), (1, 42, 0))
        s.frame(4, (1, 58, 1), (1, 58, 0))  // caps lock toggles on
        s.frame(5, (1, 30, 1))
        let (samples, statistics) = s.decode(device)
        #expect(samples.map { "\($0.phase.name) \(String($0.key ?? 0, radix: 16)) \($0.modifiers.names)" } == [
            "began e1 [\"shift\"]", "began 4 [\"shift\"]", "ended 4 [\"shift\"]", "ended e1 []",
            "began 39 [\"capsLock\"]", "ended 39 [\"capsLock\"]", "began 4 [\"capsLock\"]",
        ])
        #expect(statistics.skippedKeyEvents == 1)
    }

    @Test func hostileSlotNumbersAreBounded() {
        var s = EventScript()
        s.frame(0, (3, 0x2f, 1_000_000), (3, 0x39, 1), (3, 0x35, 1))
        s.frame(1, (3, 0x2f, -5), (3, 0x39, 2))
        s.frame(2, (3, 0x2f, 63), (3, 0x39, 3))
        let (samples, statistics) = s.decode(Self.protocolB)
        #expect(samples.map(\.id) == [3])
        #expect(statistics.ignoredContacts == 2)
    }

    @Test func tiltConversionRoundTrips() {
        for (x, y) in [(0.3, -0.2), (-1.0, 0.5), (0.0, 0.7), (0.01, 0.0)] {
            let angles = EvdevDecoder.altitudeAzimuth(tiltX: x, tiltY: y)
            let back = EvdevDecoder.tilt(altitude: angles.altitude, azimuth: angles.azimuth)
            #expect(abs(back.x - x) < 1e-12 && abs(back.y - y) < 1e-12)
        }
        #expect(EvdevDecoder.altitudeAzimuth(tiltX: 0, tiltY: 0).altitude == .pi / 2)
    }
}
