import BenchReports
import Foundation
import TouchTrace

/// `touchbench compare`: the regression verdict between two result files.
enum CompareCommand {
    static let thresholds = Option("thresholds", "FILE", "Tolerances and budgets (default: Benchmarks/thresholds.json when found).")
    static let reports = ReportOptions(
        json: nil,
        markdown: Option("markdown", "OUT", "Write the Markdown summary."),
        junit: Option("junit", "OUT", "Write JUnit XML."),
        githubBenchmark: Option("github-benchmark", "OUT", "Write NEW's customSmallerIsBetter JSON array."),
        html: Option("html", "OUT", "Write the HTML report."))
    static let all = Flag("all", "List unchanged metrics too.")

    static let command = Command(
        name: "compare",
        summary: "Regression verdict between two result files (bench or replay JSON).",
        usage: "BASE NEW [--thresholds FILE] [--timing-gate] [--markdown OUT] [--junit OUT] [--html OUT] [--github-benchmark OUT]",
        discussion: """
            Lists every metric that changed with old → new and why it is a regression or noise
            (docs/METRICS.md, "Tolerances and verdicts"). Results from another machine or other
            settings compare only their deterministic metrics, with a warning. Deterministic
            metrics and counts (frames, samples, events) are compared exactly; a timing metric
            is a verdict only beyond its threshold, the spread of both runs' repeats and an
            effect-size floor, and significant — and only advisory (a warning, exit 0) unless
            --timing-gate. A run of BASE missing from NEW is a regression, and NEW with no run
            fails. Exit 0 clean, 1 on a regression or a critical budget (each named on
            standard error).
            """,
        options: [thresholds, ReportOptions.timingGate, reports.markdown, reports.junit, reports.html, reports.githubBenchmark, all],
        positionals: 2...2
    ) { arguments in
        let basePath = arguments.positionals[0], newPath = arguments.positionals[1]
        let thresholdsPath = SuiteDiscovery.thresholdsFile(try arguments.value(thresholds), manifest: newPath)
        try reports.refuseUnsafe(arguments, inputs: [basePath, newPath] + [thresholdsPath].compactMap { $0 })
        let baseline = try BenchResult.load(from: basePath)
        let current = try BenchResult.load(from: newPath)
        let limits = try SuiteDiscovery.thresholds(thresholdsPath, manifest: newPath)
        let comparison = BenchComparison(current: current, baseline: baseline, thresholds: limits, timingGate: arguments[ReportOptions.timingGate])
        let baselineName = URL(fileURLWithPath: basePath).lastPathComponent
        try reports.write(arguments, result: current, baseline: baseline, baselineName: baselineName,
                          comparison: comparison, chart: nil)
        if !reports.writesToStandardOutput(arguments) {
            var table = TextTable(columns: ["trace", "scene", "metric", "baseline", "new", "change", "verdict"])
            let shown = comparison.rows.filter { arguments[all] || ($0.status != .unchanged && $0.status != .notCompared) }
            for row in shown.prefix(500) {
                table.add([row.key.traceName, row.key.scene, "\(row.metric) \(row.statistic.rawValue)",
                           row.baseline.map { String(format: "%.3f", $0) } ?? "—", row.current.map { String(format: "%.3f", $0) } ?? "—",
                           row.relativeChange.map { String(format: "%+.1f %%", $0 * 100) } ?? "—", "\(row.status.rawValue): \(row.reason)"])
            }
            if !shown.isEmpty { print(table.rendered) }
            if shown.count > 500 { print("… and \(shown.count - 500) more rows") }
            print("\(comparison.entryCount) runs compared with \(baselineName): \(comparison.headline)")
        }
        return try BenchSummary.finish(comparison)
    }
}
