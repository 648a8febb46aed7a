import BenchReports
import RunRecord
import Foundation
import TestSupport
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
    static let root = Golden.packageRoot

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
        // Measured like the timing metrics, so pinned like them.
        #expect(result.calibration?.samples.count == 9 + 1)   // every sixth of the 53 runs (53 / 8), then once more
        result.calibration = BenchCalibration(samples: [1_500_000, 2_250_000])
        #expect(result.entries.count == 53)
        #expect(try Golden.mismatch(result.jsonText, against: "bench.json") == nil)
    }
}
