import TestSupport
import Testing
import TouchBenchSupport
import TouchDynamics
import TouchInput
@testable import TouchGestures

/// `gestures --json` writes each event member by member; the bytes must be those of the one
/// JSON writer laying out the event's object (keys sorted), for every member an event can carry
/// and every number a member can hold.
@Suite("Gesture events as JSON")
struct GestureEventJSONTests {
    /// Numbers that print differently: integral, tiny, huge, negative zero, not finite.
    static let numbers: [Double] = [0, -0.0, 1, -2.5, 1e-7, 123_456.789, 1e21, .pi, .nan, .infinity, -.infinity,
                                    Double.leastNonzeroMagnitude, .greatestFiniteMagnitude]

    /// Events with every subset of the optional members, filled from `numbers` in turn.
    static func events(count: Int, seed: UInt64) -> [GestureEvent] {
        var random = TestRandom(seed: seed)
        func next(_ bound: Int) -> Int { Int((random.next() >> 33) % UInt64(bound)) }
        func number() -> Double { numbers[next(numbers.count)] }
        return (0..<count).map { _ in
            var event = GestureEvent(gesture: GestureKind.allCases[next(GestureKind.allCases.count)],
                                     state: [.began, .changed, .ended, .recognized, .cancelled, .failed][next(6)],
                                     time: [0, -1, 250_000_000, .max, .min][next(5)], contact: [0, 7, .max][next(3)])
            if next(2) == 0 { event.location = Point(x: number(), y: number()) }
            if next(2) == 0 { event.translation = Offset(dx: number(), dy: number()) }
            if next(2) == 0 { event.velocity = Velocity(x: number(), y: number()) }
            if next(2) == 0 { event.projectedTranslation = Offset(dx: number(), dy: number()) }
            if next(2) == 0 { event.scale = number() }
            if next(2) == 0 { event.scaleVelocity = number() }
            if next(2) == 0 { event.rotation = number() }
            if next(2) == 0 { event.rotationVelocity = number() }
            if next(2) == 0 { event.detector = [.deceleration, .timer][next(2)] }
            if next(2) == 0 { event.delay = [0, 300_000_000, 1, .max][next(4)] }
            if next(2) == 0 { event.target = [0, 2, -1, .max][next(4)] }
            return event
        }
    }

    @Test("each event's text is the writer's layout of its object", arguments: [1, 2, 3])
    func textIsTheWritersLayout(seed: UInt64) {
        for event in Self.events(count: 2_000, seed: seed) {
            #expect(event.jsonText == JSONWriter.text(event.jsonValue, style: .compact))
            // The dictionary of members, sorted by the writer, reads the same.
            #expect(event.jsonText == JSONWriter.text(.object(event.reportMembers.map { ($0.key, $0.value.jsonValue) }), style: .compact))
        }
    }

    /// Members are handed over in the writer's order of keys, so writing them in turn lays the
    /// object out as the writer does.
    @Test func membersComeInKeyOrder() {
        let names = GestureEvent.ReportKey.names
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 < $1 })
        for event in Self.events(count: 500, seed: 9) {
            var keys: [Int] = []
            event.forEachReportMember { key, _ in keys.append(key.rawValue) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
            #expect(keys.count == event.reportMembers.count)
        }
    }

    @Test func aPanEndedReadsAsBefore() {
        var pan = GestureEvent(gesture: .pan, state: .ended, time: 4, contact: 1)
        pan.translation = Offset(dx: 1, dy: -2)
        pan.velocity = Velocity(x: 300.5, y: -40)
        pan.projectedTranslation = Offset(dx: 150, dy: -22.25)
        #expect(pan.jsonText == #"{"dx":1,"dy":-2,"gesture":"pan","id":1,"projectedDx":150,"projectedDy":-22.25,"state":"ended","t":4,"vx":300.5,"vy":-40}"#)
    }
}
