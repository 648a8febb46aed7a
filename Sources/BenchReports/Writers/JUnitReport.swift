import Foundation
import RunRecord

/// JUnit XML for CI test dashboards, valid against the Jenkins xUnit plugin's JUnit schema
/// (`Tests/Consumers/jenkins-xunit-junit-10.xsd`): `<testsuites>` with one `<testsuite>` per
/// scene and one `<testcase>` per trace × scene × budget — plus, with a baseline, one per
/// trace × scene saying whether it regressed (a run of the baseline missing from the result
/// fails its case, "no longer run"), and for a result with no run, the failing case `the
/// result holds runs` in a suite `touchbench.result`.
///
/// Test names are stable (`TRACE: budget NAME`): thresholds and values are in the messages,
/// so changing a threshold keeps a dashboard's per-test history. A critical budget or a
/// regression is a `<failure message=…>`; a budget in its warning band is a `<skipped
/// message="warning: …">` (GitLab, GitHub check runs and Jenkins list skipped cases with their
/// message, and drop `<system-out>` of passing ones); a budget whose metric the run does not
/// measure is `<skipped message="not measured: …">`. `time` is the replayed duration of the
/// trace × scene (frames ÷ refresh rate) in seconds, when the current result is given.
public struct JUnitReport: Sendable {
    public var comparison: BenchComparison
    /// Seconds replayed per trace × scene.
    public var durations: [EntryKey: Double]

    public init(comparison: BenchComparison, current: BenchResult? = nil) {
        self.comparison = comparison
        var durations: [EntryKey: Double] = [:]
        for entry in current?.entries ?? [] where entry.refreshHz > 0 {
            durations[entry.key] = Double(entry.frames) / entry.refreshHz
        }
        self.durations = durations
    }

    private struct Case {
        var name: String
        var time: Double?
        var failure: (type: String, message: String, detail: String)?
        var skipped: String?
        var output: String?
    }

    public func render() -> String {
        let checksByKey = Dictionary(grouping: comparison.budgetChecks, by: \.key)
        let rowsByKey = Dictionary(grouping: comparison.rows, by: \.key)
        let keysByScene = Dictionary(grouping: Set(checksByKey.keys).union(rowsByKey.keys), by: \.scene)
        var suites: [(scene: String, cases: [Case])] = []
        for scene in keysByScene.keys.sorted() {
            var cases: [Case] = []
            for key in (keysByScene[scene] ?? []).sorted() {
                cases += (checksByKey[key] ?? []).map(budgetCase)
                if comparison.hasBaseline {
                    cases.append(regressionCase(key, rows: rowsByKey[key] ?? []))
                }
            }
            suites.append((scene, cases))
        }
        // No run, no scene: the failure of the whole result gets a suite of its own, so the
        // test tab shows why the job failed (the same name every time, for its history).
        if comparison.nothingMeasured {
            suites.append(("result", [Case(name: "the result holds runs", time: nil,
                                           failure: ("empty", "no run measured", BenchComparison.nothingMeasuredReason))]))
        }
        let total = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let totalTime = suites.reduce(0) { $0 + Self.time(of: $1.cases) }
        // The schema allows no `skipped` count on <testsuites>; each <testsuite> has its own.
        xml += "<testsuites name=\"touchbench\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" time=\"\(Self.seconds(totalTime))\">\n"
        for suite in suites {
            let suiteFailures = suite.cases.filter { $0.failure != nil }.count
            let suiteSkipped = suite.cases.filter { $0.skipped != nil }.count
            xml += "  <testsuite name=\"touchbench.\(escape(suite.scene))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"\(suiteSkipped)\" time=\"\(Self.seconds(Self.time(of: suite.cases)))\">\n"
            for testCase in suite.cases {
                xml += "    <testcase classname=\"touchbench.\(escape(suite.scene))\" name=\"\(escape(testCase.name))\" time=\"\(Self.seconds(testCase.time ?? 0))\""
                if testCase.failure == nil && testCase.skipped == nil && testCase.output == nil { xml += "/>\n"; continue }
                xml += ">\n"
                if let failure = testCase.failure {
                    xml += "      <failure type=\"\(escape(failure.type))\" message=\"\(escape(failure.message))\">\(escape(failure.detail))</failure>\n"
                }
                if let skipped = testCase.skipped { xml += "      <skipped message=\"\(escape(skipped))\"/>\n" }
                if let output = testCase.output { xml += "      <system-out>\(escape(output))</system-out>\n" }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func budgetCase(_ check: BenchComparison.BudgetCheck) -> Case {
        let budget = check.budget
        let unit = budget.metric.unit
        var testCase = Case(name: "\(check.key.traceName): budget \(budget.name)", time: durations[check.key])
        let value = Format.value(check.value, unit: unit)
        let words = budget.bandWords
        switch check.grade {
        case .critical:
            testCase.failure = ("budget", "\(budget.name) = \(value): critical (\(words.over) \(Format.number(budget.critical)))",
                                "\(check.key): \(budget.metric) \(budget.statistic.rawValue) = \(value); good \(words.under) \(Format.number(budget.warning)), critical \(words.over) \(Format.number(budget.critical)).")
        case .warning:
            testCase.skipped = "warning: \(budget.name) (\(budget.metric) \(budget.statistic.rawValue)) = \(value): "
                + "good \(words.under) \(Format.number(budget.warning)), critical \(words.over) \(Format.number(budget.critical))"
        case .good:
            testCase.output = "\(budget.metric) \(budget.statistic.rawValue) = \(value): good (\(words.under) \(Format.number(budget.warning)))"
        case .notMeasured:
            testCase.skipped = "not measured: \(budget.metric) is not measured in this run"
        }
        return testCase
    }

    private func regressionCase(_ key: EntryKey, rows: [BenchComparison.Row]) -> Case {
        var testCase = Case(name: "\(key.traceName): no regression against the baseline", time: durations[key])
        let regressions = rows.filter { $0.status == .regression }
        if comparison.lostRuns.contains(key), let lost = regressions.first {
            testCase.failure = ("regression", "no longer run", "\(key): \(lost.reason).")
        } else if !regressions.isEmpty {
            let names = regressions.map { "\($0.metric) \($0.statistic.rawValue)" }.joined(separator: ", ")
            let detail = regressions.map { "\($0.metric) \($0.statistic.rawValue) \(Format.change($0)): \($0.reason)" }.joined(separator: "\n")
            testCase.failure = ("regression", "regressed: \(names)", detail)
        } else if rows.allSatisfy({ $0.status == .noBaseline }) {
            testCase.skipped = "not in the baseline"
        }
        return testCase
    }

    /// Seconds with millisecond decimals, in the schema's SUREFIRE_TIME form (no exponent).
    private static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        // Past Int64's milliseconds (a damaged count of frames), the digits as printf writes them.
        guard value < 9e15 else { return String(format: "%.3f", value) }
        let millis = Int64((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func time(of cases: [Case]) -> Double {
        // Budget cases of one trace × scene share its replay: count each once.
        var seen = Set<String>(), total = 0.0
        for testCase in cases {
            let trace = String(testCase.name.prefix { $0 != ":" })
            if let time = testCase.time, seen.insert(trace).inserted { total += time }
        }
        return total
    }

    private func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 cannot carry the other C0 controls nor U+FFFE and U+FFFF, even as
                // references (xmllint refuses the file): they are written as visible text,
                // `\u{FFFE}`, so a name from a file name or a label stays recognisable.
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    result += "\\u{\(String(value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
