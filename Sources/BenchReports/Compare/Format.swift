import Foundation
import TouchBenchSupport

/// Number and change formatting shared by the text reports: fixed, locale-free, short.
package enum Format {
    /// Up to three significant decimals for small values, fewer for large ones.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        // Beyond 10¹⁵ (no measured time or distance comes close) every digit is noise: a
        // damaged or overflowing value prints short rather than as 300 digits.
        if magnitude >= 1e15 { return String(format: "%.4g", value) }
        let decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 2 : 3
        return JSONWriter.format(value, decimals: decimals)
    }

    package static func value(_ value: Double?, unit: String) -> String {
        guard let value else { return "—" }
        return unit.isEmpty ? number(value) : "\(number(value)) \(unit)"
    }

    /// "18.5 → 20.1 ms (+8.6 %)".
    package static func change(_ row: BenchComparison.Row) -> String {
        let unit = row.unit.isEmpty ? "" : " \(row.unit)"
        guard let baseline = row.baseline else { return value(row.current, unit: row.unit) }
        var text = "\(number(baseline)) → \(row.current.map(number) ?? "—")\(unit)"
        if let relative = row.relativeChange { text += " (\(percent(relative)))" }
        return text
    }

    /// "+8.6 %"; "n/a" for a change too large to print as a percentage.
    package static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        guard value.isFinite else { return "n/a" }
        return (value >= 0 ? "+" : "") + JSONWriter.format(value, decimals: abs(value) >= 10 ? 0 : 1) + " %"
    }

    /// "▲ +1.6 (+8.6 %)", "▼ −0.2", "=": the direction of the change, not its judgement.
    package static func arrow(_ row: BenchComparison.Row) -> String {
        guard let change = row.change else { return row.baseline == nil ? "new" : "—" }
        if change == 0 { return "=" }
        var text = (change > 0 ? "▲ +" : "▼ ") + number(change)
        if let relative = row.relativeChange { text += " (\(percent(relative)))" }
        return text
    }
}
