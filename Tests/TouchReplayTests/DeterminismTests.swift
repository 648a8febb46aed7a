import Foundation
import Testing
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

@Suite struct DeterminismTests {
    @Test(arguments: SceneKind.names)
    func twoVirtualRunsGiveTheSameBytes(scene: String) throws {
        let trace = try synthesize(.session, seed: 4, rate: 120, noise: .standard)
        let first = try replay(trace, scene: scene)
        let second = try replay(trace, scene: scene)
        #expect(first.withoutTiming.jsonText == second.withoutTiming.jsonText)
        for (name, summary) in first.metrics where !name.isAlwaysTiming {
            #expect(summary.kind == .deterministic)
            #expect(summary == second.metrics[name])
        }
        #expect(first.events == second.events)
    }

    @Test func streamingFromAFileGivesWhatMemoryGives() throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 9, rate: 240))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).touchtrace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try synthesizer.write(.catch, toFileAt: path)
        let reader = try TraceReader(path: path)
        let fromFile = try Replayer.replay(reader: reader, sceneNamed: "scroll", traceName: "t")
        let trace = synthesizer.synthesize(.catch)
        let fromMemory = try Replayer.replay(samples: trace.samples, metadata: trace.metadata, sceneNamed: "scroll", traceName: "t")
        #expect(fromFile.withoutTiming.jsonText == fromMemory.withoutTiming.jsonText)
    }

    @Test func resultJSONHasTheRunSchema() throws {
        let result = try replay(try synthesize(.reversal, seed: 1), scene: "scroll")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.jsonText.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "touchbench.run/1")
        #expect(object["mode"] as? String == "virtual")
        #expect(object["rate"] as? String == "max")
        let metrics = try #require(object["metrics"] as? [String: [String: Any]])
        for name in MetricName.allCases {
            let summary = try #require(metrics[name.rawValue], "\(name.rawValue)")
            for key in ["kind", "count", "mean", "p50", "p95", "p99", "max", "stddev"] {
                #expect(summary[key] != nil, "\(name.rawValue).\(key)")
            }
        }
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["source"] as? String == "marker")
        #expect(events.first?["kind"] as? String == "redirect")
        #expect(events.first?["responseMs"] is Double)
    }

    @Test func unknownSceneIsAnError() {
        #expect(throws: ReplayError.self) {
            try Replayer.makeScene("no-such-scene", metadata: TraceMetadata(), settings: ReplaySettings())
        }
    }
}
