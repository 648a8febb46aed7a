import BenchReports
import RunRecord
import Testing

/// A run of the baseline missing from the new result fails as a metric no longer measured
/// does, and a result with no run at all never passes (hostile round 3: an empty result, or
/// one that lost runs, passed with a warning).
@Suite struct LostRunsTests {
    static let lostReason = "no longer run: the baseline has this trace × scene, this result does not"

    @Test("a run of the baseline missing from the new result is one regression, in key order")
    func aLostRunIsARegression() throws {
        let baseline = Fixtures.result()
        let lost = EntryKey(trace: "trace-1.touchtrace", scene: "pip")
        let current = BenchResult(entries: baseline.entries.filter { $0.key != lost }, environment: baseline.environment,
                                  calibration: baseline.calibration)
        let comparison = BenchComparison(current: current, baseline: baseline)
        #expect(comparison.verdict == .fail)
        #expect(comparison.lostRuns == [lost])
        #expect(comparison.warnings.isEmpty)
        #expect(comparison.headline == "FAIL: 1 baseline run missing")
        #expect(comparison.failureMessages == ["regression: trace-1.touchtrace · pip: frames mean 240 → — frames — \(Self.lostReason)"])
        let row = try #require(comparison.regressions.first)
        #expect(row.key == lost && row.metric == MetricName.frameCount && row.statistic == .mean)
        #expect(row.baseline == 240 && row.current == nil && row.reason == Self.lostReason)
        // Rows stay in entry order: the lost run's row between trace-0's and trace-1 · scroll's.
        let keys = comparison.rows.map(\.key).reduce(into: [EntryKey]()) { if $0.last != $1 { $0.append($1) } }
        #expect(keys == baseline.entries.map(\.key))
        // Two runs lost, one more metric regressed: the headline counts each kind apart.
        var worse = current
        var entry = try #require(worse.entries.first)
        entry.metrics["tracking_error_pt"] = Fixtures.latency(9)
        worse.insert(entry)
        let both = BenchComparison(current: BenchResult(entries: worse.entries.dropLast(), environment: worse.environment),
                                   baseline: baseline)
        #expect(both.headline == "FAIL: 2 baseline runs missing, 1 regression")
    }

    @Test("every report of a lost run says it failed and why")
    func reportsOfALostRun() throws {
        let baseline = Fixtures.result()
        let current = BenchResult(entries: baseline.entries.dropFirst().map { $0 }, environment: baseline.environment)
        let comparison = BenchComparison(current: current, baseline: baseline)
        let junit = JUnitReport(comparison: comparison, current: current).render()
        #expect(junit.contains("""
                <testcase classname="touchbench.pip" name="trace-0: no regression against the baseline" time="0">
                  <failure type="regression" message="no longer run">trace-0.touchtrace · pip: \(Self.lostReason).</failure>
            """))
        // Seven runs × three budgets, and eight regression cases: the lost run's is the failure.
        #expect(junit.contains("<testsuites name=\"touchbench\" tests=\"29\" failures=\"1\""))
        let markdown = MarkdownReport(comparison: comparison, baselineName: "base.json").render()
        #expect(markdown.hasPrefix("## ❌ TouchBench: FAIL: 1 baseline run missing\n"))
        #expect(markdown.contains("- regression: trace-0.touchtrace · pip: frames mean 240 → — frames — \(Self.lostReason)\n"))
        #expect(markdown.contains("| trace-0 | frames mean | — | 240 frames | — | ❌ regression: \(Self.lostReason) |"))
        let html = HTMLReport(comparison: comparison, result: current, baseline: baseline).render()
        #expect(html.contains("<li>regression: trace-0.touchtrace · pip: frames mean 240 → — frames — \(Self.lostReason)</li>"))
        #expect(html.contains("<tr class=\"regression\"><td>trace-0</td><td>frames mean</td>"))
    }

    @Test("a result with no run fails, whether or not the baseline has runs; an empty shard does not")
    func anEmptyResultFails() throws {
        let baseline = Fixtures.result(traces: 2, scenes: ["scroll"])
        let empty = BenchResult(entries: [], environment: baseline.environment)
        let againstRuns = BenchComparison(current: empty, baseline: baseline)
        #expect(againstRuns.verdict == .fail && againstRuns.nothingMeasured)
        #expect(againstRuns.headline == "FAIL: no run measured, 2 baseline runs missing")
        #expect(againstRuns.failureMessages.first == "nothing measured: the result holds no run (trace × scene), so it gates nothing")
        #expect(againstRuns.failureMessages.count == 3)
        // On main before any baseline, CI compares the run with itself: empty, it still fails.
        let alone = BenchComparison(current: empty, baseline: empty)
        #expect(alone.verdict == .fail && alone.headline == "FAIL: no run measured")
        #expect(alone.failureMessages == ["nothing measured: the result holds no run (trace × scene), so it gates nothing"])
        let junit = JUnitReport(comparison: alone, current: empty).render()
        #expect(junit.contains("""
              <testsuite name="touchbench.result" tests="1" failures="1" errors="0" skipped="0" time="0">
                <testcase classname="touchbench.result" name="the result holds runs" time="0">
                  <failure type="empty" message="no run measured">the result holds no run (trace × scene), so it gates nothing</failure>
            """))
        #expect(MarkdownReport(comparison: alone).render().hasPrefix("## ❌ TouchBench: FAIL: no run measured\n"))
        #expect(BenchComparison(current: empty, baseline: nil).verdict == .fail)
        // A shard the hash left empty is no failure: its runs are the other shards'.
        let shard = try #require(BenchShard(index: 2, count: 2))
        let emptyShard = BenchResult(entries: [], environment: baseline.environment, shard: shard)
        #expect(BenchComparison(current: emptyShard, baseline: nil).verdict == .pass)
        let otherShard = BenchResult(entries: baseline.entries.filter { !shard.contains(trace: $0.trace) }, environment: baseline.environment)
        #expect(otherShard.entries.map(\.trace) == ["trace-1.touchtrace"])
        let noted = BenchComparison(current: emptyShard, baseline: otherShard)
        #expect(noted.verdict == .warn && noted.lostRuns.isEmpty && !noted.nothingMeasured)
        // Against the whole baseline, the run of its own shard is lost.
        let lossy = BenchComparison(current: emptyShard, baseline: baseline)
        #expect(lossy.verdict == .fail && lossy.lostRuns == [EntryKey(trace: "trace-0.touchtrace", scene: "scroll")])
        #expect(lossy.headline == "FAIL: 1 baseline run missing")
    }

    /// `bench --shard i/n --baseline B` compares a shard with the whole suite's baseline: the
    /// other shards' runs are a note, its own shard's missing runs are lost.
    @Test("a shard against a whole baseline: other shards' runs noted, its own lost ones failed")
    func aShardAgainstAWholeBaseline() throws {
        let baseline = Fixtures.result(traces: 4, scenes: ["scroll"])
        let shard = try #require(BenchShard(index: 1, count: 2))
        let mine = baseline.entries.filter { shard.contains(trace: $0.trace) }
        #expect(mine.map(\.trace) == ["trace-1.touchtrace", "trace-3.touchtrace"])
        let current = BenchResult(entries: mine, environment: baseline.environment, shard: shard, calibration: baseline.calibration)
        let comparison = BenchComparison(current: current, baseline: baseline)
        #expect(comparison.verdict == .warn && comparison.lostRuns.isEmpty && comparison.regressions.isEmpty)
        #expect(comparison.warnings == [
            "2 baseline entries are in other shards than 1/2 (trace-0.touchtrace · scroll, trace-2.touchtrace · scroll): compared once the shards are merged",
        ])
        let partial = BenchResult(entries: Array(mine.prefix(1)), environment: baseline.environment, shard: shard,
                                  calibration: baseline.calibration)
        let lossy = BenchComparison(current: partial, baseline: baseline)
        #expect(lossy.verdict == .fail && lossy.lostRuns == [EntryKey(trace: "trace-3.touchtrace", scene: "scroll")])
        #expect(lossy.warnings.count == 1)
    }
}

extension LostRunsTests {
    /// A trace named with HTML, lost from the current result: the Markdown report (a GitHub job
    /// summary, which renders HTML) shows the name as written, in the failure list and in the
    /// table. Before, `<b>` set the rest of the summary in bold.
    @Test func theMarkdownReportShowsHTMLInNamesAsWritten() throws {
        var record = try #require(Fixtures.result().entries.first)
        record.trace = "<b>&x</b>.touchtrace"
        let baseline = BenchResult(entries: [record], environment: Fixtures.result().environment)
        let current = BenchResult(entries: [], environment: baseline.environment)
        let markdown = MarkdownReport(comparison: BenchComparison(current: current, baseline: baseline)).render()
        #expect(!markdown.contains("<b>"))
        #expect(markdown.contains("&lt;b&gt;&amp;x&lt;/b&gt;.touchtrace · "))
    }
}
