import RunRecord
import TouchBenchSupport

/// Judging a timing metric: a verdict only when the change is beyond the threshold, beyond
/// the noise measured inside both runs (the spreads of their repeats added), large as an
/// effect, and significant.
extension BenchComparison {
    /// The noise of a timing metric in one result: the spread (max − min) of its repeats.
    /// Bench runs the repeats in rounds over the whole suite, so the spread sees the load the
    /// machine had over the whole run, not only a burst of it.
    public static func noise(_ repeats: [Double]) -> Double {
        guard let low = repeats.min(), let high = repeats.max() else { return 0 }
        return high - low
    }

    /// The change of the medians over the pooled standard deviation of the repeats (Cohen's
    /// d); infinite when both runs repeated exactly and the medians differ.
    public static func effectSize(_ a: [Double], _ b: [Double], change: Double) -> Double {
        let n1 = Double(a.count), n2 = Double(b.count)
        guard n1 + n2 > 2 else { return change == 0 ? 0 : .infinity }
        func sumOfSquares(_ values: [Double]) -> Double {
            let mean = Statistics.mean(values)
            return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        }
        let pooled = ((sumOfSquares(a) + sumOfSquares(b)) / (n1 + n2 - 2)).squareRoot()
        guard pooled > 0 else { return change == 0 ? 0 : .infinity }
        return abs(change) / pooled
    }

    /// Sets `row`'s status and reason for a timing metric. Each test is reported in the
    /// reason, so a reader sees which one held the verdict back.
    static func judgeTiming(_ row: inout Row, current: MetricSummary?, baseline: MetricSummary?,
                            tolerance: BenchThresholds.Tolerance, direction: MetricName.Direction, gate: Bool) {
        guard let now = row.current, let before = row.baseline else {
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
        let a = current?.repeats ?? [], b = baseline?.repeats ?? []
        guard a.count >= 2, b.count >= 2, let test = MannWhitney.test(a, b) else {
            row.status = .withinTolerance
            row.reason = "timing, beyond \(band) but \(min(a.count, b.count)) repeat(s): cannot be significant"
            return
        }
        row.pValue = test.p
        // Each median is uncertain by up to its run's spread, so the two add up: with only the
        // wider one, a load shift between two runs of one build (measured: 1 of 19 pairs of
        // back-to-back benches) still passed for a change.
        let noise = Self.noise(a) + Self.noise(b)
        guard abs(worse) > noise else {
            row.status = .withinTolerance
            row.reason = "timing, noise: beyond \(band) but within the repeats' spread (\(Format.value(noise, unit: row.unit)) over both runs)"
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
        let how = "beyond \(band), the repeats' spread and d ≥ \(Format.number(tolerance.effectSize)), significant (\(testText))"
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
