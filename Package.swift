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
        .library(name: "TouchGestures", targets: ["TouchGestures"]),
        .library(name: "TouchReplay", targets: ["TouchReplay"]),
        .library(name: "BenchReports", targets: ["BenchReports"]),
    ],
    targets: [
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        .target(name: "TouchInput"),
        .target(name: "TouchTrace", dependencies: ["TouchInput", "CZstd"]),
        .target(name: "TouchDynamics"),
        .target(name: "TraceSynthesis", dependencies: ["TouchInput", "TouchTrace"]),
        .target(name: "TraceFormats", dependencies: ["TouchInput", "TouchTrace"]),
        .target(name: "TouchGestures", dependencies: ["TouchInput", "TouchDynamics"]),
        .target(name: "TouchReplay", dependencies: ["TouchInput", "TouchTrace", "TouchDynamics", "TouchGestures"]),
        .target(name: "BenchReports", dependencies: ["TouchTrace", "TouchReplay"]),
        .executableTarget(
            name: "touchbench",
            dependencies: ["TouchInput", "TouchTrace", "TouchDynamics", "TraceSynthesis", "TraceFormats", "TouchGestures", "TouchReplay",
                           "BenchReports"]
        ),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchTrace", "TouchInput"]),
        .testTarget(name: "TouchDynamicsTests", dependencies: ["TouchDynamics"]),
        .testTarget(name: "TraceSynthesisTests", dependencies: ["TraceSynthesis", "TouchTrace", "TouchInput"]),
        .testTarget(name: "TraceFormatsTests", dependencies: ["TraceFormats", "TouchTrace", "TouchInput"]),
        .testTarget(
            name: "TouchGesturesTests",
            dependencies: ["TouchGestures", "TouchInput", "TouchDynamics", "TraceSynthesis", "TraceFormats", "TouchTrace"]
        ),
        .testTarget(
            name: "TouchReplayTests",
            dependencies: ["TouchReplay", "TouchInput", "TouchTrace", "TouchDynamics", "TouchGestures", "TraceSynthesis"]
        ),
        .testTarget(name: "BenchReportsTests", dependencies: ["BenchReports", "TouchReplay", "TouchTrace", "TouchInput"]),
    ],
    swiftLanguageModes: [.v6]
)
