import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace

extension Command {
    static let info = Command(
        name: "info",
        summary: "Describe a trace: header, counts, duration, rates, sizes, compression.",
        usage: "FILE [--json]",
        options: [.flag("json", "Print one JSON object instead of text.")],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        let subject: InfoSubject
        let form = try TraceFiles.form(of: path)
        if form == .touchtrace {
            let reader = try TraceReader(path: path)
            TraceFiles.warnIfDamaged(reader)
            subject = InfoSubject(form: .touchtrace, metadata: reader.metadata, isComplete: reader.damage == nil,
                                  stats: try TraceStatistics(reader: reader))
        } else {
            // Other forms are described from their samples; chunks and quantisation are the
            // container's, so they stay empty.
            let source = try TraceFiles.openSource(path, options: InputOptions(form: form))
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            subject = InfoSubject(form: form, metadata: source.metadata, isComplete: true,
                                  stats: try TraceStatistics(source: source, byteCount: size ?? 0))
        }
        if arguments.flag("json") {
            let data = try JSONSerialization.data(withJSONObject: infoObject(path: path, subject: subject),
                                                  options: [.sortedKeys, .prettyPrinted])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(infoText(path: path, subject: subject))
        }
        return ExitCode.success
    }

    /// What `info` describes: any input form, with the container's extras when it is one.
    struct InfoSubject {
        var form: TraceForm
        var metadata: TraceMetadata
        var isComplete: Bool
        var stats: TraceStatistics
    }

    private static func infoObject(path: String, subject: InfoSubject) -> [String: Any] {
        let m = subject.metadata, stats = subject.stats
        var object: [String: Any] = [
            "file": path,
            "samples": stats.sampleCount,
            "kinds": Dictionary(uniqueKeysWithValues: stats.countsByKind.map { ($0.key.name, $0.value) }),
            "contacts": stats.contactCount,
            "markers": stats.markerLabels,
            "durationSeconds": Double(stats.duration) / 1e9,
            "ratesHz": Dictionary(uniqueKeysWithValues: stats.medianRateHz.map { ($0.key.name, $0.value) }),
            "chunks": stats.chunkCount,
            "bytes": stats.byteCount,
            "complete": subject.isComplete,
            "form": subject.form.name,
        ]
        var metadata: [String: Any] = ["extra": m.extra]
        if let device = m.device { metadata["device"] = device }
        if let source = m.source { metadata["source"] = source }
        if let screen = m.screen { metadata["screen"] = ["width": screen.width, "height": screen.height, "scale": screen.scale] }
        if let hz = m.digitizerHz { metadata["digitizerHz"] = hz }
        if let hz = m.displayHz { metadata["displayHz"] = hz }
        object["metadata"] = metadata
        if let value = stats.startTime { object["startNs"] = value }
        if let value = stats.endTime { object["endNs"] = value }
        if let value = stats.bytesPerSecond { object["bytesPerSecond"] = value }
        if let value = stats.bytesPerSample { object["bytesPerSample"] = value }
        if let value = stats.compressionRatio, subject.form == .touchtrace { object["compressionRatio"] = value }
        if let error = stats.quantizationError {
            object["quantizationError"] = [
                "worst": error.worst, "position": error.position, "radius": error.radius,
                "force": error.force, "angle": error.angle, "scroll": error.scroll,
            ]
        }
        return object
    }

    private static func infoText(path: String, subject: InfoSubject) -> String {
        let m = subject.metadata, stats = subject.stats
        var rows: [(String, String)] = [("file", path)]
        if let device = m.device { rows.append(("device", device)) }
        if let source = m.source { rows.append(("source", source)) }
        if let screen = m.screen { rows.append(("screen", "\(format(screen.width))×\(format(screen.height)) pt @\(format(screen.scale))x")) }
        let kinds = SampleKind.allCases.compactMap { kind in stats.countsByKind[kind].map { "\(kind.name) \($0)" } }
        rows.append(("samples", "\(stats.sampleCount)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")))
        rows.append(("contacts", "\(stats.contactCount)"))
        if !stats.markerLabels.isEmpty {
            rows.append(("markers", stats.markerLabels.keys.sorted().map { "\($0) \(stats.markerLabels[$0] ?? 0)" }.joined(separator: ", ")))
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
