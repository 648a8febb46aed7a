import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

/// Exact counts of taps, double taps, long presses and pans on traces whose truth is known.
@Suite("recognition counts")
struct RecognitionCountTests {
    static let truth: [(Gesture, GestureCounts)] = [
        (.tap, GestureCounts(taps: 1)),
        (.doubleTap, GestureCounts(doubleTaps: 1)),
        (.longPress, GestureCounts(longPresses: 1)),
        (.modifierTap, GestureCounts(taps: 1)),
        (.drag, GestureCounts(pans: 1)),
        (.flick, GestureCounts(pans: 1)),
        (.reversal, GestureCounts(pans: 1)),
        // The flick, then the catching finger held still for 150–300 ms: a tap.
        (.catch, GestureCounts(taps: 1, pans: 1)),
        (.pause, GestureCounts(edgePans: 1)),
        (.homeFlick, GestureCounts(edgePans: 1)),
        (.backToApp, GestureCounts(edgePans: 1)),
        (.pencilStroke, GestureCounts(pans: 1)),
        (.multiFinger, GestureCounts(pans: 1)),
        (.pinch, GestureCounts()),
        (.rotate, GestureCounts()),
        (.pointerHover, GestureCounts()),
        (.scrollWheel, GestureCounts()),
    ]

    @Test("synthesized gestures, seeds 0–7 at 60, 120 and 240 Hz", arguments: truth.map(\.0))
    func synthesized(_ gesture: Gesture) throws {
        let expected = try #require(Self.truth.first { $0.0 == gesture }?.1)
        for seed in UInt64(0)..<8 {
            for rate in [60, 120, 240] {
                let trace = try Support.synthesize(gesture, seed: seed, rate: rate)
                let counts = Support.counts(Support.events(trace.samples, screen: trace.metadata.screen))
                #expect(counts == expected, "\(gesture.name) seed \(seed) at \(rate) Hz")
            }
        }
    }

    @Test("pinches and rotations are told apart", arguments: [Gesture.pinch, .rotate])
    func twoFingers(_ gesture: Gesture) throws {
        for seed in UInt64(0)..<8 {
            for rate in [60, 120, 240] {
                let trace = try Support.synthesize(gesture, seed: seed, rate: rate)
                let events = Support.events(trace.samples, screen: trace.metadata.screen)
                let pinches = Support.count(events, .pinch, .began)
                let rotations = Support.count(events, .rotation, .began)
                #expect(pinches == (gesture == .pinch ? 1 : 0), "\(gesture.name) seed \(seed) at \(rate) Hz")
                #expect(rotations == (gesture == .rotate ? 1 : 0), "\(gesture.name) seed \(seed) at \(rate) Hz")
                #expect(Support.count(events, gesture == .pinch ? .pinch : .rotation, .ended) == 1)
            }
        }
    }

    @Test("a session of every gesture: counts match its segments")
    func session() throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 3, rate: 120, sessionDuration: 60))
        let trace = synthesizer.synthesize(.session)
        let events = Support.events(trace.samples, screen: trace.metadata.screen)
        var expected = GestureCounts()
        for segment in trace.segments {
            guard let truth = Self.truth.first(where: { $0.0 == segment.gesture })?.1 else { continue }
            expected.taps += truth.taps
            expected.doubleTaps += truth.doubleTaps
            expected.longPresses += truth.longPresses
            expected.pans += truth.pans
            expected.edgePans += truth.edgePans
        }
        #expect(trace.segments.count >= 17)
        #expect(Support.counts(events) == expected)
    }
}

/// The same on the real recordings in ../shared/data/evemu.
@Suite("recognition counts on real recordings", .enabled(if: Support.hasRecordings, Support.skipMessage))
struct RealRecordingCountTests {
    static let truth: [(String, GestureCounts)] = [
        ("Wacom_ISDv4_E6_Finger.single-tap-center.events", GestureCounts(taps: 1)),
        ("Wacom_ISDv4_E6_Finger.double-tap-center.events", GestureCounts(doubleTaps: 1)),
        ("Wacom_ISDv4_E6_Finger.single-center-scroll.events", GestureCounts(pans: 1)),
        ("EP0430M09.1-finger-drag-up-down.events", GestureCounts(pans: 1)),
        // Two fingers scrolling together: one pan of their centroid, no pinch.
        ("EP0430M09.2-finger-scroll-down.events", GestureCounts(pans: 1)),
        // Two fingers landing and lifting together: a two-finger tap, which none recognizes.
        ("EP0430M09.2-fingers-touch-release.events", GestureCounts()),
        ("QUANTA_OpticalTouchScreen.touch-hover.events", GestureCounts(pans: 1)),
    ]

    @Test(arguments: truth.map(\.0))
    func recording(_ name: String) throws {
        let expected = try #require(Self.truth.first { $0.0 == name }?.1)
        let trace = try Support.recording(name)
        let events = Support.events(trace.samples, screen: trace.metadata.screen)
        #expect(Support.counts(events) == expected)
        #expect(Support.count(events, .pinch, .began) == 0)
        #expect(Support.count(events, .rotation, .began) == 0)
    }

    @Test("the real single tap waits exactly the double-tap timeout")
    func singleTapDelay() throws {
        let trace = try Support.recording("Wacom_ISDv4_E6_Finger.single-tap-center.events")
        let events = Support.events(trace.samples, screen: trace.metadata.screen)
        let tap = try #require(events.first { $0.gesture == .tap && $0.state == .recognized })
        let lift = try #require(trace.samples.last { $0.kind == .touch && $0.phase == .ended })
        #expect(tap.delay == 300_000_000)
        #expect(tap.time == lift.time + 300_000_000)
    }
}
