import Foundation
import TouchInput
import TouchTrace

extension Command {
    static let demo = Command(
        name: "demo",
        summary: "Show the bundled corpus: every trace verified and described in one table.",
        usage: "[--suite MANIFEST]",
        discussion: """
            Reads the suite manifest (default: Traces/manifest.json in the current folder or
            beside the executable's checkout), verifies every trace and prints one row per trace.
            """,
        options: [.value("suite", "MANIFEST", "The suite manifest to show.")],
        positionals: 0...0
    ) { arguments in
        let manifest = try arguments.value("suite") ?? Suites.defaultManifest()
        let suite = try TraceSuite.load(from: manifest)
        var table = TextTable(columns: ["trace", "samples", "duration", "rate", "contacts", "B/sample", "markers", "scenes"])
        var totalSamples = 0, totalBytes = 0
        for entry in suite.traces {
            let reader = try TraceReader(path: TraceSuite.path(of: entry, manifestPath: manifest))
            _ = try reader.verify()
            let stats = try TraceStatistics(reader: reader)
            totalSamples += stats.sampleCount
            totalBytes += stats.byteCount
            let rate = SampleKind.allCases.compactMap { stats.medianRateHz[$0] }.first.map { String(format: "%.0f Hz", $0) } ?? "—"
            let markers = stats.markerLabels.keys.sorted().map { "\($0)×\(stats.markerLabels[$0] ?? 0)" }.joined(separator: " ")
            table.add([entry.file.replacingOccurrences(of: ".touchtrace", with: ""), "\(stats.sampleCount)",
                       String(format: "%.2f s", Double(stats.duration) / 1e9), rate, "\(stats.contactCount)",
                       stats.bytesPerSample.map { String(format: "%.1f", $0) } ?? "—",
                       markers.isEmpty ? "—" : markers, entry.scenes.joined(separator: ",")])
        }
        print("TouchBench corpus: \(manifest)\n")
        print(table.rendered)
        print("\n\(suite.traces.count) traces verified: \(totalSamples) samples in \(totalBytes) bytes "
              + String(format: "(%.1f B/sample; %.0f× smaller than %d-byte fixed-width records).",
                       Double(totalBytes) / Double(max(totalSamples, 1)),
                       Double(totalSamples * TraceStatistics.fixedWidthRecordSize) / Double(max(totalBytes, 1)),
                       TraceStatistics.fixedWidthRecordSize))
        return ExitCode.success
    }
}

/// Where the bundled suite lives.
enum Suites {
    /// `Traces/manifest.json` in the current folder, else in the checkout that built this
    /// executable (`.build/<config>/touchbench` → the package root).
    static func defaultManifest() throws -> String {
        let local = "Traces/manifest.json"
        if FileManager.default.fileExists(atPath: local) { return local }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Traces/manifest.json").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw UsageError(message: "cannot find Traces/manifest.json; run from the repository root or give --suite")
    }
}

/// A plain-text table with columns padded to their widest cell.
struct TextTable {
    var columns: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    var rendered: String {
        let widths = columns.indices.map { index in
            ([columns[index]] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $0.element + String(repeating: " ", count: max(0, widths[$0.offset] - $0.element.count)) }.joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
        }
        return ([line(columns), widths.map { String(repeating: "─", count: $0) }.joined(separator: " ")] + rows.map(line))
            .joined(separator: "\n")
    }
}
