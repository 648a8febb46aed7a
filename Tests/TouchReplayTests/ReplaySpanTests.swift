import Testing
import TouchInput
import TouchTrace
@testable import TouchReplay

/// Issue 15 (hostile report H1): a contact from −(2⁶² − 1) to 2⁶² − 1 ns trapped the probes,
/// which subtract a sample's time from a presentation a frame after another sample.
@Suite("Replay span: times within 2^62 − 1 ns of the first sample")
struct ReplaySpanTests {
    private static func trace(from first: Int64, to last: Int64, kind: SampleKind) -> [InputSample] {
        let phases: (SamplePhase, SamplePhase) = kind.isContact && kind != .pointer ? (.began, .ended) : (.moved, .moved)
        return [InputSample(time: first, kind: kind, phase: phases.0, id: 1, x: 10, y: 10),
                InputSample(time: first &+ 8_000_000, kind: kind, phase: kind.isContact && kind != .pointer ? .moved : phases.1, id: 1, x: 20, y: 10),
                InputSample(time: last, kind: kind, phase: phases.1, id: 1, x: 300, y: 10)]
    }

    @Test("a trace spanning the whole time range is refused naming its first and last samples, in every scene",
          arguments: SceneKind.names)
    func wholeRangeRefused(scene: String) throws {
        for kind in [SampleKind.touch, .pointer] {
            let samples = Self.trace(from: -SampleTime.limit, to: SampleTime.limit, kind: kind)
            let error = try #require(throws: TraceFileError.self) {
                try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: scene,
                                    settings: ReplaySettings(mode: .virtual), traceName: "wide.jsonl")
            }
            #expect(error.description == "wide.jsonl: spans more than 2^62 − 1 ns (about 146 years) from its first sample at -4611686018427387903 ns to a sample at 4611686018427387903 ns, more than replay's frame times can hold.")
        }
    }

    @Test("a trace spanning exactly 2^62 − 1 ns replays in every scene, skipping the idle time",
          arguments: SceneKind.names)
    func longestSpanReplays(scene: String) throws {
        for kind in [SampleKind.touch, .pointer] {
            for first in [Int64(0), -SampleTime.limit] {
                let samples = Self.trace(from: first, to: first + SampleTime.limit, kind: kind)
                let record = try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: scene,
                                                 settings: ReplaySettings(mode: .virtual), traceName: "long.jsonl")
                #expect(record.samples == 3)
                #expect(record.frames < 1_000, "idle time between the samples is skipped")
            }
        }
    }

    /// Hostile report 17: 64 000 fingers down at once took replay 20 s (every recognizer and
    /// probe looks at each contact down on each frame); replay follows at most 256.
    @Test("more contacts down at once than replay follows are refused; as many down in turn replay", arguments: ["scroll", "pinch", "press"])
    func contactsDownAtOnce(scene: String) throws {
        let limit = ReplaySpan.maximumContactsDown
        func fingers(_ count: Int, liftEach: Bool) -> [InputSample] {
            var samples: [InputSample] = []
            for index in 0..<count {
                let time = Int64(index) * 2_000_000, id = UInt32(index + 1)
                samples.append(InputSample(time: time, kind: .touch, phase: .began, id: id, x: 10, y: 10))
                if liftEach { samples.append(InputSample(time: time + 1_000_000, kind: .touch, phase: .ended, id: id, x: 10, y: 10)) }
            }
            return samples
        }
        let replay = { (samples: [InputSample]) in
            try Replayer.replay(samples: samples, metadata: TraceMetadata(), sceneNamed: scene,
                                settings: ReplaySettings(mode: .virtual), traceName: "many.jsonl")
        }
        _ = try replay(fingers(limit, liftEach: false))
        _ = try replay(fingers(limit * 4, liftEach: true))
        let error = try #require(throws: TraceFileError.self) { try replay(fingers(limit + 1, liftEach: false)) }
        #expect(error.description == "many.jsonl: has more than 256 contacts down at once (at \(Int64(limit) * 2_000_000) ns), more than replay follows or any digitizer reports.")
    }
}
