import BenchReports
import RunRecord
import Foundation
import Testing
import TouchTrace

/// `touchbench bench --json` over the bundled corpus, byte for byte: the guard that moving
/// code between modules changes no output. It runs the same path as the CLI (the suite,
/// `Replaying`, `BenchRunner`, `BenchResult.jsonText`) with two things pinned, because they
/// differ from one machine or run to the next (Tests/Goldens/README.md):
/// - the environment (OS, CPU, cores, build) is a fixed one; its settings are the replayer's;
/// - every timing metric (measured CPU time, throughput) keeps its name and kind but gets
///   fixed values, so the file still shows which timing metrics a run has and how they are
///   written.
/// Set TOUCHBENCH_UPDATE_GOLDENS=1 to rewrite the golden after a deliberate change.
@Suite("Golden bench output")
struct GoldenBenchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("bench --json on the virtual clock over Traces/ is byte-identical to the golden")
    func benchJSON() throws {
        let manifest = Self.root.appendingPathComponent("Traces/manifest.json").path
        let suite = try TraceSuite.load(from: manifest)
        let replayer = Replaying()
        let runner = BenchRunner(replayer: replayer, repeats: 1, seriesFor: BenchRunner.defaultChartedRun(suite: suite))
        let environment = BenchEnvironment(os: "pinned", arch: "pinned", cpu: "pinned", cores: 1, build: "pinned",
                                           repeats: 1, settings: replayer.settings)
        var result = try runner.run(suite: suite, manifestPath: manifest, shard: nil, environment: environment)
        for var entry in result.entries {
            for (name, summary) in entry.metrics where summary.kind == .timing {
                entry.metrics[name] = .overRepeats([1.5, 2.25])
            }
            result.insert(entry)
        }
        #expect(result.entries.count == 28)
        try Golden.check(result.jsonText, against: "bench.json")
    }
}

/// Comparing a text with a committed file under Tests/Goldens.
enum Golden {
    static let directory = GoldenBenchTests.root.appendingPathComponent("Tests/Goldens")

    static func check(_ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOUCHBENCH_UPDATE_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("\(name) differs at line \(line.offset + 1): got \(line.element.0), golden has \(line.element.1)",
                         sourceLocation: sourceLocation)
        }
        #expect(actual.count == expected.count, "\(name): \(actual.count) lines, golden has \(expected.count)",
                sourceLocation: sourceLocation)
        #expect(text == golden, sourceLocation: sourceLocation)
    }
}
