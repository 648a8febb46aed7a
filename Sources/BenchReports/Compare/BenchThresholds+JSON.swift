import RunRecord
import Foundation
import TouchBenchSupport
import TouchTrace

/// Reading `touchbench.thresholds/1` files.
extension BenchThresholds {
    public static let schema = "touchbench.thresholds/1"

    /// Reads a thresholds file; members it lacks keep the ``standard`` values.
    public static func load(from path: String) throws(BenchReportError) -> BenchThresholds {
        let bytes = try ReportFile.read(path)
        do { return try decode(String(decoding: bytes, as: UTF8.self)) } catch {
            throw BenchReportError(.malformed, path: path, reason: error.description)
        }
    }

    public static func decode(_ text: String) throws(ResultDecodingError) -> BenchThresholds {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ResultDecodingError("is not JSON (at byte \(error.offset): \(error.reason))")
        }
        let schema = value["schema"]?.stringValue ?? ""
        guard schema == Self.schema else {
            throw ResultDecodingError("has schema '\(schema)', not \(Self.schema)")
        }
        var thresholds = standard
        if let section = value["deterministic"] {
            thresholds.deterministicDefault = try tolerance(section["default"], base: standard.deterministicDefault, at: "deterministic.default")
            for (name, entry) in section["metrics"]?.objectMembers ?? [] {
                let metric = try known(name, at: "deterministic.metrics")
                thresholds.deterministic[metric] = try tolerance(entry, base: thresholds.deterministicDefault, at: "deterministic.metrics.\(name)")
            }
        }
        if let section = value["timing"] {
            thresholds.timingDefault = try tolerance(section["default"], base: standard.timingDefault, at: "timing.default")
            for (name, entry) in section["metrics"]?.objectMembers ?? [] {
                let metric = try known(name, at: "timing.metrics")
                thresholds.timing[metric] = try tolerance(entry, base: thresholds.timingDefault, at: "timing.metrics.\(name)")
            }
        }
        if let budgets = value["budgets"] {
            guard let list = budgets.arrayValue else { throw ResultDecodingError("budgets is not an array") }
            thresholds.budgets = try list.enumerated().map { (index, entry) throws(ResultDecodingError) in
                try budget(entry, at: "budgets[\(index)]")
            }
        }
        return thresholds
    }

    /// The metric `name` names, when the catalogue knows it (``MetricName/known``).
    private static func known(_ name: String, at place: String) throws(ResultDecodingError) -> MetricName {
        let metric = MetricName(name)
        guard MetricName.known.contains(metric) else {
            throw ResultDecodingError("\(place) names '\(name)', which is no metric touchbench measures (docs/METRICS.md lists them)")
        }
        return metric
    }

    private static func tolerance(_ value: JSONValue?, base: Tolerance, at place: String) throws(ResultDecodingError) -> Tolerance {
        guard let value else { return base }
        guard value.objectMembers != nil else { throw ResultDecodingError("\(place) is not an object") }
        var result = base
        if let absolute = value["absolute"] {
            guard let number = absolute.doubleValue, number >= 0 else { throw ResultDecodingError("\(place).absolute is not a number ≥ 0") }
            result.absolute = number
        }
        if let relative = value["relative"] {
            guard let number = relative.doubleValue, number >= 0 else { throw ResultDecodingError("\(place).relative is not a number ≥ 0") }
            result.relative = number
        }
        if let alpha = value["alpha"] {
            guard let number = alpha.doubleValue, number > 0, number < 1 else { throw ResultDecodingError("\(place).alpha is not between 0 and 1") }
            result.alpha = number
        }
        if let effect = value["effectSize"] {
            guard let number = effect.doubleValue, number >= 0 else { throw ResultDecodingError("\(place).effectSize is not a number ≥ 0") }
            result.effectSize = number
        }
        if let statistics = value["statistics"] ?? value["statistic"].map({ .array([$0]) }) {
            let names = statistics.arrayValue?.compactMap(\.stringValue) ?? []
            let parsed = names.compactMap(Statistic.init(rawValue:))
            guard !parsed.isEmpty, parsed.count == names.count else {
                throw ResultDecodingError("\(place).statistics must name some of \(Statistic.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            result.statistics = parsed
        }
        if let better = value["better"] {
            guard let direction = better.stringValue.flatMap(MetricName.Direction.init(rawValue:)) else {
                throw ResultDecodingError("\(place).better is not 'lower', 'higher' or 'either'")
            }
            result.better = direction
        }
        return result
    }

    private static func budget(_ value: JSONValue, at place: String) throws(ResultDecodingError) -> Budget {
        guard let metric = value["metric"]?.stringValue else { throw ResultDecodingError("\(place) has no metric") }
        let higher = try known(metric, at: "\(place).metric").direction == .higher
        guard let warning = value["warning"]?.doubleValue, let critical = value["critical"]?.doubleValue,
              higher ? warning >= critical : warning <= critical else {
            throw ResultDecodingError("\(place) needs numbers warning \(higher ? "≥" : "≤") critical (\(metric) is better \(higher ? "higher" : "lower"))")
        }
        let statisticName = value["statistic"]?.stringValue ?? "p99"
        guard let statistic = Statistic(rawValue: statisticName) else {
            throw ResultDecodingError("\(place).statistic '\(statisticName)' is unknown")
        }
        let scenes = value["scenes"]?.arrayValue?.compactMap(\.stringValue)
        let name = value["name"]?.stringValue ?? "\(metric) \(statistic.rawValue)"
        return Budget(name: name, metric: MetricName(metric), statistic: statistic, scenes: scenes, warning: warning, critical: critical)
    }
}
