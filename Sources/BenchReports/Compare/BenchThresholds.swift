import RunRecord
import Foundation
import TouchBenchSupport
import TouchReplay
import TouchTrace

/// Tolerances, noise thresholds and budgets: `Benchmarks/thresholds.json`
/// (`touchbench.thresholds/1`, documented in docs/METRICS.md, "Tolerances and verdicts").
///
/// ```json
/// {"schema": "touchbench.thresholds/1",
///  "deterministic": {"default": {"absolute": 0, "relative": 0},
///                    "metrics": {"tracking_error_pt": {"absolute": 0.001}}},
///  "timing": {"default": {"relative": 0.1, "alpha": 0.05},
///             "metrics": {"cpu_per_frame_us": {"relative": 0.15, "absolute": 0.5}}},
///  "budgets": [{"name": "…", "metric": "hitch_time_ratio_ms_per_s", "statistic": "mean",
///               "scenes": ["scroll"], "warning": 5, "critical": 10}]}
/// ```
/// Every member is optional; what is missing takes the value of ``standard``.
public struct BenchThresholds: Sendable, Hashable {
    /// How much worse a metric may get before it counts as a regression.
    public struct Tolerance: Sendable, Hashable {
        /// Allowed worsening in the metric's unit…
        public var absolute: Double
        /// …or as a fraction of the baseline value, whichever is larger.
        public var relative: Double
        /// Deterministic metrics: the statistics checked. Timing metrics: the first is the
        /// one compared (the median of the repeats, `p50`, by default).
        public var statistics: [Statistic]
        /// Timing metrics: the significance level of the Mann–Whitney U test.
        public var alpha: Double
        /// Timing metrics: the smallest standardised effect (the change of the medians over
        /// the pooled standard deviation of the repeats, Cohen's d) that can be a verdict.
        public var effectSize: Double
        public var better: MetricName.Direction?

        public init(absolute: Double = 0, relative: Double = 0, statistics: [Statistic], alpha: Double = 0.05,
                    effectSize: Double = 2, better: MetricName.Direction? = nil) {
            self.absolute = absolute
            self.relative = relative
            self.statistics = statistics
            self.alpha = alpha
            self.effectSize = effectSize
            self.better = better
        }

        /// The worsening allowed from `baseline`.
        public func allowance(from baseline: Double) -> Double {
            max(absolute, relative * abs(baseline))
        }

        /// Whether tolerance is zero: any worsening counts.
        public var isExact: Bool { absolute == 0 && relative == 0 }
    }

    /// A limit a metric must stay within, baseline or not, graded in three bands:
    /// good below ``warning``, warning from ``warning`` to ``critical``, critical above it
    /// (failing the run).
    public struct Budget: Sendable, Hashable {
        public var name: String
        public var metric: MetricName
        public var statistic: Statistic
        /// The scenes it applies to; `nil` for all.
        public var scenes: [String]?
        public var warning: Double
        public var critical: Double

        public init(name: String, metric: MetricName, statistic: Statistic, scenes: [String]? = nil,
                    warning: Double, critical: Double) {
            self.name = name
            self.metric = metric
            self.statistic = statistic
            self.scenes = scenes
            self.warning = warning
            self.critical = critical
        }

        public func applies(to scene: String) -> Bool { scenes?.contains(scene) ?? true }
    }

    public var deterministicDefault: Tolerance
    public var deterministic: [MetricName: Tolerance]
    public var timingDefault: Tolerance
    public var timing: [MetricName: Tolerance]
    public var budgets: [Budget]

    public init(deterministicDefault: Tolerance, deterministic: [MetricName: Tolerance] = [:], timingDefault: Tolerance,
                timing: [MetricName: Tolerance] = [:], budgets: [Budget] = []) {
        self.deterministicDefault = deterministicDefault
        self.deterministic = deterministic
        self.timingDefault = timingDefault
        self.timing = timing
        self.budgets = budgets
    }

    /// Exact deterministic metrics; timing metrics 10 %, beyond their noise, d ≥ 2 and p < 0.05; the budgets of DESIGN.md
    /// (Apple's scroll bands for hitches in `scroll`, its animation bands elsewhere).
    public static let standard = BenchThresholds(
        deterministicDefault: Tolerance(statistics: [.mean, .p50, .p95, .p99, .max]),
        timingDefault: Tolerance(relative: 0.10, statistics: [.p50], alpha: 0.05, effectSize: 2),
        budgets: [
            Budget(name: "event latency p99", metric: "event_latency_ms", statistic: .p99, warning: 50, critical: 100),
            Budget(name: "CPU per frame p99 (timing)", metric: MetricName.cpuPerFrameP99, statistic: .p50, warning: 4167, critical: 8333),
            HitchBands.scrolling.budget(name: "hitch time ratio (scroll bands)", scenes: [SceneKind.scroll.name]),
            HitchBands.animation.budget(name: "hitch time ratio (animation bands)",
                                        scenes: SceneKind.allCases.filter { $0 != .scroll }.map(\.name)),
        ])

    /// The tolerance of `metric` of `kind`.
    public func tolerance(for metric: MetricName, kind: MetricKind) -> Tolerance {
        switch kind {
        case .deterministic: deterministic[metric] ?? deterministicDefault
        case .timing: timing[metric] ?? timingDefault
        }
    }

    /// Which way is better for `metric`: the file's word, else the catalogue's.
    public func direction(of metric: MetricName, kind: MetricKind) -> MetricName.Direction {
        tolerance(for: metric, kind: kind).better ?? metric.direction
    }
}
