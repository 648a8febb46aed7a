import Testing
import TestSupport
import TouchDynamics
import TouchGestures
import TouchInput
import TouchTrace
import TraceFormats

/// `touchbench gestures FILE --json` and `velocity FILE --json` on every trace of the bundled
/// corpus, byte for byte (Tests/Goldens/cli), along the CLI's path: the input opened as a
/// sample source, the standard arena (state changes other than `changed`) or the lift
/// tracker, the library's JSON. The goldens were written by the CLI while it still used
/// Foundation's `JSONSerialization`.
@Suite("Golden gestures and velocity --json")
struct GesturesGoldenTests {
    static func source(_ trace: String) throws -> any SampleSource {
        try TraceInput(path: Golden.packageRoot.appendingPathComponent("Traces/\(trace).touchtrace").path).source
    }

    @Test("gestures --json is byte-identical to the golden", arguments: Golden.corpusTraces)
    func gestures(trace: String) throws {
        let source = try Self.source(trace)
        var arena = StandardArena(screen: Rect(screen: source.metadata.screen))
        var events: [GestureEvent] = []
        while let sample = try source.nextSample() { events += arena.handle(sample).filter { $0.state != .changed } }
        events += arena.finish().filter { $0.state != .changed }
        #expect(try Golden.mismatch(GestureEventJSONArray.document(events), against: "cli/gestures-\(trace).json") == nil)
    }

    @Test("velocity --json is byte-identical to the golden", arguments:
            Golden.corpusTraces.map { ($0, VelocityStrategy.lsq2, "velocity-\($0).json") }
            + [("flick", .impulse, "velocity-impulse-flick.json"), ("drag", .naive, "velocity-naive-drag.json")])
    func velocity(trace: String, strategy: VelocityStrategy, golden: String) throws {
        let source = try Self.source(trace)
        var tracker = LiftVelocityTracker(strategy: strategy)
        var lifts: [LiftVelocityTracker.Lift] = []
        while let sample = try source.nextSample() {
            if let lift = tracker.add(sample) { lifts.append(lift) }
        }
        #expect(try Golden.mismatch(LiftVelocityTracker.Lift.jsonText(lifts) + "\n", against: "cli/\(golden)") == nil)
    }
}
