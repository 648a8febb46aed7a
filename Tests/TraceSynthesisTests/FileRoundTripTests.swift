import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceSynthesis

/// Synthesized traces survive the file formats exactly: every value is on the storage grid.
@Suite struct FileRoundTripTests {
    private func scratchPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("synth-\(UUID().uuidString)-\(name)").path
    }

    @Test(arguments: Gesture.allCases)
    func aWrittenTraceReadsBackIdentically(_ gesture: Gesture) throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 21, rate: 240, sessionDuration: 30))
        let expected = synthesizer.synthesize(gesture)
        let path = scratchPath("\(gesture.name).touchtrace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = try synthesizer.write(gesture, toFileAt: path)
        #expect(summary.sampleCount == expected.samples.count)
        #expect(summary.quantizationError == QuantizationError())
        let reader = try TraceReader(path: path)
        #expect(reader.metadata == expected.metadata)
        var cursor = reader.makeCursor()
        var samples: [InputSample] = []
        while let sample = try cursor.next() { samples.append(sample) }
        #expect(samples == expected.samples)
    }

    @Test(arguments: [Gesture.pencilStroke, .modifierTap, .scrollWheel, .catch])
    func theJSONLinesFormReadsBackIdentically(_ gesture: Gesture) throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 5))
        let expected = synthesizer.synthesize(gesture)
        let path = scratchPath("\(gesture.name).jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try synthesizer.writeJSONLines(gesture, toFileAt: path)
        let reader = try JSONLinesReader(path: path)
        #expect(reader.metadata == expected.metadata)
        var samples: [InputSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples == expected.samples)
    }
}
