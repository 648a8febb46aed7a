import RunRecord
import TouchBenchSupport


/// The verdict on a bench result: every metric of every trace × scene against the baseline
/// (when there is one) and every budget, with the reason for each call.
///
/// Built by ``init(current:baseline:thresholds:)``; the writers (Markdown, JUnit, HTML,
/// benchmark JSON) and `touchbench compare` only read it.
public struct BenchComparison: Sendable {
    /// How a metric of an entry fared against the baseline.
    public enum Status: String, Sendable, Hashable {
        /// Worse beyond its tolerance (deterministic), or (timing, with ``timingGate``) beyond
        /// its threshold, its measured noise and effect-size floor, and significantly: fails the run.
        case regression
        /// A timing metric worse by all of a regression's tests while timing gates are
        /// advisory (no `--timing-gate`): reported, does not fail the run.
        case advisory
        /// Better beyond the tolerance (and significantly, for timing).
        case improvement
        /// Changed, within its tolerance (deterministic) or its noise band (timing).
        case withinTolerance
        /// Identical to the baseline.
        case unchanged
        /// A timing metric not compared: another machine or other settings.
        case notCompared
        /// No baseline value to compare with.
        case noBaseline
    }

    /// One metric of one entry.
    public struct Row: Sendable, Hashable {
        public var key: EntryKey
        public var metric: MetricName
        public var kind: MetricKind
        /// The statistic shown: the one that regressed or changed most, else the metric's headline.
        public var statistic: Statistic
        public var current: Double?
        public var baseline: Double?
        public var status: Status
        /// Why it counts as what ``status`` says, in a few words.
        public var reason: String
        /// Timing metrics: the Mann–Whitney p-value, when the test ran.
        public var pValue: Double?

        /// The unit of the statistic shown: the metric's, or none for how many values it has.
        public var unit: String { statistic == .count ? "values" : metric.unit }

        /// current − baseline, when both exist.
        public var change: Double? {
            guard let current, let baseline else { return nil }
            return current - baseline
        }

        /// The change as a fraction of the baseline, when that is defined and finite (values
        /// near the largest double can differ by more than a double holds).
        public var relativeChange: Double? {
            guard let change, let baseline, baseline != 0 else { return nil }
            let relative = change / abs(baseline)
            return relative.isFinite ? relative : nil
        }
    }

    /// A budget's grade for one entry.
    public enum Grade: String, Sendable, Hashable, Comparable {
        case good, warning, critical
        /// The entry does not measure the metric (e.g. no redirection in the trace).
        case notMeasured = "not measured"

        private var rank: Int {
            switch self {
            case .notMeasured: 0
            case .good: 1
            case .warning: 2
            case .critical: 3
            }
        }

        public static func < (lhs: Grade, rhs: Grade) -> Bool { lhs.rank < rhs.rank }
    }

    /// One budget checked on one entry.
    public struct BudgetCheck: Sendable, Hashable {
        public var key: EntryKey
        public var budget: BenchThresholds.Budget
        public var value: Double?
        public var grade: Grade
    }

    /// The whole run's outcome.
    public enum Verdict: String, Sendable, Hashable {
        /// No regression, no budget beyond critical, nothing to warn about.
        case pass
        /// Nothing fails, but something deserves a look (a warning band, another machine).
        case warn
        /// A regression or a critical budget: exit 1.
        case fail
    }

    /// Every compared metric, by entry then metric order.
    public internal(set) var rows: [Row] = []
    public internal(set) var budgetChecks: [BudgetCheck] = []
    /// Things a reader must know (other machine, missing entries, too few repeats).
    public internal(set) var warnings: [String] = []
    /// Whether a baseline was given.
    public internal(set) var hasBaseline = false
    /// Whether timing metrics were compared at all (same machine and settings).
    public internal(set) var timingCompared = false
    /// The machine's load factor between the runs (current ÷ baseline calibration, held within
    /// ``maximumLoadFactor`` either way), when both results have a calibration: timing changes
    /// it explains are excused, never created.
    public internal(set) var loadFactor: Double?
    /// Whether a timing regression fails the run (`--timing-gate`); otherwise it is advisory.
    public internal(set) var timingGate = false
    /// How many entries the current result has.
    public internal(set) var entryCount = 0
    /// The baseline's runs (trace × scene) that the current result lacks though it should
    /// hold them (all of them; a shard, those of its shard). Each has one regression row, as
    /// a metric no longer measured has: a run that stopped running is the same loss.
    public internal(set) var lostRuns: Set<EntryKey> = []
    /// Whether the current result holds no run at all and is no shard (a shard the hash left
    /// empty is one): a bench that ran nothing has nothing to pass.
    public internal(set) var nothingMeasured = false
    /// Why a result with no run fails, for every report that says so.
    public static let nothingMeasuredReason = "the result holds no run (trace × scene), so it gates nothing"
    /// Repeats of the current result (timing metrics).
    public internal(set) var repeats = 0

    /// Regressions, in row order.
    public var regressions: [Row] { rows.filter { $0.status == .regression } }
    /// Timing metrics worse by every test of a regression, while timing gates are advisory.
    public var advisories: [Row] { rows.filter { $0.status == .advisory } }
    /// Budget checks graded critical that fail the run: a timing metric's budget fails only
    /// under ``timingGate`` (measured values depend on the machine's load).
    public var budgetFailures: [BudgetCheck] {
        budgetChecks.filter { $0.grade == .critical && (timingGate || !$0.budget.metric.isAlwaysTiming) }
    }
    /// Critical budgets of timing metrics left advisory (no ``timingGate``).
    public var advisoryBudgets: [BudgetCheck] {
        budgetChecks.filter { $0.grade == .critical && !timingGate && $0.budget.metric.isAlwaysTiming }
    }

    public var verdict: Verdict {
        if nothingMeasured || !regressions.isEmpty || !budgetFailures.isEmpty { return .fail }
        if !warnings.isEmpty || !advisories.isEmpty || !advisoryBudgets.isEmpty
            || budgetChecks.contains(where: { $0.grade == .warning }) { return .warn }
        return .pass
    }

    /// One sentence per failure, each naming its metric (a result with no run has none): what
    /// `compare` and `bench` print on standard error before exiting 1.
    public var failureMessages: [String] {
        (nothingMeasured ? ["nothing measured: " + Self.nothingMeasuredReason] : [])
            + regressions.map { "regression: \($0.key): \($0.metric) \($0.statistic.rawValue) \(Format.change($0)) — \($0.reason)" }
            + budgetFailures.map {
                "budget: \($0.key): \($0.budget.name) (\($0.budget.metric) \($0.budget.statistic.rawValue)) = "
                    + "\(Format.value($0.value, unit: $0.budget.metric.unit)) is critical (\($0.budget.bandWords.over) \(Format.number($0.budget.critical)))"
            }
    }

    /// One sentence per advisory timing change or timing budget: what `compare` prints on
    /// standard error as a warning (exit 0) when timing gates are advisory.
    public var advisoryMessages: [String] {
        advisories.map { "advisory (timing, not gated without --timing-gate): \($0.key): \($0.metric) \($0.statistic.rawValue) \(Format.change($0)) — \($0.reason)" }
            + advisoryBudgets.map {
                "advisory (timing budget, not gated without --timing-gate): \($0.key): \($0.budget.name) = "
                    + "\(Format.value($0.value, unit: $0.budget.metric.unit)) is critical (\($0.budget.bandWords.over) \(Format.number($0.budget.critical)))"
            }
    }

    /// A one-line summary of the verdict.
    public var headline: String {
        // A lost run is a regression row, named apart so the headline says what happened.
        let lostCount = lostRuns.count, regressionCount = regressions.count - lostCount, budgetCount = budgetFailures.count
        switch verdict {
        case .fail:
            var parts: [String] = []
            if nothingMeasured { parts.append("no run measured") }
            if lostCount > 0 { parts.append("\(lostCount) baseline run\(lostCount == 1 ? "" : "s") missing") }
            if regressionCount > 0 { parts.append("\(regressionCount) regression\(regressionCount == 1 ? "" : "s")") }
            if budgetCount > 0 { parts.append("\(budgetCount) budget failure\(budgetCount == 1 ? "" : "s")") }
            return "FAIL: " + parts.joined(separator: ", ")
        case .warn:
            let warningBudgets = budgetChecks.filter { $0.grade == .warning }.count
            var parts = ["no regression"]
            if warningBudgets > 0 { parts.append("\(warningBudgets) budget warning\(warningBudgets == 1 ? "" : "s")") }
            let advisoryCount = advisories.count + advisoryBudgets.count
            if advisoryCount > 0 { parts.append("\(advisoryCount) advisory timing change\(advisoryCount == 1 ? "" : "s")") }
            if !warnings.isEmpty { parts.append("\(warnings.count) note\(warnings.count == 1 ? "" : "s")") }
            return "PASS with warnings: " + parts.joined(separator: ", ")
        case .pass:
            return hasBaseline ? "PASS: no regression, every budget good" : "PASS: every budget good (no baseline)"
        }
    }
}
