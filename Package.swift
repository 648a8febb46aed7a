// swift-tools-version:6.0
// TouchBench: record, replay and measure touch input. See docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "TouchBench",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "touchbench", targets: ["touchbench"]),
        .library(name: "TouchInput", targets: ["TouchInput"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "TouchDynamics", targets: ["TouchDynamics"]),
        .library(name: "TraceSynthesis", targets: ["TraceSynthesis"]),
        .library(name: "TraceFormats", targets: ["TraceFormats"]),
        .library(name: "TouchCapture", targets: ["TouchCapture"]),
        .library(name: "TouchGestures", targets: ["TouchGestures"]),
        .library(name: "RunRecord", targets: ["RunRecord"]),
        .library(name: "TouchReplay", targets: ["TouchReplay"]),
        .library(name: "PageReplay", targets: ["PageReplay"]),
        .library(name: "BenchReports", targets: ["BenchReports"]),
    ],
    targets: [
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // Internal, shared by every module: JSON reader and canonical writer, statistics,
        // geometry, elementary functions and the platform's C library (docs/ARCHITECTURE.md).
        .target(name: "TouchBenchSupport"),
        .target(name: "TouchInput"),
        .target(name: "TouchTrace", dependencies: ["TouchBenchSupport", "TouchInput", "CZstd"]),
        .target(name: "TouchDynamics", dependencies: ["TouchBenchSupport"]),
        .target(name: "TraceSynthesis", dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace"]),
        .target(name: "TraceFormats", dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace"]),
        .target(name: "TouchCapture", dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace", "TraceFormats"]),
        .target(name: "TouchGestures", dependencies: ["TouchBenchSupport", "TouchInput", "TouchDynamics"]),
        .target(name: "RunRecord", dependencies: ["TouchBenchSupport"]),
        .target(name: "TouchReplay",
                dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace", "TouchDynamics", "TouchGestures", "RunRecord"]),
        // Replay into a web page in headless Chromium over the DevTools pipe, feeding the same probes.
        .target(name: "PageReplay", dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace", "TouchReplay"]),
        .target(name: "BenchReports", dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace", "RunRecord", "TouchReplay", "TraceSynthesis", "PageReplay"]),
        .executableTarget(
            name: "touchbench",
            dependencies: ["TouchBenchSupport", "TouchInput", "TouchTrace", "TouchDynamics", "TraceSynthesis", "TraceFormats", "TouchCapture", "TouchGestures", "TouchReplay",
                           "RunRecord", "BenchReports", "PageReplay"]
        ),
        // Counts the heap allocations of the calling thread: the complexity tests' yardstick.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // What several test targets share: golden files, the shared recordings, a naive evemu reader.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TouchBenchSupportTests", dependencies: ["TouchBenchSupport", "TestSupport"]),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchTrace", "TouchInput", "TouchBenchSupport", "TraceSynthesis", "AllocationCounter"]),
        .testTarget(name: "TouchDynamicsTests", dependencies: ["TouchDynamics", "TestSupport"]),
        .testTarget(name: "TraceSynthesisTests", dependencies: ["TraceSynthesis", "TouchTrace", "TouchInput", "TouchBenchSupport"]),
        .testTarget(name: "TraceFormatsTests", dependencies: ["TraceFormats", "TouchTrace", "TouchInput", "TraceSynthesis", "AllocationCounter", "TestSupport"]),
        .testTarget(name: "TouchCaptureTests", dependencies: ["TouchCapture", "TraceFormats", "TouchTrace", "TouchInput", "TestSupport"]),
        .testTarget(
            name: "TouchGesturesTests",
            dependencies: ["TouchGestures", "TouchInput", "TouchDynamics", "TraceSynthesis", "TraceFormats", "TouchTrace", "AllocationCounter",
                           "TestSupport"]
        ),
        .testTarget(
            name: "TouchReplayTests",
            dependencies: ["TouchReplay", "RunRecord", "TouchInput", "TouchTrace", "TouchDynamics", "TouchGestures", "TraceSynthesis",
                           "AllocationCounter", "TestSupport"]
        ),
        .testTarget(name: "RunRecordTests", dependencies: ["RunRecord", "TouchBenchSupport"]),
        .testTarget(name: "PageReplayTests", dependencies: ["PageReplay", "TouchReplay", "TouchTrace", "TouchInput", "TouchBenchSupport"]),
        .testTarget(name: "BenchReportsTests", dependencies: ["BenchReports", "RunRecord", "TouchReplay", "TouchTrace", "TouchInput", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
