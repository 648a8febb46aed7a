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

    /// The members as an event reported them before they were listed in key order: a
    /// dictionary filled field by field (the reference the ordered list must match).
    static func referenceMembers(_ event: GestureEvent) -> [String: GestureEvent.ReportValue] {
        var members: [String: GestureEvent.ReportValue] = [
            "gesture": .text(event.gesture.name), "state": .text(event.state.rawValue), "t": .integer(event.time),
            "id": .integer(Int64(event.contact)),
        ]
        if let location = event.location { members["x"] = .number(location.x); members["y"] = .number(location.y) }
        if let translation = event.translation { members["dx"] = .number(translation.dx); members["dy"] = .number(translation.dy) }
        if let velocity = event.velocity { members["vx"] = .number(velocity.x); members["vy"] = .number(velocity.y) }
        if let projected = event.projectedTranslation {
            members["projectedDx"] = .number(projected.dx)
            members["projectedDy"] = .number(projected.dy)
        }
        if let scale = event.scale { members["scale"] = .number(scale) }
        if let scaleVelocity = event.scaleVelocity { members["scaleVelocity"] = .number(scaleVelocity) }
        if let rotation = event.rotation { members["rotation"] = .number(rotation) }
        if let rotationVelocity = event.rotationVelocity { members["rotationVelocity"] = .number(rotationVelocity) }
        if let detector = event.detector { members["detector"] = .text(detector.rawValue) }
        if let delay = event.delay { members["delayMs"] = .number(Double(delay) / 1e6) }
        if let target = event.target { members["target"] = .integer(Int64(target)) }
        return members
    }

    static func bits(_ value: GestureEvent.ReportValue) -> String {
        switch value {
        case .text(let text): "text \(text)"
        case .integer(let integer): "integer \(integer)"
        case .number(let number): "number \(number.bitPattern)"
        }
    }

    @Test("each event reports the members it carries, and its text is the writer's layout of them",
          arguments: [1, 2, 3])
    func textIsTheWritersLayout(seed: UInt64) {
        for event in Self.events(count: 2_000, seed: seed) {
            let reference = Self.referenceMembers(event), members = event.reportMembers
            // Bit for bit (a NaN member is not `==` itself).
            #expect(Set(members.keys) == Set(reference.keys))
            #expect(members.allSatisfy { key, value in Self.bits(value) == reference[key].map(Self.bits) })
            // The reference dictionary, laid out by the writer (keys sorted), is the text.
            #expect(event.jsonText == JSONWriter.text(.object(reference.map { ($0.key, $0.value.jsonValue) }), style: .compact))
            #expect(event.jsonText == JSONWriter.text(event.jsonValue, style: .compact))
        }
    }

    /// Members are handed over in the writer's order of keys, so writing them in turn lays the
    /// object out as the writer does.
    @Test func membersComeInKeyOrder() {
        let names = GestureEvent.ReportKey.allCases.map(\.name)
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 < $1 })
        for event in Self.events(count: 500, seed: 9) {
            var keys: [Int] = []
            event.forEachReportMember { key, _ in keys.append(key.rawValue) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
            #expect(keys.count == event.reportMembers.count)
        }
    }

    @Test func everyMemberReadsAsBefore() {
        var event = GestureEvent(gesture: .pinch, state: .changed, time: 1_000, contact: 4)
        event.location = Point(x: 1.5, y: -2)
        event.translation = Offset(dx: 3, dy: 4)
        event.velocity = Velocity(x: 5, y: 6.25)
        event.projectedTranslation = Offset(dx: 7, dy: 8)
        event.scale = 1.5
        event.scaleVelocity = -0.5
        event.rotation = 0.25
        event.rotationVelocity = 2
        event.detector = .timer
        event.delay = 300_000_000
        event.target = 9
        #expect(event.jsonText == #"{"delayMs":300,"detector":"timer","dx":3,"dy":4,"gesture":"pinch","id":4,"projectedDx":7,"projectedDy":8,"rotation":0.25,"rotationVelocity":2,"scale":1.5,"scaleVelocity":-0.5,"state":"changed","t":1000,"target":9,"vx":5,"vy":6.25,"x":1.5,"y":-2}"#)
    }

    @Test func aPanEndedReadsAsBefore() {
        var pan = GestureEvent(gesture: .pan, state: .ended, time: 4, contact: 1)
        pan.translation = Offset(dx: 1, dy: -2)
        pan.velocity = Velocity(x: 300.5, y: -40)
        pan.projectedTranslation = Offset(dx: 150, dy: -22.25)
        #expect(pan.jsonText == #"{"dx":1,"dy":-2,"gesture":"pan","id":1,"projectedDx":150,"projectedDy":-22.25,"state":"ended","t":4,"vx":300.5,"vy":-40}"#)
    }
}
