import Foundation
import TouchInput
import TouchReplay
import TouchTrace

extension Command {
    static let demo = Command(
        name: "demo",
        summary: "Replay the bundled corpus through the scenes that fit each trace and print one table.",
        usage: "[--suite MANIFEST] [--refresh HZ] [--present-delay N]",
        discussion: """
            Reads the suite manifest (default: Traces/manifest.json in the current folder or in
            the checkout that built this executable), verifies every trace, replays it on the
            virtual clock through each scene the manifest names, and prints latency, jitter,
            redirection response and hitches per run (all in ms; see docs/METRICS.md).
            """,
        options: [
            .value("suite", "MANIFEST", "The suite manifest to replay."),
            .value("refresh", "HZ", "Display refresh rate (default 120)."),
            .value("present-delay", "N", "Frames between vsync and glass (default 2)."),
        ],
        positionals: 0...0
    ) { arguments in
        let manifest = try arguments.value("suite") ?? Suites.defaultManifest()
        let suite = try TraceSuite.load(from: manifest)
        var settings = ReplaySettings()
        if let hz = try arguments.number("refresh", in: 1...1000) { settings.display.refresh = .fixed(hz) }
        if let delay = try arguments.integer("present-delay", in: 0...16) { settings.display.presentationDelay = delay }
        var table = TextTable(columns: ["trace", "scene", "samples", "frames", "response p50", "p99", "dead pt", "lag p50",
                                        "settle", "over %", "pipeline p99", "redirect p50", "max", "unanswered", "hitch ms/s"])
        var totalSamples = 0, totalBytes = 0, runs = 0
        let started = DispatchTime.now().uptimeNanoseconds
        for (index, entry) in suite.traces.enumerated() {
            Console.progress("replaying \(index + 1)/\(suite.traces.count) \(entry.file)")
            let path = TraceSuite.path(of: entry, manifestPath: manifest)
            let reader = try TraceReader(path: path)
            _ = try reader.verify()
            totalSamples += reader.sampleCount
            totalBytes += reader.fileSize
            let name = entry.file.replacingOccurrences(of: ".touchtrace", with: "")
            for scene in entry.scenes {
                let result: RunRecord
                do {
                    result = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: name)
                } catch let error as ReplayError {
                    throw CommandFailure(code: ExitCode.dataError, message: "\(manifest): \(entry.file): \(error)")
                }
                runs += 1
                func ms(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "—" }
                func stat(_ name: MetricName, _ value: (MetricSummary) -> Double?) -> Double? {
                    result[name].isEmpty ? nil : value(result[name])
                }
                table.add([name, scene, "\(result.samples)", "\(result.frames)", ms(stat(.response, \.p50)), ms(stat(.response, \.p99)),
                           ms(stat(.deadTravel, \.max)), ms(stat(.presentedLag, \.p50)),
                           ms(stat(.settle, \.max)), ms(stat(.overshoot, \.max)), ms(result.latencyP99Ms),
                           ms(result.redirectionP50Ms), ms(result.redirectionMaxMs),
                           result.events.isEmpty ? "—" : "\(result.unansweredEvents)/\(result.events.count)",
                           String(format: "%.1f", result.hitchRatio)])
            }
        }
        Console.endProgress()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print("TouchBench demo: \(suite.traces.count) traces of \(manifest), replayed on the virtual clock at "
              + "\(settings.display.refresh) with a \(settings.display.presentationDelay)-frame presentation delay\n")
        print(table.rendered)
        print("\n\(runs) runs over \(totalSamples) samples (\(totalBytes) bytes of trace, "
              + String(format: "%.1f B/sample) in %.2f s. Times in ms; response = from a touch-down "
                + "(or pointer, scroll start) to the first frame that shows a change; dead = finger travel before the element "
                + "moved; lag = how far behind the finger the element is shown; settle = from a lift until the element rests, "
                + "over = its overshoot in % of the throw; pipeline = event latency, sample to glass; "
                + "redirect = from the hand's change of intent to the first frame that answers it.", Double(totalBytes) / Double(max(totalSamples, 1)), seconds))
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
