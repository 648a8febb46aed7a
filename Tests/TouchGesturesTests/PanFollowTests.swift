import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

/// `follow(_:)` (what a scene feeds its pan) moves a pan through exactly the states and
/// values `handle(_:events:)` does, only without building the events.
@Suite struct PanFollowTests {
    /// Feeds every contact sample of `samples` to two copies of `recognizer`, one through each
    /// entry point, starting both afresh at a touch-down after a finished gesture (as a scene
    /// does). Returns the index of the first sample after which they differ, if any, and the
    /// events `handle` built.
    static func compare<R: GestureRecognizer>(_ recognizer: R, _ samples: [InputSample],
                                              follow: (inout R, InputSample) -> Void) -> (firstDifference: Int?, events: Int) {
        var handled = recognizer, followed = recognizer
        var events: [GestureEvent] = []
        for (index, sample) in samples.enumerated() where sample.isContactSample {
            if sample.phase == .began && handled.state.isTerminal {
                handled.reset()
                followed.reset()
            }
            handled.handle(sample, events: &events)
            follow(&followed, sample)
            if handled != followed { return (index, events.count) }
        }
        return (nil, events.count)
    }

    @Test func aPanFollowsAsItHandles() {
        let samples = Array(MixedSession(seed: 3, duration: 40))
        let result = Self.compare(PanRecognizer(), samples) { $0.follow($1) }
        #expect(result.firstDifference == nil)
        // The events follow() does not build: one per moving sample of every pan.
        #expect(result.events > 5_000)
    }

    @Test func anEdgePanFollowsAsItHandles() {
        let session = MixedSession(seed: 3, duration: 40)
        let screen = Rect(screen: session.metadata.screen)
        let samples = Array(session)
        let result = Self.compare(EdgePanRecognizer(screen: screen, edges: .bottom), samples) { $0.follow($1) }
        #expect(result.firstDifference == nil)
    }
}
