import Foundation
import Testing
import TouchTrace
import TraceSynthesis

/// Hostile report 4, finding 05: `synth --suite` checks the whole manifest before it writes a
/// file, and refuses one file named with two recipes (the second was written over the first).
@Suite struct SuiteSynthesisTests {
    private func entry(_ file: String, _ recipe: [String: String]?, _ scene: String = "scroll") -> TraceSuite.Entry {
        TraceSuite.Entry(file: file, scenes: [scene], recipe: recipe)
    }

    @Test func oneFileWithTwoRecipesIsRefused() throws {
        let suite = TraceSuite(traces: [entry("a.touchtrace", ["gesture": "tap", "seed": "1"], "button"),
                                        entry("./a.touchtrace", ["gesture": "flick", "seed": "2"])])
        let problem = try #require(throws: SuiteSynthesis.Problem.self) { try SuiteSynthesis(suite, manifestPath: "/tmp/x/suite.json") }
        #expect(problem.file == "./a.touchtrace")
        #expect(problem.reason == "'a.touchtrace' and './a.touchtrace' name one file with different recipes; the second would be written over the first, so none is written")
        // Spelt another way too.
        let other = TraceSuite(traces: [entry("d/a.touchtrace", ["gesture": "tap"]), entry("d//./a.touchtrace", ["gesture": "tap", "seed": "3"])])
        #expect(throws: SuiteSynthesis.Problem.self) { try SuiteSynthesis(other, manifestPath: "/tmp/x/suite.json") }
    }

    @Test func oneFileWithOneRecipeIsMadeOnce() throws {
        let suite = TraceSuite(traces: [entry("a.touchtrace", ["gesture": "tap", "seed": "1"], "button"),
                                        entry("./a.touchtrace", ["seed": "01", "gesture": "tap"], "scroll"),
                                        entry("b.touchtrace", nil),
                                        entry("c.touchtrace", ["gesture": "flick"])])
        let plan = try SuiteSynthesis(suite, manifestPath: "/tmp/x/suite.json")
        #expect(plan.traces.map(\.file) == ["a.touchtrace", "c.touchtrace"])
        #expect(plan.traces.map(\.path) == ["/tmp/x/a.touchtrace", "/tmp/x/c.touchtrace"])
        #expect(plan.traces.map(\.recipe.gesture) == [.tap, .flick])
    }

    @Test func aBadRecipeIsRefusedBeforeAnyFileIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("suite.json").path
        let suite = TraceSuite(traces: [entry("a.touchtrace", ["gesture": "tap"]), entry("b.touchtrace", ["gesture": "nope"])])
        let problem = try #require(throws: SuiteSynthesis.Problem.self) { try SuiteSynthesis(suite, manifestPath: manifest) }
        #expect(problem.file == "b.touchtrace")
        #expect(problem.reason == "the recipe of b.touchtrace is invalid: there is no gesture named 'nope': run `touchbench synth --list` for the names.")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let rate = TraceSuite(traces: [entry("a.touchtrace", ["gesture": "tap", "rate": "7"])])
        #expect(throws: SuiteSynthesis.Problem.self) { try SuiteSynthesis(rate, manifestPath: manifest) }
        // A good manifest writes each trace, the bytes of the synthesizer's own write.
        let good = try SuiteSynthesis(TraceSuite(traces: [entry("a.touchtrace", ["gesture": "tap", "seed": "4"])]), manifestPath: manifest)
        let summary = try SuiteSynthesis.write(try #require(good.traces.first))
        let reference = folder.appendingPathComponent("reference.touchtrace").path
        try GestureSynthesizer(options: SynthesisOptions(seed: 4)).write(.tap, toFileAt: reference)
        #expect(summary.sampleCount == (try TraceReader(path: reference).sampleCount))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("a.touchtrace").path) == FileManager.default.contents(atPath: reference))
    }
}
