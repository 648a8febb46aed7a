import BenchReports
import Foundation
import TouchReplay

/// The readable summary `touchbench replay` prints.
enum ReplaySummary {
    static func text(_ result: RunRecord, refresh: RefreshRate, extra: [MetricName] = []) -> String {
        let applying = MetricName.whereTheyApply.filter { result.metrics[$0] != nil }
        let names = MetricName.allCases + applying + extra
        // As wide as the longest name and a space, so the hand-off metrics stay in their column.
        let width = names.map(\.rawValue.count).max().map { $0 + 1 } ?? 27
        var lines = [
            "trace     \(result.trace)",
            "scene     \(result.scene)",
            "clock     \(result.replayMode.map(String.init(describing:)) ?? result.mode)",
            "display   \(refresh), presentation delay \(result.presentationDelayFrames ?? 0) frames",
            "replayed  \(result.samples) samples, \(result.frames) frames",
            "",
            "metric".padding(toLength: width) + "kind".padding(toLength: 14) + "count".padding(toLength: 9)
                + "p50".padding(toLength: 11) + "p95".padding(toLength: 11) + "p99".padding(toLength: 11) + "max",
        ]
        for name in names {
            let summary = result[name]
            guard !summary.isEmpty else {
                lines.append(name.rawValue.padding(toLength: width) + summary.kind.rawValue.padding(toLength: 14) + "0")
                continue
            }
            let values = [summary.p50, summary.p95, summary.p99].map { format($0 ?? 0).padding(toLength: 11) }.joined()
            lines.append(name.rawValue.padding(toLength: width) + summary.kind.rawValue.padding(toLength: 14)
                + String(summary.count).padding(toLength: 9) + values + format(summary.max ?? 0))
        }
        if !result.events.isEmpty {
            lines.append("")
            lines.append("events (\(result.events.count))")
            for event in result.events.prefix(20) {
                let response = event.responseMs.map { format($0) + " ms" } ?? "never answered"
                lines.append(String(format: "  %9.3f s  ", Double(event.time) / 1e9)
                    + "\(event.kind.rawValue) (\(event.cause?.rawValue ?? "—"), \(event.source.rawValue))".padding(toLength: 30) + response)
            }
            if result.events.count > 20 { lines.append("  … \(result.events.count - 20) more in --json") }
        }
        let intent = result[.intentAccuracy]
        if !intent.isEmpty {
            lines.append("")
            lines.append("intent    \(intentShare(result)) gestures ended where they were meant"
                + (result[.intent].isEmpty ? "" : ", committed \(format(result[.intent].p50 ?? 0)) ms (p50) after the intent"))
        }
        let bands = HitchBands.forScene(result.scene)
        lines.append("")
        lines.append("hitch time ratio \(format(result.hitchRatio)) ms/s: \(bands.grade(result.hitchRatio).rawValue) (\(bands.legend))")
        return lines.joined(separator: "\n")
    }

    /// "2/2": gestures that ended at their intent, of those with one ("—" when none had one).
    static func intentShare(_ result: RunRecord) -> String {
        let accuracy = result[.intentAccuracy]
        guard !accuracy.isEmpty, let mean = accuracy.mean else { return "—" }
        return "\(Int((mean * Double(accuracy.count)).rounded()))/\(accuracy.count)"
    }

    static func format(_ value: Double) -> String {
        abs(value) >= 100 ? String(format: "%.1f", value) : abs(value) >= 1 ? String(format: "%.3f", value) : String(format: "%.4g", value)
    }
}
