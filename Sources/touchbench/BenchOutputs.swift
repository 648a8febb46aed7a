import RunRecord
import BenchReports
import Foundation
import TouchReplay
import TouchTrace

/// Where bench and compare send their reports, and how they end.
enum BenchOutputs {
    static let reportOptions = ["json", "markdown", "junit", "github-benchmark", "html"]

    static func writesToStandardOutput(_ arguments: ParsedArguments) -> Bool {
        reportOptions.contains { arguments.value($0) == "-" }
    }

    /// Writes every report asked for.
    static func write(_ arguments: ParsedArguments, result: BenchResult, baseline: BenchResult?, baselineName: String?,
                      comparison: BenchComparison, chart: EntryKey?) throws {
        if let path = arguments.value("json") { try emit(result.jsonText, to: path) }
        if let path = arguments.value("markdown") {
            try emit(MarkdownReport(comparison: comparison, baselineName: baselineName).render(), to: path)
        }
        if let path = arguments.value("junit") { try emit(JUnitReport(comparison: comparison, current: result).render(), to: path) }
        if let path = arguments.value("github-benchmark") { try emit(BenchmarkJSONReport(result: result).render(), to: path) }
        if let path = arguments.value("html") {
            try emit(HTMLReport(comparison: comparison, result: result, baseline: baseline, baselineName: baselineName,
                                chosen: chart).render(), to: path)
        }
    }

    private static func emit(_ text: String, to path: String) throws {
        if path == "-" {
            print(text, terminator: "")
            return
        }
        try SystemFile.writeWhole(text, to: path)
    }

    /// Warnings and failures on standard error; exit 1 when anything failed.
    static func finish(_ comparison: BenchComparison) throws -> Int32 {
        for warning in comparison.warnings.prefix(20) { Console.error("warning: \(warning)") }
        if comparison.warnings.count > 20 { Console.error("warning: … and \(comparison.warnings.count - 20) more") }
        guard comparison.verdict == .fail else { return ExitCode.success }
        let messages = comparison.failureMessages
        for message in messages.prefix(200) { Console.error(message) }
        if messages.count > 200 { Console.error("… and \(messages.count - 200) more failures") }
        let names = Set(comparison.regressions.map(\.metric) + comparison.budgetFailures.map(\.budget.metric)).sorted()
        throw CommandFailure(code: ExitCode.failure,
                             message: "touchbench: \(comparison.headline) (\(names.map(\.rawValue).joined(separator: ", ")))")
    }

    /// One row per run with the headline figures.
    static func summaryTable(_ result: BenchResult) -> String {
        var table = TextTable(columns: ["trace", "scene", "latency p50", "p99", "redirect p50", "hitch ms/s", "cpu µs/frame", "samples/s"])
        func value(_ entry: RunRecord, _ metric: MetricName, _ statistic: Statistic) -> String {
            guard let summary = entry.metrics[metric], !summary.isEmpty, let number = summary.value(statistic) else { return "—" }
            return String(format: number >= 1000 ? "%.0f" : "%.2f", number)
        }
        for entry in result.entries {
            table.add([entry.key.traceName, entry.scene, value(entry, .eventLatency, .p50), value(entry, .eventLatency, .p99),
                       value(entry, .redirectionResponse, .p50), value(entry, .hitchTimeRatio, .mean),
                       value(entry, .cpuPerFrame, .p50), value(entry, .replayThroughput, .p50)])
        }
        return table.rendered
    }
}

/// Finding the suite and the thresholds.
enum BenchSuites {
    /// The suite for `argument` (a manifest, a folder, or nothing for the bundled one) and
    /// the manifest path its traces resolve against.
    static func resolve(_ argument: String?, scenes: String?) throws -> (TraceSuite, String) {
        guard let argument else {
            let manifest = try Suites.defaultManifest()
            return (try TraceSuite.load(from: manifest), manifest)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            throw TraceFileError(.cannotOpen, path: argument, reason: "cannot be opened")
        }
        guard isFolder.boolValue else { return (try TraceSuite.load(from: argument), argument) }
        let manifest = URL(fileURLWithPath: argument).appendingPathComponent("manifest.json").path
        if FileManager.default.fileExists(atPath: manifest) { return (try TraceSuite.load(from: manifest), manifest) }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: argument) } catch {
            throw TraceFileError(.cannotOpen, path: argument, reason: "cannot be listed")
        }
        let traces = names.filter { $0.hasSuffix(".touchtrace") }.sorted()
        guard !traces.isEmpty else {
            throw UsageError(message: "\(argument) has neither a manifest.json nor .touchtrace files")
        }
        let sceneList = (scenes ?? SceneKind.scroll.name).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return (TraceSuite(traces: traces.map { TraceSuite.Entry(file: $0, scenes: sceneList) }), manifest)
    }

    /// The thresholds file given, else Benchmarks/thresholds.json in the current folder or
    /// beside the suite's folder, else the built-in defaults.
    static func thresholds(_ path: String?, manifest: String) throws -> BenchThresholds {
        if let path { return try BenchThresholds.load(from: path) }
        let beside = URL(fileURLWithPath: manifest).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/thresholds.json").path
        for candidate in ["Benchmarks/thresholds.json", beside] where FileManager.default.fileExists(atPath: candidate) {
            return try BenchThresholds.load(from: candidate)
        }
        return .standard
    }
}
