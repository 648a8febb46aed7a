import RunRecord
import TouchBenchSupport

/// Judging a timing metric: a verdict only when the change is beyond the threshold, beyond
/// the noise measured inside both runs (robust dispersions of their repeats added), large as
/// an effect, and significant.
extension BenchComparison {
    /// How many robust standard deviations of its repeats a run's median is taken to be
    /// uncertain by. Three: for five normal repeats this is wider than their expected range
    /// (2.3 σ), which the rule used before, yet one wild repeat cannot widen it.
    public static let noiseWidth = 3.0

    /// The noise of a timing metric in one result: ``noiseWidth`` × the repeats' robust
    /// standard deviation (their interquartile range ÷ 1.349). Bench runs the repeats in
    /// rounds over the whole suite, so they see the load the machine had over the whole run.
    /// The spread (max − min) it replaces hung on the two extreme repeats alone: one slow
    /// repeat of five hid a doubling of the other four.
    public static func noise(_ repeats: [Double]) -> Double {
        noiseWidth * Statistics.robustStandardDeviation(repeats)
    }

    /// The change of the medians over the pooled robust standard deviation of the repeats (a
    /// robust Cohen's d: each run's interquartile range ÷ 1.349 stands for its standard
    /// deviation, so one wild repeat does not shrink the effect of a real change); infinite
    /// when both runs' repeats agree exactly and the medians differ.
    public static func effectSize(_ a: [Double], _ b: [Double], change: Double) -> Double {
        let n1 = Double(a.count), n2 = Double(b.count)
        guard n1 + n2 > 2 else { return change == 0 ? 0 : .infinity }
        let s1 = Statistics.robustStandardDeviation(a), s2 = Statistics.robustStandardDeviation(b)
        let pooled = (((n1 - 1) * s1 * s1 + (n2 - 1) * s2 * s2) / (n1 + n2 - 2)).squareRoot()
        guard pooled > 0 else { return change == 0 ? 0 : .infinity }
        return abs(change) / pooled
    }

    /// Sets `row`'s status and reason for a timing metric. Each test is reported in the
    /// reason, so a reader sees which one held the verdict back.
    ///
    /// `load` is how much the machine's load alone moves this metric between the runs (the
    /// calibration's factor, or its inverse for a rate; ``loadScale(of:factor:)``). It may
    /// only excuse: the metric is judged as measured, and a regression (or improvement) that
    /// is none against the baseline × `load` becomes noise. A metric within its noise as
    /// measured stays so whatever the load did.
    static func judgeTiming(_ row: inout Row, current: MetricSummary?, baseline: MetricSummary?,
                            tolerance: BenchThresholds.Tolerance, direction: MetricName.Direction, gate: Bool,
                            load: Double = 1) {
        judgeTiming(&row, current: current, baseline: baseline, tolerance: tolerance, direction: direction, gate: gate, scale: 1)
        guard load != 1 else { return }
        let verdictDirection: Int = switch row.status {
        case .regression, .advisory: 1
        case .improvement: -1
        default: 0
        }
        guard verdictDirection != 0 else { return }
        var loaded = row
        judgeTiming(&loaded, current: current, baseline: baseline, tolerance: tolerance, direction: direction, gate: gate, scale: load)
        let loadedDirection: Int = switch loaded.status {
        case .regression, .advisory: 1
        case .improvement: -1
        default: 0
        }
        guard loadedDirection != verdictDirection else { return }
        let word = verdictDirection > 0 ? "worse" : "better"
        // `load` scales the metric: above 1 a slower machine for a time, below 1 for a rate.
        let slower = direction == .higher ? load < 1 : load > 1
        row.status = .withinTolerance
        row.pValue = loaded.pValue
        row.reason = "timing, load: \(word) than the baseline, but not than the baseline × \(Format.number(load)) "
            + "(the machine's own \(slower ? "slowdown" : "speed-up") by its calibration)"
    }

    /// One judgement, against the baseline's value and repeats × `scale`.
    private static func judgeTiming(_ row: inout Row, current: MetricSummary?, baseline: MetricSummary?,
                                    tolerance: BenchThresholds.Tolerance, direction: MetricName.Direction, gate: Bool,
                                    scale shift: Double) {
        guard let now = row.current, let before = row.baseline.map({ $0 * shift }) else {
            row.status = .withinTolerance
            row.reason = "timing, measured on one side only"
            return
        }
        let worse = worsening(from: before, to: now, direction)
        let allowance = tolerance.allowance(from: before)
        let band = describe(tolerance, unit: row.unit)
        guard abs(worse) > allowance else {
            row.status = now == before ? .unchanged : .withinTolerance
            row.reason = "timing, noise: within its ±\(band) band"
            return
        }
        let a = current?.repeats ?? [], b = (baseline?.repeats ?? []).map { $0 * shift }
        guard a.count >= 2, b.count >= 2, let test = MannWhitney.test(a, b) else {
            row.status = .withinTolerance
            row.reason = "timing, beyond \(band) but \(min(a.count, b.count)) repeat(s): cannot be significant"
            return
        }
        row.pValue = test.p
        // Each median is uncertain by its run's noise, so the two add up: with only the wider
        // one, a load shift between two runs of one build (measured: 1 of 19 pairs of
        // back-to-back benches) still passed for a change.
        let noise = Self.noise(a) + Self.noise(b)
        guard abs(worse) > noise else {
            row.status = .withinTolerance
            row.reason = "timing, noise: beyond \(band) but within the repeats' spread (\(Format.value(noise, unit: row.unit)), \(Format.number(Self.noiseWidth)) robust σ of each run added)"
            return
        }
        let effect = effectSize(a, b, change: now - before)
        guard effect >= tolerance.effectSize else {
            row.status = .withinTolerance
            row.reason = "timing, noise: effect size d = \(Format.number(effect)) below its floor \(Format.number(tolerance.effectSize))"
            return
        }
        let testText = "Mann–Whitney p = \(Format.number(test.p))"
        guard test.p < tolerance.alpha else {
            row.status = .withinTolerance
            row.reason = "timing, noise: beyond \(band) but not significant (\(testText) ≥ α \(Format.number(tolerance.alpha)))"
            return
        }
        let how = "beyond \(band), the repeats' spread (\(Format.number(Self.noiseWidth)) robust σ of each run) and d ≥ \(Format.number(tolerance.effectSize)), significant (\(testText))"
        if worse < 0 {
            row.status = .improvement
            row.reason = "timing, better " + how
        } else if gate {
            row.status = .regression
            row.reason = "timing, worse " + how
        } else {
            row.status = .advisory
            row.reason = "timing, worse " + how + "; advisory without --timing-gate"
        }
    }
}
