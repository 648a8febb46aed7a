import RunRecord
import TouchReplay

/// Apple's bands for the hitch time ratio (ms of hitch per s of display): the one grading
/// rule for hitches. `replay` grades its run with it, and the standard budgets `bench` and
/// `compare` apply are built from it, so the two always agree about the same run.
public struct HitchBands: Sendable, Hashable {
    /// `scrolling` or `animation`.
    public var name: String
    /// A ratio at or above this is a warning, ms/s.
    public var warning: Double
    /// A ratio above this is critical, ms/s.
    public var critical: Double

    public init(name: String, warning: Double, critical: Double) {
        self.name = name
        self.warning = warning
        self.critical = critical
    }

    /// Scrolling: under 5 good, 5–10 warning, over 10 critical.
    public static let scrolling = HitchBands(name: "scrolling", warning: 5, critical: 10)
    /// Every other animation: under 10 good, 10–25 warning, over 25 critical.
    public static let animation = HitchBands(name: "animation", warning: 10, critical: 25)

    /// The bands a scene's hitches are graded by: scrolling for `scroll`, animation for the rest.
    public static func forScene(_ scene: String) -> HitchBands {
        scene == SceneKind.scroll.name ? .scrolling : .animation
    }

    /// The grade of `ratio`, by the rule every budget uses.
    public func grade(_ ratio: Double) -> BenchComparison.Grade {
        BenchThresholds.Budget.grade(ratio, warning: warning, critical: critical)
    }

    /// "Apple's scrolling bands: <5 good, 5–10 warning, >10 critical".
    public var legend: String {
        func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
        return "Apple's \(name) bands: <\(text(warning)) good, \(text(warning))–\(text(critical)) warning, >\(text(critical)) critical"
    }

    /// The budget checking these bands in `scenes`.
    public func budget(name: String, scenes: [String]) -> BenchThresholds.Budget {
        BenchThresholds.Budget(name: name, metric: .hitchTimeRatio, statistic: .mean, scenes: scenes,
                               warning: warning, critical: critical)
    }
}

extension BenchThresholds.Budget {
    /// Critical above `critical`, a warning from `warning` on, good below.
    public static func grade(_ value: Double, warning: Double, critical: Double) -> BenchComparison.Grade {
        value > critical ? .critical : value >= warning ? .warning : .good
    }

    /// The grade of `value` against this budget. For a metric where higher is better
    /// (`intent_accuracy`) the bands turn over: good at or above ``warning``, a warning below
    /// it, critical below ``critical``.
    public func grade(_ value: Double) -> BenchComparison.Grade {
        guard metric.direction == .higher else { return Self.grade(value, warning: warning, critical: critical) }
        return value < critical ? .critical : value < warning ? .warning : .good
    }

    /// The comparison words of its bands: ("<", ">") where lower is better, ("≥", "<") where
    /// higher is (good `good` warning, critical `bad` critical).
    public var bandWords: (good: String, bad: String, under: String, over: String) {
        metric.direction == .higher ? ("≥", "<", "at or above", "below") : ("<", ">", "under", "over")
    }

    /// "good < 50, critical > 100" (or "good ≥ 1, critical < 0.9").
    public var limitsText: String {
        "good \(bandWords.good) \(Format.number(warning)), critical \(bandWords.bad) \(Format.number(critical))"
    }
}
