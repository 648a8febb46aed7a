import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

@Test func explore() throws {
    for gesture in Gesture.elementary {
        var line = "\(gesture.name):"
        for seed in UInt64(0)..<6 {
            for rate in [60, 120, 240] {
                let trace = try Support.synthesize(gesture, seed: seed, rate: rate)
                let events = Support.events(trace.samples, screen: trace.metadata.screen)
                line += " [\(Support.counts(events)) pinch \(Support.count(events, .pinch, .began)) rot \(Support.count(events, .rotation, .began))]"
            }
        }
        print(line)
    }
}
