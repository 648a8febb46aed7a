import BenchReports
import Foundation
import RunRecord

/// What `bench` and `compare` print, and how they end.
enum BenchSummary {
    /// Warnings and failures on standard error; exit 1 when anything failed.
    static func finish(_ comparison: BenchComparison) throws -> Int32 {
        for warning in comparison.warnings.prefix(20) { Console.error("warning: \(warning)") }
        if comparison.warnings.count > 20 { Console.error("warning: … and \(comparison.warnings.count - 20) more") }
        let advisories = comparison.advisoryMessages
        for message in advisories.prefix(50) { Console.error("warning: \(message)") }
        if advisories.count > 50 { Console.error("warning: … and \(advisories.count - 50) more advisory timing changes") }
        guard comparison.verdict == .fail else { return ExitCode.success }
        let messages = comparison.failureMessages
        for message in messages.prefix(200) { Console.error(message) }
        if messages.count > 200 { Console.error("… and \(messages.count - 200) more failures") }
        // The metrics that failed; a lost run's row is its frames, which the headline counts as a run.
        let regressed = comparison.regressions.filter { !comparison.lostRuns.contains($0.key) }.map(\.metric)
        let names = Set(regressed + comparison.budgetFailures.map(\.budget.metric)).sorted()
        throw CommandFailure(code: ExitCode.failure,
                             message: "touchbench: \(comparison.headline)" + (names.isEmpty ? "" : " (\(names.map(\.rawValue).joined(separator: ", ")))"))
    }

    /// One row per run with the headline figures.
    static func table(_ result: BenchResult) -> String {
        var table = TextTable(columns: ["trace", "scene", "response p99", "lag p50", "pipeline p99", "reversal p50", "intent",
                                        "hitch ms/s", "cpu µs/frame", "samples/s"])
        func value(_ entry: RunRecord, _ metric: MetricName, _ statistic: Statistic) -> String {
            guard let summary = entry.metrics[metric], !summary.isEmpty, let number = summary.value(statistic) else { return "—" }
            return String(format: number >= 1000 ? "%.0f" : "%.2f", number)
        }
        for entry in result.entries {
            table.add([entry.key.traceName, entry.scene, value(entry, .response, .p99), value(entry, .presentedLag, .p50),
                       value(entry, .eventLatency, .p99),
                       value(entry, .reversalResponse, .p50), ReplaySummary.intentShare(entry), value(entry, .hitchTimeRatio, .mean),
                       value(entry, .cpuPerFrame, .p50), value(entry, .replayThroughput, .p50)])
        }
        return table.rendered
    }
}
