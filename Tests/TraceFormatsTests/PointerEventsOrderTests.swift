import Testing
import TouchInput
@testable import TraceFormats

/// Hostile report 16, M4: a pointer's events at one timeStamp, written in any order, mean
/// down, then move, then up (``PointerEventsImporter/EqualTimeOrder``); a second pointerdown
/// with no end between is refused.
@Suite("Pointer events: one pointer's events at one timeStamp")
struct PointerEventsOrderTests {
    typealias Hostile = PointerEventsHostileTests

    /// The six orders of a down at x 10, a move at 12 and an up at 14, all at 5 ms.
    static let permutations: [[String]] = {
        let types = ["pointerdown", "pointermove", "pointerup"]
        return [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map { $0.map { types[$0] } }
    }()

    private static func x(_ type: String) -> Int { type == "pointerdown" ? 10 : type == "pointermove" ? 12 : 14 }

    private static func kind(_ pointer: String) -> String { pointer == "touch" ? "touch" : pointer == "pen" ? "pencil" : "pointer" }

    @Test("a pointer that is up reads down, move, up whatever the order written", arguments: permutations, ["touch", "pen", "mouse"])
    func fromUp(order: [String], pointer: String) throws {
        let samples = try Hostile.phases(order.map { Hostile.event($0, "5", x: Self.x($0), pointer: pointer) })
        let kind = Self.kind(pointer)
        #expect(samples == ["0 \(kind) 1 began 10.0", "0 \(kind) 1 moved 12.0", "0 \(kind) 1 ended 14.0"])
    }

    @Test("a pointer that is down moves, lifts and then touches again, whatever the order written", arguments: permutations)
    func fromDown(order: [String]) throws {
        let events = [Hostile.event("pointerdown", "0", x: 1)] + order.map { Hostile.event($0, "5", x: Self.x($0)) }
            + [Hostile.event("pointerup", "6", x: 20)]
        #expect(try Hostile.phases(events) == [
            "0 touch 1 began 1.0", "5000000 touch 1 moved 12.0", "5000000 touch 1 ended 14.0", "5000000 touch 1 began 10.0",
            "6000000 touch 1 ended 20.0",
        ])
    }

    @Test("two taps at one timeStamp stay two taps; other pointers' events keep their places")
    func twoTaps() throws {
        let samples = try Hostile.phases([
            Hostile.event("pointerup", "5", x: 2), Hostile.event("pointerdown", "5", x: 7, id: 2), Hostile.event("pointerdown", "5", x: 1),
            Hostile.event("pointerup", "5", x: 4), Hostile.event("pointerdown", "5", x: 3),
        ])
        #expect(samples == ["0 touch 1 began 1.0", "0 touch 2 began 7.0", "0 touch 1 ended 2.0", "0 touch 1 began 3.0", "0 touch 1 ended 4.0"])
    }

    @Test("a second pointerdown with no end between is refused naming it, at one timeStamp or later", arguments: ["0", "3"])
    func doubleDown(second: String) throws {
        let error = try Hostile.failure(Hostile.capture([
            Hostile.event("pointerdown", "0", x: 1), Hostile.event("pointermove", "0", x: 2, id: 2), Hostile.event("pointerdown", second, x: 5),
            Hostile.event("pointerup", "4", x: 6),
        ]))
        #expect(error.path == "cap.json")
        #expect(error.reason == "event 3: pointerdown of pointerId 1, which is already down (no pointerup or pointercancel since its last pointerdown).")
    }
}
