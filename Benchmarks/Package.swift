// swift-tools-version:6.0
// TouchBench's benchmark executables, a package of their own (as swift-collections keeps its
// benchmarks) so that `swift test` at the root never builds them. `scripts/bench` builds and
// runs them; docs/PERFORMANCE.md describes each one.
import PackageDescription

let package = Package(
    name: "TouchBenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "TouchBench", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CodecBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
            ],
            path: "CodecBenchmark"
        ),
        // Shared by the benchmark executables: options, figures, thresholds, the JSON report.
        // Its statistics are RunRecord's (MetricSummary.overRepeats), the package's one definition.
        .target(name: "BenchmarkKit", dependencies: [.product(name: "RunRecord", package: "TouchBench")], path: "BenchmarkKit"),
        .executableTarget(
            name: "ReplayBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TouchReplay", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "ReplayBenchmark"
        ),
        .executableTarget(
            name: "PacingBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TouchReplay", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "PacingBenchmark"
        ),
        .executableTarget(
            name: "MemoryBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TouchReplay", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "MemoryBenchmark"
        ),
        .executableTarget(
            name: "SuiteBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "BenchReports", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "SuiteBenchmark"
        ),
        .executableTarget(
            name: "ScalingBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TouchReplay", package: "TouchBench"),
            ],
            path: "ScalingBenchmark"
        ),
        .executableTarget(
            name: "GateNoiseBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "BenchReports", package: "TouchBench"),
                .product(name: "RunRecord", package: "TouchBench"),
            ],
            path: "GateNoiseBenchmark"
        ),
        .executableTarget(
            name: "PassesBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TouchGestures", package: "TouchBench"),
                .product(name: "TouchReplay", package: "TouchBench"),
                .product(name: "TraceFormats", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "PassesBenchmark"
        ),
        .executableTarget(
            name: "TextFormatsBenchmark",
            dependencies: [
                "BenchmarkKit",
                .product(name: "TouchInput", package: "TouchBench"),
                .product(name: "TouchTrace", package: "TouchBench"),
                .product(name: "TraceFormats", package: "TouchBench"),
                .product(name: "TraceSynthesis", package: "TouchBench"),
            ],
            path: "TextFormatsBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
