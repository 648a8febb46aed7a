import Foundation
import Testing
import TouchInput
@testable import TraceFormats

/// Issue 15: pointer-events captures with values out of range, wild times, and events of one
/// timeStamp in either order.
@Suite("Pointer events: ranges, times and equal timestamps")
struct PointerEventsHostileTests {
    /// One pointer event of `type` at `stamp` ms, with `extra` members.
    static func event(_ type: String, _ stamp: String, x: Int = 10, pointer: String = "touch", id: Int = 1, extra: String = "") -> String {
        #"{"type":"\#(type)","pointerId":\#(id),"pointerType":"\#(pointer)","timeStamp":\#(stamp),"clientX":\#(x),"clientY":20\#(extra)}"#
    }

    static func capture(_ events: [String], origin: String? = nil) -> Data {
        Data(#"{"version":1,\#(origin.map { #""timeOrigin":\#($0),"# } ?? "")"events":[\#(events.joined(separator: ","))]}"#.utf8)
    }

    static func phases(_ events: [String]) throws -> [String] {
        try PointerEventsImporter.parse(capture(events)).samples.map { "\($0.time) \($0.kind.name) \($0.id) \($0.phase.name) \($0.x)" }
    }

    static func failure(_ data: Data) throws -> TraceFormatError {
        try #require(throws: TraceFormatError.self) { try PointerEventsImporter.parse(data, path: "cap.json") }
    }

    /// Hostile report 17: an empty `coalescedEvents` hid a full `coalesced` list (6 samples
    /// of 10, exit 0); either name alone is read, both at once refused naming the event.
    @Test("a list under both of its names is refused, by the importer and the Decodable form alike",
          arguments: [("coalescedEvents", "coalesced"), ("predictedEvents", "predicted")])
    func bothNames(long: String, short: String) throws {
        let child = Self.event("pointermove", "6", x: 12)
        let down = Self.event("pointerdown", "5"), up = Self.event("pointerup", "9", x: 13)
        let list: KeyPath<PointerEventsDocument.Event, [PointerEventsDocument.Event]> = long == "coalescedEvents" ? \.coalescedEvents : \.predictedEvents
        for name in [long, short] {
            let one = Self.capture([down, Self.event("pointermove", "7", x: 12, extra: #","\#(name)":[\#(child)]"#), up])
            #expect(try PointerEventsImporter.parse(one).samples.count >= 3)
            #expect(try JSONDecoder().decode(PointerEventsDocument.self, from: one).events[1][keyPath: list].count == 1)
        }
        let both = Self.capture([down, Self.event("pointermove", "7", x: 12, extra: #","\#(long)":[],"\#(short)":[\#(child)]"#), up])
        let error = try Self.failure(both)
        #expect(error.reason.contains("has both \(long) and \(short): give one list, under one name"), "\(error)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PointerEventsDocument.self, from: both) }
    }

    @Test("an up written before its down at one timeStamp is the same tap as down then up", arguments: ["touch", "pen", "mouse"])
    func reversedTap(pointer: String) throws {
        let kind = pointer == "touch" ? "touch" : pointer == "pen" ? "pencil" : "pointer"
        let inOrder = try Self.phases([Self.event("pointerdown", "5", x: 10, pointer: pointer), Self.event("pointerup", "5", x: 11, pointer: pointer)])
        let reversed = try Self.phases([Self.event("pointerup", "5", x: 11, pointer: pointer), Self.event("pointerdown", "5", x: 10, pointer: pointer)])
        #expect(inOrder == ["0 \(kind) 1 began 10.0", "0 \(kind) 1 ended 11.0"])
        #expect(reversed == inOrder)
    }

    @Test("the reversed pair is found among other pointers' events, and a cancel is an end too")
    func reversedAmongOthers() throws {
        let samples = try Self.phases([
            Self.event("pointerdown", "0", x: 1, id: 2), Self.event("pointercancel", "8", x: 12), Self.event("pointermove", "8", x: 2, id: 2),
            Self.event("pointerenter", "8", x: 13), Self.event("pointerdown", "8", x: 13), Self.event("pointerup", "9", x: 3, id: 2),
        ])
        #expect(samples == [
            // Pointer 1's down takes the place of its cancel, the first of its events at 8 ms.
            "0 touch 2 began 1.0", "8000000 touch 1 began 13.0", "8000000 touch 2 moved 2.0", "8000000 touch 1 cancelled 12.0",
            "9000000 touch 2 ended 3.0",
        ])
    }

    @Test("an end of a pointer that is down, then a down at the same timeStamp, stay two contacts; a lone end stays")
    func endsThatStay() throws {
        let again = try Self.phases([Self.event("pointerdown", "0", x: 1), Self.event("pointerup", "4", x: 2),
                                     Self.event("pointerdown", "4", x: 3), Self.event("pointerup", "6", x: 4)])
        #expect(again == ["0 touch 1 began 1.0", "4000000 touch 1 ended 2.0", "4000000 touch 1 began 3.0", "6000000 touch 1 ended 4.0"])
        // An end, then a down at a later time: not one tap written in reverse.
        let later = try Self.phases([Self.event("pointerup", "2", x: 5), Self.event("pointerdown", "3", x: 6), Self.event("pointerup", "4", x: 7)])
        #expect(later == ["0 touch 1 ended 5.0", "1000000 touch 1 began 6.0", "2000000 touch 1 ended 7.0"])
        let lone = try Self.phases([Self.event("pointerdown", "0", x: 1, id: 2), Self.event("pointerup", "1", x: 9)])
        #expect(lone == ["0 touch 2 began 1.0", "1000000 touch 1 ended 9.0"])
    }

    @Test("pressure outside 0…1 and buttons outside a 32-bit mask are refused naming the event", arguments: [
        (#","pressure":2"#, "event 2: pressure 2.0 is outside 0…1."), (#","pressure":-0.25"#, "event 2: pressure -0.25 is outside 0…1."),
        (#","buttons":1099511627776"#, "event 2: buttons 1099511627776 is not a button mask from 0 to 4294967295."),
        (#","buttons":-1"#, "event 2: buttons -1 is not a button mask from 0 to 4294967295."),
    ])
    func outOfRange(extra: String, reason: String) throws {
        let error = try Self.failure(Self.capture([Self.event("pointerdown", "0"), Self.event("pointermove", "1", extra: extra)]))
        #expect(error.path == "cap.json")
        #expect(error.reason == reason)
        let mouse = try Self.failure(Self.capture([Self.event("pointerdown", "0", pointer: "mouse"), Self.event("pointermove", "1", pointer: "mouse", extra: extra)]))
        #expect(mouse.reason == reason)
    }

    @Test("the ends of the ranges are kept exactly")
    func rangeEnds() throws {
        let trace = try PointerEventsImporter.parse(Self.capture([
            Self.event("pointerdown", "0", extra: #","pressure":1,"buttons":4294967295"#), Self.event("pointerup", "1", extra: #","pressure":0,"buttons":0"#),
        ]))
        #expect(trace.samples.map(\.force) == [1, 0])
        #expect(trace.samples.map(\.buttons) == [4_294_967_295, 0])
    }

    @Test("a timeOrigin that puts the epoch outside ±(2^62 − 1) ns is refused, however far", arguments: ["1e300", "-1e300", "4611686018428", "-4611686018428"])
    func wildOrigin(origin: String) throws {
        let error = try Self.failure(Self.capture([Self.event("pointerdown", "0"), Self.event("pointerup", "1")], origin: origin))
        #expect(error.path == "cap.json")
        #expect(error.reason == "timeOrigin \(Double(origin)!) ms plus the earliest timeStamp, 0.0 ms, is not a time within ±(2^62 − 1) ns (about 146 years) of 1970.")
        let edge = try PointerEventsImporter.parse(Self.capture([Self.event("pointerdown", "0"), Self.event("pointerup", "1")], origin: "4611686018427"))
        // The last whole millisecond within 2^62 ns, as near as a Double of nanoseconds holds it.
        let epoch = try #require(edge.metadata.epochNanoseconds)
        #expect(abs(epoch - 4_611_686_018_427_000_000) <= 512 && SampleTime.isValid(epoch))
    }

    @Test("a wild timeStamp is named by its own event number, not the next one's", arguments: [
        ("-1e300", 1, ""), ("1e300", 2, ""), ("4611686018428", 1, " (a coalesced event)"),
    ])
    func wildTimeStamp(stamp: String, event: Int, which: String) throws {
        let wild = which.isEmpty ? Self.event(event == 1 ? "pointerdown" : "pointerup", stamp)
            : Self.event("pointerdown", "0", extra: #","coalescedEvents":[{"type":"pointerdown","timeStamp":\#(stamp),"clientX":1,"clientY":1}]"#)
        let events = event == 1 ? [wild, Self.event("pointerup", "1")] : [Self.event("pointerdown", "0"), wild]
        let error = try Self.failure(Self.capture(events))
        #expect(error.reason == "event \(event)\(which): timeStamp \(Double(stamp)!) ms is outside ±(2^62 − 1) ns (about 146 years).")
    }

    @Test("a capture spanning more than 2^62 − 1 ns names the late event and the earliest timeStamp")
    func span() throws {
        let error = try Self.failure(Self.capture([Self.event("pointerdown", "-4000000000000"), Self.event("pointerup", "4000000000000")]))
        #expect(error.reason == "event 2: timeStamp 4000000000000.0 ms lies more than 2^62 − 1 ns (about 146 years) after the earliest timeStamp, -4000000000000.0 ms.")
    }
}
