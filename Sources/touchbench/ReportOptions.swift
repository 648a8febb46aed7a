import BenchReports

/// The report options `bench` and `compare` share, and writing what they ask for.
struct ReportOptions: Sendable {
    /// Timing verdicts (and timing budgets) fail the run only when asked: measured times
    /// depend on the machine's load, so by default they are advisory (docs/CI.md).
    static let timingGate = Flag("timing-gate",
                                 "Fail on a timing regression (beyond threshold, noise and effect-size floor, significant) or a critical timing budget; advisory otherwise.")

    var json: Option<String>?
    var markdown: Option<String>
    var junit: Option<String>
    var githubBenchmark: Option<String>
    var html: Option<String>

    private var all: [Option<String>] { [json, markdown, junit, githubBenchmark, html].compactMap { $0 } }

    /// Refuses, before any run, a report that would overwrite one of `inputs` (the results,
    /// manifest, traces and thresholds read) or that shares its file with another report.
    func refuseUnsafe(_ arguments: ParsedArguments, inputs: [String]) throws(UsageError) {
        try OutputSafety.refuse(all, of: arguments, sameAs: inputs)
    }

    /// Whether a report goes to standard output (then the table does not).
    func writesToStandardOutput(_ arguments: ParsedArguments) -> Bool {
        arguments.writesToStandardOutput(all)
    }

    /// Writes every report asked for.
    func write(_ arguments: ParsedArguments, result: BenchResult, baseline: BenchResult?, baselineName: String?,
               comparison: BenchComparison, chart: EntryKey?) throws {
        if let json, let path = arguments.text(json) { try result.write(to: path) }
        if let path = arguments.text(markdown) {
            try emit(MarkdownReport(comparison: comparison, baselineName: baselineName).render(), to: path)
        }
        if let path = arguments.text(junit) { try emit(JUnitReport(comparison: comparison, current: result).render(), to: path) }
        if let path = arguments.text(githubBenchmark) { try emit(BenchmarkJSONReport(result: result).render(), to: path) }
        if let path = arguments.text(html) {
            try emit(HTMLReport(comparison: comparison, result: result, baseline: baseline, baselineName: baselineName,
                                chosen: chart).render(), to: path)
        }
    }

    private func emit(_ text: String, to path: String) throws {
        if path == "-" {
            print(text, terminator: "")
        } else {
            try ReportFile.write(text, to: path)
        }
    }
}
