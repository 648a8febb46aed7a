import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace
import TraceFormats

/// `touchbench info`: describe a trace of any form.
enum InfoCommand {
    static let json = Flag("json", "Print one JSON object instead of text (markers counted per label for the first \(TraceStatistics.maximumListedLabels) distinct labels; the rest as markersNotListed).")

    static let command = Command(
        name: "info",
        summary: "Describe a trace: header, counts, duration, rates, sizes, compression.",
        usage: "FILE [--json]",
        options: [json],
        positionals: 1...1
    ) { arguments in
        let input = try TraceFiles.open(arguments.positionals[0])
        let description = try TraceDescription(input)
        TraceFiles.warnAfterReading(input)
        print(arguments[json] ? description.jsonText : text(description))
        return ExitCode.success
    }

    private static func text(_ subject: TraceDescription) -> String {
        let m = subject.metadata, stats = subject.statistics
        var rows: [(String, String)] = [("file", subject.path)]
        if let device = m.device { rows.append(("device", device)) }
        if let source = m.source { rows.append(("source", source)) }
        if let screen = m.screen { rows.append(("screen", "\(format(screen.width))×\(format(screen.height)) pt @\(format(screen.scale))x")) }
        let kinds = SampleKind.allCases.compactMap { kind in stats.countsByKind[kind].map { "\(kind.name) \($0)" } }
        rows.append(("samples", "\(stats.sampleCount)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")))
        rows.append(("contacts", "\(stats.contactCount)"))
        if !stats.markerLabels.isEmpty {
            var listed = stats.markerLabels.map { (text: $0.key.text, count: $0.value) }.sorted { $0.text < $1.text }
                .map { "\($0.text) \($0.count)" }.joined(separator: ", ")
            if stats.markersNotListed > 0 {
                listed += ", and \(stats.markersNotListed) more under other labels (the first \(TraceStatistics.maximumListedLabels) distinct labels are listed)"
            }
            rows.append(("markers", listed))
        }
        rows.append(("duration", String(format: "%.3f s", Double(stats.duration) / 1e9)))
        let rates = SampleKind.allCases.compactMap { kind in stats.medianRateHz[kind].map { "\(kind.name) \(String(format: "%.1f", $0)) Hz" } }
        if !rates.isEmpty { rows.append(("rates", rates.joined(separator: ", ") + " (median interval per contact)")) }
        if subject.form == .touchtrace {
            rows.append(("chunks", "\(stats.chunkCount)" + (subject.isComplete ? "" : " (recovered; the index is missing)")))
        } else {
            rows.append(("form", subject.form.name))
        }
        var bytes = "\(stats.byteCount)"
        if let perSecond = stats.bytesPerSecond { bytes += String(format: ", %.0f B/s", perSecond) }
        if let perSample = stats.bytesPerSample { bytes += String(format: ", %.2f B/sample", perSample) }
        rows.append(("bytes", bytes))
        guard subject.form == .touchtrace else { return rows.map { $0.0.padding(toLength: 13) + $0.1 }.joined(separator: "\n") }
        if let ratio = stats.compressionRatio {
            rows.append(("compression", String(format: "%.1f× smaller than %d-byte fixed-width records", ratio, TraceStatistics.fixedWidthRecordSize)))
        }
        if let error = stats.quantizationError {
            rows.append(("quantisation", String(format: "worst %.3g (position %.3g pt, force %.3g, angle %.3g rad)",
                                                error.worst, error.position, error.force, error.angle)))
        } else {
            rows.append(("quantisation", "unknown (not recorded by the writer)"))
        }
        return rows.map { $0.0.padding(toLength: 13) + $0.1 }.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
