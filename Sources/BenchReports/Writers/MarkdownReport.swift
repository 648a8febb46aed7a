import RunRecord

/// The summary a CI job page shows: the verdict first, what failed, the budgets, then a
/// table per scene with each metric, its baseline, the change (▲/▼) and why it counts as a
/// regression or as noise.
///
/// However large the suite, the text stays under ``byteLimit`` (1 000 000 bytes by default,
/// under GitHub's 1 MiB step-summary limit): tables are cut with a note saying how many
/// rows were left out, after the failures, which come first.
public struct MarkdownReport: Sendable {
    public var comparison: BenchComparison
    /// The baseline's name as the reader knows it (a file name), if any.
    public var baselineName: String?
    public var byteLimit: Int
    /// The most failures and warnings listed before "… and N more".
    public var listLimit = 50

    public init(comparison: BenchComparison, baselineName: String? = nil, byteLimit: Int = 1_000_000) {
        self.comparison = comparison
        self.baselineName = baselineName
        self.byteLimit = byteLimit
    }

    /// The Markdown text.
    public func render() -> String {
        var text = TextBudget(limit: byteLimit, reserve: 2_048)
        let icon = switch comparison.verdict { case .pass: "✅"; case .warn: "⚠️"; case .fail: "❌" }
        text.force("## \(icon) TouchBench: \(comparison.headline)\n\n")
        var context = "\(comparison.entryCount) runs (trace × scene)"
        if comparison.repeats > 0 { context += ", timing metrics over \(comparison.repeats) repeats" }
        if let baselineName { context += ", compared with `\(cell(baselineName))`" }
        if comparison.hasBaseline && !comparison.timingCompared { context += " (deterministic metrics only)" }
        text.force(context + ".\n\n")
        for warning in comparison.warnings.prefix(listLimit) { text.force("> ⚠️ \(plain(warning))\n") }
        if comparison.warnings.count > listLimit { text.force("> … and \(comparison.warnings.count - listLimit) more notes.\n") }
        if !comparison.warnings.isEmpty { text.force("\n") }

        let failures = comparison.failureMessages
        if !failures.isEmpty {
            text.force("### What failed\n\n")
            for message in failures.prefix(listLimit) { text.force("- \(plain(message))\n") }
            if failures.count > listLimit { text.force("- … and \(failures.count - listLimit) more (see the JSON or HTML report).\n") }
            text.force("\n")
        }
        budgetSection(into: &text)
        sceneSections(into: &text)
        return text.finish()
    }

    private func budgetSection(into text: inout TextBudget) {
        let checks = comparison.budgetChecks
        guard !checks.isEmpty else { return }
        text.force("### Budgets\n\n| budget | good | warning | critical | not measured |\n|---|---:|---:|---:|---:|\n")
        var names: [String] = []
        for check in checks where !names.contains(check.budget.name) { names.append(check.budget.name) }
        for name in names {
            let graded = checks.filter { $0.budget.name == name }
            func count(_ grade: BenchComparison.Grade) -> Int { graded.filter { $0.grade == grade }.count }
            guard let budget = graded.first?.budget else { continue }
            let limits = "\(budget.metric) \(budget.statistic.rawValue): \(budget.limitsText)"
            text.force("| \(cell(name)) <br><sub>\(cell(limits))</sub> | \(count(.good)) | \(count(.warning)) | \(count(.critical)) | \(count(.notMeasured)) |\n")
        }
        let flagged = checks.filter { $0.grade == .warning || $0.grade == .critical }
        if !flagged.isEmpty {
            text.force("\n")
            for check in flagged.prefix(listLimit) {
                let unit = check.budget.metric.unit
                text.force("- \(check.grade == .critical ? "❌" : "⚠️") \(plain("\(check.key)")): \(cell(check.budget.name)) = \(Format.value(check.value, unit: unit)) (\(check.grade.rawValue))\n")
            }
            if flagged.count > listLimit { text.force("- … and \(flagged.count - listLimit) more.\n") }
        }
        text.force("\n")
    }

    private func sceneSections(into text: inout TextBudget) {
        let rows = comparison.rows
        let rowsByScene = Dictionary(grouping: rows, by: \.key.scene)
        var shown = 0
        for scene in rowsByScene.keys.sorted() {
            let sceneRows = rowsByScene[scene] ?? []
            let header = "### Scene `\(scene)`\n\n| trace | metric | value | baseline | change | verdict |\n|---|---|---:|---:|---:|---|\n"
            guard text.append(header) else { break }
            var complete = true
            for row in sceneRows {
                guard text.append(line(row)) else { complete = false; break }
                shown += 1
            }
            guard complete, text.append("\n") else { break }
        }
        if shown < rows.count {
            text.force("\n_Truncated to stay under \(byteLimit / 1000) kB: \(shown) of \(rows.count) rows shown; every row is in the JSON and HTML reports._\n")
        }
    }

    private func line(_ row: BenchComparison.Row) -> String {
        let verdict = switch row.status {
        case .regression: "❌ regression"
        case .advisory: "⚠️ advisory"
        case .improvement: "✅ better"
        case .withinTolerance: "≈ within tolerance"
        case .unchanged: "= same"
        case .notCompared: "· not compared"
        case .noBaseline: "·"
        }
        let why = row.status == .noBaseline && !comparison.hasBaseline ? "" : ": " + row.reason
        return "| \(cell(row.key.traceName)) | \(row.metric) \(row.statistic.rawValue) | \(Format.value(row.current, unit: row.unit)) "
            + "| \(Format.value(row.baseline, unit: row.unit)) | \(Format.arrow(row)) | \(verdict)\(cell(why)) |\n"
    }

    /// Text shown as written: GitHub renders HTML in a job summary, so a trace named
    /// `<b>x</b>` set the rest of the report in bold.
    private func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text shown as written inside a table cell.
    private func cell(_ text: String) -> String {
        plain(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Text that grows only while it stays under a byte limit (minus a reserve kept for the
/// closing notes).
struct TextBudget {
    let limit: Int
    let reserve: Int
    private(set) var text = ""
    private(set) var bytes = 0

    init(limit: Int, reserve: Int) {
        self.limit = limit
        self.reserve = reserve
    }

    /// Appends `part` if it fits before the reserve; false otherwise.
    mutating func append(_ part: String) -> Bool {
        let size = part.utf8.count
        guard bytes + size <= limit - reserve else { return false }
        text += part
        bytes += size
        return true
    }

    /// Appends `part` while any room is left (the reserve included); a part that would
    /// cross the limit is dropped, so the limit always holds.
    mutating func force(_ part: String) {
        let size = part.utf8.count
        guard bytes + size <= limit else { return }
        text += part
        bytes += size
    }

    func finish() -> String { text }
}
