import AllocationCounter
import Foundation
import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

@Suite struct GestureScaleTests {
    /// The JSON each event streams as is what Foundation writes for the same object with
    /// sorted keys (the form `gestures --json` had when it built one array at the end).
    @Test func jsonTextMatchesFoundation() throws {
        let session = MixedSession(seed: 12, duration: 90)
        let events = StandardArena.events(of: session, screen: Rect(screen: session.metadata.screen))
        #expect(events.count > 1000)
        #expect(Set(events.map(\.gesture)).count >= 8)
        for event in events {
            var object: [String: Any] = [
                "gesture": event.gesture.name, "state": event.state.rawValue, "t": event.time, "id": event.contact,
            ]
            if let location = event.location { object["x"] = location.x; object["y"] = location.y }
            if let translation = event.translation { object["dx"] = translation.dx; object["dy"] = translation.dy }
            if let velocity = event.velocity { object["vx"] = velocity.x; object["vy"] = velocity.y }
            if let projected = event.projectedTranslation {
                object["projectedDx"] = projected.dx
                object["projectedDy"] = projected.dy
            }
            if let scale = event.scale { object["scale"] = scale }
            if let velocity = event.scaleVelocity { object["scaleVelocity"] = velocity }
            if let rotation = event.rotation { object["rotation"] = rotation }
            if let velocity = event.rotationVelocity { object["rotationVelocity"] = velocity }
            if let detector = event.detector { object["detector"] = detector.rawValue }
            if let delay = event.delay { object["delayMs"] = Double(delay) / 1e6 }
            if let target = event.target { object["target"] = target }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            #expect(event.jsonText == String(decoding: data, as: UTF8.self))
        }
    }

    /// The arena's heap work per sample (allocations and bytes, counted on this thread) is
    /// the same for a trace four times as long and for one with eight times the markers:
    /// it keeps nothing per sample or per gesture once a contact has lifted.
    @Test func heapWorkPerSampleDoesNotGrowWithLengthOrMarkers() throws {
        try #require(allocation_counter_is_active() != 0)
        func cost(_ samples: [InputSample], _ screen: Rect?) -> (allocations: Double, bytes: Double, events: Int) {
            var arena = StandardArena(screen: screen)
            var events = 0
            let before = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
            for sample in samples { events += arena.handle(sample).count }
            events += arena.finish().count
            let after = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
            let n = Double(samples.count)
            return (Double(after.0 - before.0) / n, Double(after.1 - before.1) / n, events)
        }
        let short = MixedSession(seed: 3, duration: 40), long = MixedSession(seed: 3, duration: 160)
        let screen = Rect(screen: short.metadata.screen)
        let shortCost = cost(Array(short), screen), longCost = cost(Array(long), screen)
        #expect(longCost.events > 3 * shortCost.events)
        #expect(longCost.allocations <= shortCost.allocations * 1.2 + 0.01, "\(shortCost) → \(longCost)")
        #expect(longCost.bytes <= shortCost.bytes * 1.2 + 16, "\(shortCost) → \(longCost)")
        var seen = 0
        let sparse = Array(long).filter { sample in
            guard sample.kind == .marker else { return true }
            defer { seen += 1 }
            return seen % 8 == 0
        }
        let sparseCost = cost(sparse, screen)
        #expect(longCost.allocations <= sparseCost.allocations * 1.2 + 0.01)
        #expect(longCost.bytes <= sparseCost.bytes * 1.2 + 16)
    }
    /// `touchbench gestures --json --verbose`'s path (``StandardArena/EventStream`` into
    /// ``GestureEventJSONArray``, every event's text made and dropped as the CLI writes it)
    /// allocates the same per sample over a trace four times as long: nothing is kept.
    @Test func theStreamedJSONPathKeepsNothingPerSample() throws {
        try #require(allocation_counter_is_active() != 0)
        func cost(_ session: MixedSession) throws -> (allocations: Double, bytes: Double, large: UInt64, events: Int) {
            let samples = Array(session)
            var array = GestureEventJSONArray()
            var characters = 0
            let large = allocation_counter_thread_large_allocations()
            let before = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
            var stream = StandardArena.EventStream(screen: Rect(screen: session.metadata.screen), everyChange: true)
            for sample in samples { stream.feed(sample) { event in characters += array.text(adding: event).utf8.count } }
            stream.finish { event in characters += array.text(adding: event).utf8.count }
            let after = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
            let n = Double(samples.count)
            #expect(characters > 100 * array.count)
            return (Double(after.0 - before.0) / n, Double(after.1 - before.1) / n,
                    allocation_counter_thread_large_allocations() - large, array.count)
        }
        let shortCost = try cost(MixedSession(seed: 5, duration: 40))
        let longCost = try cost(MixedSession(seed: 5, duration: 160))
        #expect(longCost.events > 3 * shortCost.events)
        #expect(longCost.allocations <= shortCost.allocations * 1.2 + 0.01, "\(shortCost) → \(longCost)")
        #expect(longCost.bytes <= shortCost.bytes * 1.2 + 16, "\(shortCost) → \(longCost)")
        // Kept events would show as an array's doublings past 64 KiB, more of them the longer the trace.
        #expect(longCost.large <= shortCost.large, "\(shortCost) → \(longCost)")
    }

    /// The arena ticks a recognizer only when its deadline is due or it watches time (the
    /// protocol's contract): a tick before every sample would otherwise call all of them.
    @Test func theArenaTicksOnlyRecognizersThatAreDueOrWatchTime() {
        var arena = GestureArena()
        let idle = arena.add(TickCounter(deadline: nil, watches: false))
        let watching = arena.add(TickCounter(deadline: nil, watches: true))
        let due = arena.add(TickCounter(deadline: 5_000, watches: false))
        for step in 1...10 {
            let phase: SamplePhase = step == 1 ? .began : .moved
            arena.handle(InputSample(time: Int64(step) * 1_000, kind: .touch, phase: phase, id: 1, x: 10, y: 10))
        }
        #expect(arena[idle]?.ticks == 0)
        #expect(arena[watching]?.ticks == 10)
        // Due from the fifth sample's time on (5 000 ns … 10 000 ns).
        #expect(arena[due]?.ticks == 6)
        #expect(arena.nextDeadline == 5_000)
    }

    /// Driven as `StandardArena` drives it — through the deadlines to a sample's time, then
    /// the sample, which ticks to that time again — a recognizer is ticked once per time: the
    /// repeat after a tick that emitted nothing is skipped (it was two ticks per sample).
    @Test func aQuietTickIsNotRepeatedAtTheSameTime() {
        var arena = GestureArena()
        let watching = arena.add(TickCounter(deadline: nil, watches: true))
        let due = arena.add(TickCounter(deadline: 5_000, watches: false))
        var out: [GestureEvent] = []
        for step in 1...10 {
            let phase: SamplePhase = step == 1 ? .began : .moved
            let time = Int64(step) * 1_000
            arena.advance(throughDeadlinesUpTo: time, into: &out)
            arena.handle(InputSample(time: time, kind: .touch, phase: phase, id: 1, x: 10, y: 10), into: &out)
        }
        // Another sample at the same time ticks again: the first may have changed what is due.
        arena.handle(InputSample(time: 10_000, kind: .touch, phase: .moved, id: 1, x: 11, y: 10), into: &out)
        #expect(arena[watching]?.ticks == 11)
        #expect(arena[due]?.ticks == 7)
        #expect(out.isEmpty)
    }
}

/// An observer that counts the ticks it is given.
private struct TickCounter: GestureRecognizer {
    var deadline: Int64?
    var watches: Bool
    var ticks = 0
    var gesture: GestureKind { .pause }
    var state: RecognizerState { .possible }
    var role: ArenaRole { .observer }
    var hasClaimed: Bool { false }
    var nextDeadline: Int64? { deadline }
    var watchesTime: Bool { watches }
    func wantsContact(_ sample: InputSample) -> Bool { true }
    mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {}
    mutating func advance(to time: Int64, events: inout [GestureEvent]) { ticks += 1 }
    mutating func cancel(at time: Int64, events: inout [GestureEvent]) {}
    mutating func reset() {}
}
