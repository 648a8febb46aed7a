import BenchReports
import RunRecord
import TouchTrace

/// Hand-made results: what the replayer would write, without running it.
enum Fixtures {
    static let environment = BenchEnvironment(os: "Linux 6.8", arch: "x86_64", cpu: "Test CPU", cores: 2,
                                              build: "release", repeats: 5, settings: ["clock": "virtual"])

    static func latency(_ p50: Double, p99: Double? = nil) -> MetricSummary {
        MetricSummary(kind: .deterministic, count: 120, mean: p50 + 0.5, p50: p50, p95: p50 + 2, p99: p99 ?? p50 + 4,
                         max: (p99 ?? p50 + 4) + 1, min: p50 - 3, stddev: 1.25)
    }

    static func cpu(_ values: [Double]) -> MetricSummary { .overRepeats(values) }

    static func entry(_ trace: String, _ scene: String, latencyP50: Double = 16.5, hitch: Double = 0,
                      cpuRepeats: [Double] = [40, 41, 39, 40.5, 40.2]) -> RunRecord {
        RunRecord(trace: trace, scene: scene, mode: "virtual", rate: "max", refreshHz: 120, frames: 240, samples: 300,
                 metrics: [
                    "event_latency_ms": latency(latencyP50),
                    "frame_latency_ms": latency(latencyP50 - 2),
                    "latency_jitter_ms": .single(1.1, kind: .deterministic),
                    "redirection_response_ms": MetricSummary(kind: .deterministic, count: 1, mean: 24, p50: 24, p95: 24, p99: 24, max: 24, min: 24, stddev: 0),
                    "pause_detection_ms": MetricSummary(kind: .deterministic, count: 0),
                    "tracking_error_pt": latency(0.25),
                    "hitch_time_ratio_ms_per_s": .single(hitch, kind: .deterministic),
                    "dropped_frames": .single(0, kind: .deterministic),
                    "cpu_per_frame_us": cpu(cpuRepeats),
                 ],
                 events: [RunEvent(kind: "redirect", time: 500_000_000, source: "marker", responseMs: 24)])
    }

    /// The calibration of a machine whose loop took 2 ms a run (times `factor`).
    static func calibration(_ factor: Double = 1) -> BenchCalibration {
        BenchCalibration(samples: [2_000_000, 2_010_000, 1_990_000, 2_005_000, 2_100_000].map { Int64((Double($0) * factor).rounded()) })
    }

    static func result(traces: Int = 4, scenes: [String] = ["scroll", "pip"]) -> BenchResult {
        var entries: [RunRecord] = []
        for index in 0..<traces {
            for scene in scenes { entries.append(entry("trace-\(index).touchtrace", scene)) }
        }
        return BenchResult(entries: entries, environment: environment, calibration: calibration())
    }

    /// A replayer whose numbers depend only on the trace and scene.
    struct FakeReplayer: TraceReplaying {
        /// The clock its outcomes are timed on (a page run's is the wall clock).
        var clock: ReplayOutcome.Clock = .threadCPU

        func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome {
            let hash = BenchShard.fnv1a(path + scene)
            let latency = 10 + Double(hash % 1000) / 100
            var entry = Fixtures.entry(String(path.split(separator: "/").last ?? ""), scene, latencyP50: latency)
            entry.metrics["cpu_per_frame_us"] = MetricSummary(kind: .timing, count: 240, mean: 30 + Double(hash % 7), p50: 30, p95: 40, p99: 45, max: 50, min: 20, stddev: 3)
            if withSeries {
                let times = (0..<100).map { Double($0) * 8.333 }
                entry.series = RunSeries(timeMs: times, finger: times.map { $0 < 700 ? 100 + $0 / 2 : nil },
                                         visible: times.map { 100 + max(0, $0 - 25) / 2 }, latencyMs: times.map { _ in latency },
                                         label: "content offset y")
            }
            return ReplayOutcome(entry: entry, elapsedSeconds: 0.002 + Double(hash % 5) / 10_000, clock: clock)
        }
    }

    static func suite(count: Int) -> TraceSuite {
        TraceSuite(traces: (0..<count).map { index in
            TraceSuite.Entry(file: "t\(index).touchtrace", scenes: index % 3 == 0 ? ["scroll", "pip"] : ["scroll"])
        })
    }
}
