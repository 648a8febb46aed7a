import Foundation
import TouchInput
import TouchReplay
import TouchTrace

extension Command {
    static let replay = Command(
        name: "replay",
        summary: "Replay a trace through a scene on a modelled display and measure latency, jitter and response.",
        usage: "FILE --scene SCENE [--rate 1|4|max|R] [--refresh HZ|MIN-MAX] [--present-delay N] [--json OUT] [--trace-events OUT]",
        discussion: """
            Scenes: \(SceneKind.names.joined(separator: ", ")).
            --rate max (the default) runs on the virtual clock: as fast as possible, and every
            behaviour metric is deterministic. A number runs on the wall clock at that rate
            (1 = real time). Metric definitions: docs/METRICS.md.
            """,
        options: [
            .value("scene", "SCENE", "The scene to drive (required)."),
            .value("rate", "RATE", "max (virtual clock, default) or a positive number (wall clock)."),
            .value("refresh", "HZ", "Display refresh: 60, 120 or MIN-MAX adaptive (default: the trace's, else 120)."),
            .value("present-delay", "N", "Frames from the app's vsync to the glass (default 2)."),
            .value("vsync-phase", "MS", "Where the vsync grid starts on the trace's timeline, in ms (default 0)."),
            .value("json", "OUT", "Write the touchbench.run/1 result to OUT (- for standard output)."),
            .value("trace-events", "OUT", "Write a Chrome/Perfetto trace-event timeline to OUT."),
        ],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        for option in ["json", "trace-events"] { try OutputSafety.refuse(output: arguments.value(option), sameAs: [path]) }
        let sceneName = try arguments.required("scene")
        guard SceneKind.names.contains(sceneName) else {
            throw UsageError(message: "unknown scene '\(sceneName)'; the scenes are \(SceneKind.names.joined(separator: ", "))")
        }
        let rateText = arguments.value("rate") ?? "max"
        guard let mode = ReplayMode(rate: rateText) else {
            throw UsageError(message: "--rate must be max or a positive number, not '\(rateText)'")
        }
        let delay = try arguments.integer("present-delay", in: 0...16) ?? 2
        let phase = try arguments.number("vsync-phase", in: -1e6...1e6) ?? 0
        var refreshArgument = arguments.value("refresh")
        var settings = ReplaySettings(mode: mode)
        let timelinePath = arguments.value("trace-events")

        let form = try TraceFiles.form(of: path)
        let isContainer = form == .touchtrace
        let reader: TraceReader? = isContainer ? try TraceReader(path: path) : nil
        let source: (any SampleSource)? = isContainer ? nil : try TraceFiles.openSource(path, options: InputOptions(form: form))
        if let reader { TraceFiles.warnIfDamaged(reader) }
        let metadata = reader?.metadata ?? source?.metadata ?? TraceMetadata()
        if refreshArgument == nil, let hz = metadata.displayHz, hz > 0, hz <= 1000 { refreshArgument = String(hz) }
        let refreshText = refreshArgument ?? "120"
        guard let refresh = RefreshRate(argument: refreshText) else {
            throw UsageError(message: "--refresh must be a rate in Hz (60, 120) or a range MIN-MAX, not '\(refreshText)'")
        }
        settings.display = DisplayModel(refresh: refresh, vsyncPhase: Int64((phase * 1e6).rounded()), presentationDelay: delay)

        let timeline = try timelinePath.map { path throws(TraceFileError) in try TimelineRecorder(path: path) }
        if case .wallClock(let rate) = mode, let reader, let start = reader.startTime, let end = reader.endTime {
            Console.progress(String(format: "replaying %.1f s of input at %g× …", Double(end - start) / 1e9, rate))
        }
        let result: RunRecord
        do {
            if let reader {
                result = try Replayer.replay(reader: reader, sceneNamed: sceneName, settings: settings, traceName: path, timeline: timeline)
            } else if let source {
                result = try Replayer.replay(source: source, sceneNamed: sceneName, settings: settings, traceName: path, timeline: timeline)
            } else {
                throw CommandFailure(code: ExitCode.cannotOpen, message: "\(path): cannot be opened")
            }
        } catch let error as ReplayError {
            throw UsageError(message: error.description)
        }
        Console.endProgress()
        try timeline?.close()
        if let output = arguments.value("json") {
            let file = try TextOutput(path: output)
            try file.write(result.jsonText)
            try file.close()
        }
        if arguments.value("json") != "-" { print(ReplaySummary.text(result, refresh: refresh)) }
        return ExitCode.success
    }
}

/// The readable summary `touchbench replay` prints.
enum ReplaySummary {
    static func text(_ result: RunRecord, refresh: RefreshRate) -> String {
        var lines = [
            "trace     \(result.trace)",
            "scene     \(result.scene)",
            "clock     \(result.replayMode.map(String.init(describing:)) ?? result.mode)",
            "display   \(refresh), presentation delay \(result.presentationDelayFrames ?? 0) frames",
            "replayed  \(result.samples) samples, \(result.frames) frames",
            "",
            "metric".padding(toLength: 27) + "kind".padding(toLength: 14) + "count".padding(toLength: 9)
                + "p50".padding(toLength: 11) + "p95".padding(toLength: 11) + "p99".padding(toLength: 11) + "max",
        ]
        for name in MetricName.allCases {
            let summary = result[name]
            guard !summary.isEmpty else {
                lines.append(name.rawValue.padding(toLength: 27) + summary.kind.rawValue.padding(toLength: 14) + "0")
                continue
            }
            let values = [summary.p50, summary.p95, summary.p99].map { format($0 ?? 0).padding(toLength: 11) }.joined()
            lines.append(name.rawValue.padding(toLength: 27) + summary.kind.rawValue.padding(toLength: 14)
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
        let grade = result.hitchRatio < 5 ? "good" : result.hitchRatio <= 10 ? "warning" : "critical"
        lines.append("")
        lines.append("hitch time ratio \(format(result.hitchRatio)) ms/s: \(grade) (Apple's scrolling bands: <5 good, 5–10 warning, >10 critical)")
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String {
        abs(value) >= 100 ? String(format: "%.1f", value) : abs(value) >= 1 ? String(format: "%.3f", value) : String(format: "%.4g", value)
    }
}
