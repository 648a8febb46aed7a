import RunRecord
import TouchBenchSupport

/// Deciding regression, improvement or noise for every metric.
extension BenchComparison {
    /// Compares `current` with `baseline` (if any) under `thresholds`, and checks every budget.
    /// A timing regression fails the run only with `timingGate` (`--timing-gate`); without it
    /// it is ``Status/advisory``.
    public init(current: BenchResult, baseline: BenchResult?, thresholds: BenchThresholds = .standard,
                timingGate: Bool = false) {
        self.timingGate = timingGate
        entryCount = current.entries.count
        repeats = current.environment.repeats
        hasBaseline = baseline != nil
        // A shard the hash left empty holds nothing by design; any other empty result ran
        // nothing, which must not gate green (compare of a merge of empty shards).
        nothingMeasured = current.entries.isEmpty && current.shard == nil
        var timingComparable = true
        var lost: [RunRecord] = []
        if let baseline {
            if let mismatch = current.environment.timingMismatch(with: baseline.environment) {
                timingComparable = false
                warnings.append("The baseline ran elsewhere (\(mismatch)): only deterministic metrics are compared.")
            }
            let missing = baseline.entries.filter { current[$0.key] == nil }
            // A shard holds its share of the suite alone: the baseline's runs of the other
            // shards are compared once the shards are merged (docs/CI.md). Any other run of
            // the baseline missing here stopped running — lost, as a metric no longer measured.
            lost = current.shard.map { shard in missing.filter { shard.contains(trace: $0.trace) } } ?? missing
            lostRuns = Set(lost.map(\.key))
            if let shard = current.shard, lost.count < missing.count {
                let elsewhere = missing.filter { !lostRuns.contains($0.key) }.map(\.key)
                let names = elsewhere.prefix(5).map(\.description).joined(separator: ", ")
                warnings.append("\(elsewhere.count) baseline entr\(elsewhere.count == 1 ? "y is" : "ies are") in other shards than \(shard) (\(names)\(elsewhere.count > 5 ? ", …" : "")): compared once the shards are merged")
            }
            let fewest = min(current.environment.repeats, baseline.environment.repeats)
            if timingComparable && fewest > 0 && Self.smallestPValue(fewest, fewest) >= thresholds.timingDefault.alpha {
                warnings.append("With \(fewest) repeats no timing change can be significant at α = \(Format.number(thresholds.timingDefault.alpha)); use --repeat 5 or more.")
            }
        }
        var load = LoadFactor.uncorrected(reason: nil)
        if let baseline, timingComparable {
            load = Self.loadFactor(current: current, baseline: baseline)
            if let warning = load.warning { warnings.append(warning) }
        }
        timingCompared = hasBaseline && timingComparable
        loadFactor = load.factor
        // Lost runs take their place in key order, among the current result's entries.
        var lostRows = lost.map(Self.lostRow).makeIterator(), nextLost = lostRows.next()
        for entry in current.entries {
            while let row = nextLost, row.key < entry.key {
                rows.append(row)
                nextLost = lostRows.next()
            }
            let base = baseline?[entry.key]
            var entryTiming = timingComparable
            if let base, base.settings != entry.settings {
                entryTiming = false
                warnings.append("\(entry.key) ran with other settings (\(base.settings) vs \(entry.settings)): its timing metrics are not compared.")
            }
            rows += Self.rows(entry: entry, baseline: base, hasBaseline: baseline != nil, timingComparable: entryTiming,
                              thresholds: thresholds, timingGate: timingGate, load: load.factor)
            budgetChecks += Self.budgetChecks(entry: entry, thresholds: thresholds)
        }
        while let row = nextLost {
            rows.append(row)
            nextLost = lostRows.next()
        }
    }

    /// The one row of a baseline run the current result lacks: its frames, no longer there.
    /// One row, not one per metric, so that a lost run reads as one failure.
    private static func lostRow(_ entry: RunRecord) -> Row {
        Row(key: entry.key, metric: MetricName.frameCount, kind: .deterministic, statistic: .mean, current: nil,
            baseline: Double(entry.frames), status: .regression,
            reason: "no longer run: the baseline has this trace × scene, this result does not", pValue: nil)
    }

    /// The smallest two-sided exact p-value Mann–Whitney can give for samples of n1 and n2.
    static func smallestPValue(_ n1: Int, _ n2: Int) -> Double {
        MannWhitney.exactTwoSided(u: 0, n1: max(1, n1), n2: max(1, n2))
    }

    /// The deterministic pseudo-metrics compare adds to a record: unanswered events always;
    /// frame, sample and event counts for a virtual-clock record (on a wall clock, real frames
    /// are dropped under load, so its counts are not deterministic), unless `runCounts` is
    /// false: compared with a record of the other clock, they are measured another way.
    static func counts(of record: RunRecord, runCounts: Bool = true) -> [MetricName: MetricSummary] {
        var counts: [MetricName: MetricSummary] = [MetricName.unansweredEvents: .single(Double(record.unansweredEvents), kind: .deterministic)]
        guard runCounts, record.mode == "virtual" else { return counts }
        counts[MetricName.frameCount] = .single(Double(record.frames), kind: .deterministic)
        counts[MetricName.sampleCount] = .single(Double(record.samples), kind: .deterministic)
        counts[MetricName.eventCount] = .single(Double(record.events.count), kind: .deterministic)
        return counts
    }

    private static func rows(entry: RunRecord, baseline: RunRecord?, hasBaseline: Bool, timingComparable: Bool,
                             thresholds: BenchThresholds, timingGate: Bool, load: Double?) -> [Row] {
        var metrics = entry.metrics
        var baseMetrics = baseline?.metrics ?? [:]
        // A wall-clock run against a virtual-clock baseline (or the other way) has no counts to
        // compare: listed as lost, they failed the comparison one way round and not the other.
        let sameClock = baseline.map { $0.mode == entry.mode } ?? true
        metrics.merge(counts(of: entry, runCounts: sameClock)) { _, count in count }
        if let baseline { baseMetrics.merge(counts(of: baseline, runCounts: sameClock)) { _, count in count } }
        let names = Set(metrics.keys).union(baseMetrics.keys)
            .map { (rank: $0.reportRank, name: $0) }.sorted { ($0.rank, $0.name) < ($1.rank, $1.name) }.map(\.name)
        var rows: [Row] = []
        for name in names {
            let current = metrics[name], base = baseMetrics[name]
            // Nothing measured on either side (e.g. no pause in the trace): nothing to say.
            if (current?.isEmpty ?? true) && (base?.isEmpty ?? true) { continue }
            // The baseline's kind where it has one: the new file's word is what is in question.
            let kind = base?.kind ?? current?.kind ?? .deterministic
            let tolerance = thresholds.tolerance(for: name, kind: kind)
            let direction = thresholds.direction(of: name, kind: kind)
            // A metric a budget judges is shown by the budget's statistic (p99 of event latency, not p95).
            let judged = thresholds.budgets.first { $0.metric == name && $0.applies(to: entry.scene) }?.statistic
            var row = Row(key: entry.key, metric: name, kind: kind, statistic: judged ?? name.headline(kind: kind),
                          current: nil, baseline: nil, status: .noBaseline, reason: "no baseline", pValue: nil)
            if !hasBaseline || baseline == nil {
                if hasBaseline { row.reason = "new in this run" }
                row.current = current?.value(row.statistic)
                rows.append(row)
                continue
            }
            // The same metric measured one way in the baseline and another now: its numbers are
            // no longer comparable, and taking the new file's word for its kind would let a
            // deterministic regression pass as timing noise (hostile report 17).
            // (Under other settings — a wall-clock run against a virtual-clock baseline — kinds
            // differ by design: not compared.)
            // An empty summary has no kind to compare: written as a bare `null` it reads back
            // as deterministic whatever it was (an empty timing metric then looked changed).
            if let current, let base, let baseline, current.kind != base.kind, current.count > 0, base.count > 0 {
                row.current = current.value(row.statistic)
                row.baseline = base.value(row.statistic)
                let change = "from \(base.kind.rawValue) in the baseline to \(current.kind.rawValue)"
                if entry.settings == baseline.settings {
                    row.status = .regression
                    row.reason = "its kind changed \(change): not comparable"
                } else {
                    row.status = .notCompared
                    row.reason = "measured another way under other settings (\(change)): not compared"
                }
                rows.append(row)
                continue
            }
            switch kind {
            case .deterministic:
                judgeDeterministic(&row, current: current, baseline: base, tolerance: tolerance, direction: direction)
            case .timing:
                row.statistic = tolerance.statistics.first ?? .p50
                row.current = current?.value(row.statistic)
                row.baseline = base?.value(row.statistic)
                if timingComparable {
                    judgeTiming(&row, current: current, baseline: base, tolerance: tolerance, direction: direction,
                                gate: timingGate, load: load.map { Self.loadScale(of: name, factor: $0) } ?? 1)
                } else {
                    row.status = .notCompared
                    row.reason = "timing from another machine or settings: not compared"
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// Values as the result files store them (six decimals), so a result compared in memory
    /// and after a round trip through its file gets the same verdict.
    private static func stored(_ value: Double?) -> Double? {
        value.map { ($0 * 1e6).rounded() / 1e6 }
    }

    private static func judgeDeterministic(_ row: inout Row, current: MetricSummary?, baseline: MetricSummary?,
                                           tolerance: BenchThresholds.Tolerance, direction: MetricName.Direction) {
        var worst: (statistic: Statistic, excess: Double)?
        var largestChange: (statistic: Statistic, size: Double)?
        var improved = false, worsenedWithin = false
        // How many values were summarised is compared exactly whatever the tolerance: a
        // response that is now timed for one input fewer, or an extra settle, is a change of
        // behaviour even when every statistic stays within tolerance.
        // Measured on one side only is not a count change: a metric no longer measured is
        // judged below; one measured only now is listed (a new metric, an input answered now).
        if let now = current?.count, let before = baseline?.count, now > 0, before > 0, now != before {
            worst = (.count, Double(abs(now - before)) / Double(max(before, 1)))
        }
        // Measured in the baseline and no longer at all (missing, or no values): the code
        // stopped doing what was measured (a reversal no longer answered, a release no longer
        // animated) — the same trace on the same model cannot lose it otherwise.
        if let before = baseline, !before.isEmpty, current?.isEmpty ?? true {
            row.baseline = before.value(row.statistic)
            row.current = nil
            row.status = .regression
            row.reason = "deterministic, no longer measured (\(before.count) value\(before.count == 1 ? "" : "s") in the baseline)"
            return
        }
        for statistic in tolerance.statistics {
            let now = stored(current.flatMap { $0.isEmpty ? nil : $0.value(statistic) })
            let before = stored(baseline.flatMap { $0.isEmpty ? nil : $0.value(statistic) })
            guard now != before else { continue }
            guard let now, let before else {
                // Measured now and not in the baseline (a baseline without it is judged
                // above): listed as a change.
                worsenedWithin = true
                if largestChange == nil { largestChange = (statistic, .infinity) }
                continue
            }
            let worse = Self.worsening(from: before, to: now, direction)
            let size = abs(now - before) / max(abs(before), 1e-9)
            if size > largestChange?.size ?? -1 { largestChange = (statistic, size) }
            if worse > tolerance.allowance(from: before) {
                let excess = worse / max(abs(before), 1e-9)
                if worst?.statistic != .count && excess > worst?.excess ?? -1 { worst = (statistic, excess) }
            } else if worse > 0 {
                worsenedWithin = true
            } else if -worse > tolerance.allowance(from: before) {
                improved = true
            } else {
                worsenedWithin = true
            }
        }
        row.statistic = worst?.statistic ?? largestChange?.statistic ?? row.statistic
        row.current = current.flatMap { $0.isEmpty ? nil : $0.value(row.statistic) }
        row.baseline = baseline.flatMap { $0.isEmpty ? nil : $0.value(row.statistic) }
        let toleranceText = tolerance.isExact ? "exact tolerance" : "tolerance \(describe(tolerance, unit: row.unit))"
        if worst?.statistic == .count {
            row.status = .regression
            row.reason = "deterministic, count changed (compared exactly)"
        } else if worst != nil {
            row.status = .regression
            row.reason = "deterministic, worse beyond its \(toleranceText)"
        } else if improved && !worsenedWithin {
            row.status = .improvement
            row.reason = "deterministic, better"
        } else if largestChange != nil {
            row.status = .withinTolerance
            row.reason = improved ? "deterministic, mixed changes within \(toleranceText)" : "deterministic, changed within \(toleranceText)"
        } else {
            row.status = .unchanged
            row.reason = "deterministic, identical"
        }
    }

    /// How much worse `now` is than `before` (negative when better); for a metric with no
    /// better side, any change is worse.
    static func worsening(from before: Double, to now: Double, _ direction: MetricName.Direction) -> Double {
        switch direction {
        case .lower: now - before
        case .higher: before - now
        case .either: abs(now - before)
        }
    }

    static func describe(_ tolerance: BenchThresholds.Tolerance, unit: String) -> String {
        var parts: [String] = []
        if tolerance.relative > 0 { parts.append(JSONWriter.format(tolerance.relative * 100, decimals: 1) + " %") }
        if tolerance.absolute > 0 { parts.append(Format.value(tolerance.absolute, unit: unit)) }
        return parts.isEmpty ? "0" : parts.joined(separator: " or ")
    }

    private static func budgetChecks(entry: RunRecord, thresholds: BenchThresholds) -> [BudgetCheck] {
        thresholds.budgets.filter { $0.applies(to: entry.scene) }.map { budget in
            let summary = budget.metric == MetricName.unansweredEvents
                ? .single(Double(entry.unansweredEvents), kind: .deterministic) : entry.metrics[budget.metric]
            guard let summary, !summary.isEmpty, let value = summary.value(budget.statistic) else {
                return BudgetCheck(key: entry.key, budget: budget, value: nil, grade: .notMeasured)
            }
            return BudgetCheck(key: entry.key, budget: budget, value: value, grade: budget.grade(value))
        }
    }
}
