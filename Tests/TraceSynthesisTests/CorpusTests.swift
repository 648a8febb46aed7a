import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceSynthesis

/// The bundled corpus (Traces/) is what its manifest's recipes make, byte for byte.
@Suite("The bundled Traces/ corpus")
struct CorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let manifest = root.appendingPathComponent("Traces/manifest.json").path

    @Test("every recipe regenerates its committed file byte for byte")
    func regenerates() throws {
        let suite = try TraceSuite.load(from: Self.manifest)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var rebuilt = 0
        for entry in suite.traces {
            let recipe = try SynthesisRecipe(try #require(entry.recipe))
            let path = scratch.appendingPathComponent(entry.file).path
            try GestureSynthesizer(options: recipe.options).write(recipe.gesture, toFileAt: path)
            let committed = try Data(contentsOf: URL(fileURLWithPath: TraceSuite.path(of: entry, manifestPath: Self.manifest)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == committed, "\(entry.file) differs from its recipe's output")
            rebuilt += 1
        }
        #expect(rebuilt == suite.traces.count)
    }

    @Test("the corpus covers every gesture, each file verifies, stays under 200 KB and carries its markers")
    func coverage() throws {
        let suite = try TraceSuite.load(from: Self.manifest)
        #expect(suite.traces.count >= 12)
        var gestures = Set<Gesture>()
        for entry in suite.traces {
            let recipe = try SynthesisRecipe(try #require(entry.recipe))
            gestures.insert(recipe.gesture)
            let path = TraceSuite.path(of: entry, manifestPath: Self.manifest)
            let reader = try TraceReader(path: path)
            let report = try reader.verify()
            #expect(report.byteCount < 200_000, "\(entry.file) is \(report.byteCount) bytes")
            #expect(!entry.scenes.isEmpty)
            var labels = Set<String>()
            var cursor = reader.makeCursor()
            while let sample = try cursor.next() { if let label = sample.label { labels.insert(label) } }
            switch recipe.gesture {
            case .reversal, .backToApp, .catch: #expect(labels.contains("redirect"), "\(entry.file)")
            case .pause: #expect(labels.contains("pause"), "\(entry.file)")
            case .flick, .homeFlick: #expect(labels.contains("release"), "\(entry.file)")
            case .session: #expect(labels.isSuperset(of: ["redirect", "pause", "release"]))
            default: break
            }
        }
        #expect(gestures == Set(Gesture.allCases))
        let session = try #require(suite.traces.first { $0.recipe?["gesture"] == "session" })
        let stats = try TraceStatistics(reader: try TraceReader(path: TraceSuite.path(of: session, manifestPath: Self.manifest)))
        #expect(stats.duration >= 120_000_000_000, "the session lasts a few minutes")
    }
}
