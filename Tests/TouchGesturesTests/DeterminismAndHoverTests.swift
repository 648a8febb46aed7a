import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

@Suite("determinism")
struct DeterminismTests {
    @Test("the arena's state after every sample is the same on every run", arguments: [UInt64(5), 11])
    func sameStateAfterEverySample(seed: UInt64) throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: 240, sessionDuration: 40))
        let trace = synthesizer.synthesize(.session)
        let screen = Rect(screen: trace.metadata.screen)
        var first = StandardArena(screen: screen)
        var second = StandardArena(screen: screen)
        var firstEvents: [GestureEvent] = []
        var mismatches = 0
        for sample in trace.samples {
            firstEvents += first.handle(sample)
            _ = second.handle(sample)
            if first.arena != second.arena { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(trace.samples.count > 3_000)
        // A fresh run gives the same events, to the last field.
        #expect(StandardArena.events(of: trace.samples, screen: screen) == firstEvents + first.finish())
    }

    @Test("arenas that saw different samples are not equal")
    func equalityNoticesDifferences() {
        var a = StandardArena(screen: nil)
        let b = StandardArena(screen: nil)
        _ = a.handle(InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 10, y: 10))
        #expect(a.arena != b.arena)
    }
}

@Suite("pointer hover")
struct HoverTests {
    static let targets = [
        HoverTarget(frame: Rect(x: 300, y: 100, width: 60, height: 40), hasBorder: true),
        HoverTarget(frame: Rect(x: 300, y: 300, width: 60, height: 40), hasBorder: false),
    ]

    @Test("hit regions are padded 12 pt with a border, 24 pt without")
    func padding() {
        let hover = HoverRecognizer(targets: Self.targets)
        #expect(hover.target(containing: Point(x: 372, y: 120)) == 0)
        #expect(hover.target(containing: Point(x: 372.5, y: 120)) == nil)
        #expect(hover.target(containing: Point(x: 384, y: 320)) == 1)
        #expect(hover.target(containing: Point(x: 384.5, y: 320)) == nil)
    }

    @Test("a hovering pencil gets the pointer's hover effects; a touching one does not", arguments: [SampleKind.pointer, .pencil])
    func pencilHover(kind: SampleKind) throws {
        var hover = HoverRecognizer(targets: Self.targets)
        var events: [GestureEvent] = []
        #expect(hover.wantsContact(InputSample(time: 0, kind: kind, phase: .hoverEntered, id: 4, x: 330, y: 120)))
        #expect(!hover.wantsContact(InputSample(time: 0, kind: kind, phase: .began, id: 4, x: 330, y: 120)))
        hover.handle(InputSample(time: 0, kind: kind, phase: .hoverEntered, id: 4, x: 330, y: 120), events: &events)
        #expect(hover.hoveredTarget == 0)
        #expect(events.first?.state == .began && events.first?.target == 0)
    }

    @Test("a decelerating pointer is pulled toward the target it heads for before it arrives")
    func magnetism() throws {
        var hover = HoverRecognizer(targets: Self.targets)
        var events: [GestureEvent] = []
        // Toward target 1's centre (330, 320) from (100, 320), easing out over 400 ms at 120 Hz.
        var headingFirstAt: Double?
        var overFirstAt: Double?
        for step in 0...48 {
            let progress = Double(step) / 48
            let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
            let phase: SamplePhase = step == 0 ? .hoverEntered : .hoverMoved
            let x = 100 + 230 * eased
            hover.handle(InputSample(time: Int64(step) * 8_333_333, kind: .pointer, phase: phase, id: 9, x: x, y: 320), events: &events)
            if headingFirstAt == nil, hover.headingTarget == 1 { headingFirstAt = x }
            if overFirstAt == nil, hover.hoveredTarget == 1 { overFirstAt = x }
        }
        let heading = try #require(headingFirstAt)
        let over = try #require(overFirstAt)
        #expect(heading < 276 - 20, "the projection reaches the padded region well before the pointer")
        #expect(over >= 276)
        let began = try #require(events.first)
        #expect(began.state == .began && began.target == 1)
        #expect(began.location.map { $0.x < 276 } == true)
        let magnetized = try #require(hover.magnetizedLocation)
        #expect(abs(magnetized.x - 330) < abs((hover.location?.x ?? 0) - 330) + 1e-12)
        hover.handle(InputSample(time: 500_000_000, kind: .pointer, phase: .hoverExited, id: 9, x: 330, y: 320), events: &events)
        #expect(events.last?.state == .ended)
    }
}

@Suite("hostile input")
struct HostileInputTests {
    @Test("thousands of touches that never lift: the arena follows at most 32, and every sample stays cheap")
    func manySimultaneousContacts() {
        var arena = StandardArena(screen: Rect(x: 0, y: 0, width: 390, height: 844))
        var time: Int64 = 0
        for pass in 0..<2 {
            for id in 1...5_000 {
                time += 100_000
                let phase: SamplePhase = pass == 0 ? .began : .moved
                _ = arena.handle(InputSample(time: time, kind: .touch, phase: phase, id: UInt32(id),
                                             x: Double(id % 390), y: Double((id + pass * 7) % 844)))
                #expect(arena.arena.contacts.count <= GestureArena.maximumContacts)
            }
        }
        #expect(arena.arena.contacts.count == GestureArena.maximumContacts)
        // The contacts followed are the first 32 to land; lifting one frees a place.
        _ = arena.handle(InputSample(time: time + 1, kind: .touch, phase: .ended, id: 1, x: 1, y: 0))
        #expect(arena.arena.contacts.count == GestureArena.maximumContacts - 1)
    }
}
