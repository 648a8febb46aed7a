import BenchReports
import RunRecord
import Foundation
import TouchInput
import TouchReplay
import TouchTrace

/// Runs bundled traces through scene variants as `bench` would (virtual clock, the trace's
/// display rate) and compares the results as `compare` does: the harness behind the
/// regression tests of issue 13, each a plausible change to interaction code that a
/// metric must flag.
enum RegressionHarness {
    static let traces = GoldenBenchTests.root.appendingPathComponent("Traces")

    /// One run: a bundled trace, the scene it is replayed through and the display.
    struct Run {
        var trace: String
        var scene: SceneKind
        /// Builds the scene for the trace's screen; the reference scene by default.
        var make: (SceneContext) -> any Scene
        var presentationDelay = 2

        init(_ trace: String, _ scene: SceneKind, presentationDelay: Int = 2, make: ((SceneContext) -> any Scene)? = nil) {
            self.trace = trace
            self.scene = scene
            self.presentationDelay = presentationDelay
            self.make = make ?? { scene.make(context: $0) }
        }
    }

    static func result(_ runs: [Run]) throws -> BenchResult {
        var entries: [RunRecord] = []
        for run in runs {
            let path = traces.appendingPathComponent(run.trace + ".touchtrace").path
            let reader = try TraceReader(path: path)
            let hz = reader.metadata.displayHz ?? 120
            let settings = ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(hz), presentationDelay: run.presentationDelay))
            let scene = run.make(SceneContext(metadata: reader.metadata, refreshHz: hz))
            let result = try Replayer.replay(reader: reader, scene: scene, sceneName: run.scene.name, settings: settings,
                                             traceName: run.trace + ".touchtrace")
            // Only what `compare` compares exactly: the timing metrics are noise here.
            entries.append(result.withoutTiming.atWrittenPrecision)
        }
        return BenchResult(entries: entries, environment: Fixtures.environment)
    }

    /// `run` replayed `repeats` times, as `bench --repeat` does: deterministic metrics from the
    /// first run, `cpu_per_frame_us` as the mean of each run (compared with Mann–Whitney).
    static func timedResult(_ run: Run, repeats: Int = 5) throws -> BenchResult {
        var first: RunRecord?
        var means: [Double] = []
        for _ in 0..<repeats {
            let path = traces.appendingPathComponent(run.trace + ".touchtrace").path
            let reader = try TraceReader(path: path)
            let hz = reader.metadata.displayHz ?? 120
            let settings = ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(hz), presentationDelay: run.presentationDelay))
            let result = try Replayer.replay(reader: reader, scene: run.make(SceneContext(metadata: reader.metadata, refreshHz: hz)),
                                             sceneName: run.scene.name, settings: settings, traceName: run.trace + ".touchtrace")
            means.append(result[.cpuPerFrame].mean ?? .nan)
            if first == nil { first = result.withoutTiming.atWrittenPrecision }
        }
        guard var entry = first else { return BenchResult(entries: [], environment: Fixtures.environment) }
        entry.metrics = entry.metrics.filter { $0.value.kind == .deterministic }
        entry.metrics["cpu_per_frame_us"] = .overRepeats(means)
        return BenchResult(entries: [entry], environment: Fixtures.environment)
    }

    static func compare(_ current: BenchResult, against baseline: BenchResult) throws -> BenchComparison {
        let thresholds = try BenchThresholds.load(from: GoldenBenchTests.root.appendingPathComponent("Benchmarks/thresholds.json").path)
        return BenchComparison(current: current, baseline: baseline, thresholds: thresholds, timingGate: true)
    }
}
