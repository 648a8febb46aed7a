extension RunRecord {
    /// The record of `runs` of one trace through one scene repeated: the first run's record
    /// with every timing metric replaced by its summary over the runs, each run contributing
    /// its mean (the rule bench applies to its repeats, so `compare` judges the spread).
    /// `nil` for no runs.
    public static func overRepeats(_ runs: [RunRecord]) -> RunRecord? {
        guard var merged = runs.first else { return nil }
        for (name, summary) in merged.metrics where summary.kind == .timing {
            let means = runs.compactMap { run -> Double? in
                guard let value = run.metrics[name], !value.isEmpty else { return nil }
                return value.mean
            }
            merged.metrics[name] = MetricSummary.overRepeats(means)
        }
        return merged
    }
}
