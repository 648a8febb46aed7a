import BenchReports
import PageReplay
import Foundation
import TouchInput
import TouchReplay
import TouchTrace
import TraceFormats

/// `touchbench replay`: one trace through one scene.
enum ReplayCommand {
    static let scene = Option("scene", "SCENE", "The scene to drive (required).") { (name) throws(UsageError) in
        guard SceneKind.names.contains(name) else {
            throw UsageError(message: "unknown scene '\(name)'; the scenes are \(SceneKind.names.joined(separator: ", "))")
        }
        return name
    }
    static let rate = Option("rate", "RATE", "max (virtual clock, default) or a number from 0.001 to 1000000 (wall clock at that multiple of real time).") { (text) throws(UsageError) in
        guard let mode = ReplayMode(rate: text) else { throw UsageError(message: "--rate must be max or a number from 0.001 to 1000000, not '\(text)'") }
        return mode
    }
    static let refresh = Option("refresh", "HZ", "Display refresh: 60, 120 or MIN-MAX adaptive (default: the trace's, else 120).",
                                convert: RefreshArgument.parse)
    static let presentDelay = Option.integer("present-delay", "N", "Frames from the app's vsync to the glass (default 2).", in: 0...16)
    static let vsyncPhase = Option.number("vsync-phase", "MS", "Where the vsync grid starts on the trace's timeline, in ms (default 0).",
                                          in: -1e6...1e6)
    static let json = Option("json", "OUT", "Write the touchbench.run/1 result to OUT (- for standard output).")
    static let traceEvents = Option("trace-events", "OUT", "Write a Chrome/Perfetto trace-event timeline to OUT.")
    static let recordFrameCost = Option("record-frame-cost", "OUT",
                                        "Write every frame's measured CPU time to OUT, for --frame-cost recorded:OUT (docs/CI.md).")
    static let page = Option("page", "URL|FILE", "Replay into this web page in headless Chromium instead of a scene (a file or a localhost URL).")
    static let viewport = Option("viewport", "WxH", "With --page: the viewport in CSS pixels (default: the trace's screen, 1 pt = 1 px).") {
        (text) throws(UsageError) in
        guard let size = PageViewport(argument: text) else { throw UsageError(message: "--viewport must be WxH in CSS pixels (1 to 10000 each), not '\(text)'") }
        return size
    }
    static let repeats = Option.integer("repeat", "N", "With --page: run N times; timing metrics are summarised over the runs, as bench does (default 1).",
                                        in: 1...100)
    static let selector = Option("selector", "CSS", "With --page: the element followed every frame when the page does not call touchbench.report.")

    static let command = Command(
        name: "replay",
        summary: "Replay a trace through a scene on a modelled display and measure latency, jitter and response.",
        usage: "FILE --scene SCENE [--rate 1|4|max|R] [--refresh HZ|MIN-MAX] [--present-delay N] [--set NAME=VALUE …] [--frame-cost PROFILE] [--json OUT] [--trace-events OUT] [--record-frame-cost OUT]\n"
            + "       FILE --page URL|FILE [--viewport WxH] [--rate max|1|max-safe] [--refresh HZ] [--selector CSS] [--repeat N] [--json OUT]",
        discussion: """
            Scenes: \(SceneKind.names.joined(separator: ", ")).
            --rate max (the default) runs on the virtual clock: as fast as possible, and every
            behaviour metric is deterministic. A number runs on the wall clock at that rate
            (1 = real time; a pause it would wait out for more than a day is a usage error).
            A trace with more than 256 contacts down at once is refused (65). Metric
            definitions: docs/METRICS.md.
            --page replays into a web page in headless Chromium (docs/PAGES.md) and the page's
            frames feed the same probes. --rate is then max (default: the page clock, every frame
            sent by TouchBench after the samples due before it, so every count is exact), 1 (the
            wall clock: every sample at its deadline, the browser's own frames) or max-safe (the
            wall clock with idle pauses cut to 1 s). --refresh sets the page clock's one fixed rate
            (default 60 Hz, headless Chromium's own; not with 1 or max-safe). Exit 69
            when headless Chromium is missing or stops answering, 66 when the page cannot be
            loaded, 64 for a page that is not a file or on localhost.
            --record-frame-cost OUT writes the measured CPU time of every frame the scene
            rendered (best from a wall-clock run, --rate 1); --frame-cost recorded:OUT then
            charges those costs frame by frame on the virtual clock, the same on every run.
            """,
        options: [scene, rate, refresh, presentDelay, vsyncPhase, ParameterOptions.set, ParameterOptions.frameCost, json, traceEvents, recordFrameCost, page, viewport, selector, repeats],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        try OutputSafety.refuse([json, traceEvents, recordFrameCost], of: arguments, sameAs: [path])
        if let pageArgument = arguments.text(page) {
            // A page given as a file is an input too (a URL names no file here).
            try OutputSafety.refuse([json], of: arguments, sameAs: [pageArgument.hasPrefix("file://") ? String(pageArgument.dropFirst(7)) : pageArgument])
            // A page has its own code: the scenes' parameters do not reach it.
            if arguments.isGiven(ParameterOptions.set) || arguments.isGiven(ParameterOptions.frameCost) || arguments.isGiven(recordFrameCost) {
                throw UsageError(message: "--set, --frame-cost and --record-frame-cost apply to the scenes, not to --page")
            }
            return try PageReplayCommand.run(arguments, path: path)
        }
        if arguments.isGiven(viewport) || arguments.isGiven(selector) || arguments.isGiven(repeats) {
            throw UsageError(message: "--viewport, --selector and --repeat apply only with --page")
        }
        let sceneName = try arguments.required(scene)
        let mode = try arguments.value(rate) ?? .virtual
        let parameters = try ParameterOptions.values(arguments, scenes: [sceneName])
        let cost = try ParameterOptions.frameCost(arguments)
        // The recording written must not overwrite the one being charged.
        if let recordedInput = cost.recordedFile {
            try OutputSafety.refuse([json, traceEvents, recordFrameCost], of: arguments, sameAs: [recordedInput])
        }
        let delay = try arguments.value(presentDelay)
        let phase = try arguments.value(vsyncPhase)
        let input = try TraceFiles.open(path)
        try OutputSafety.refuse([json, traceEvents, recordFrameCost], of: arguments, sameAs: input.companionFiles)
        let chosenRefresh = try arguments.value(refresh)
        var settings = ReplaySettings.forTrace(input.metadata, mode: mode)
        settings.parameters = parameters
        settings.frameCost = cost
        if let chosenRefresh { settings.display.refresh = chosenRefresh }
        if let delay { settings.display.presentationDelay = max(0, delay) }
        if let phase { settings.display.vsyncPhase = Int64((phase * 1e6).rounded()) }
        let refreshRate = settings.display.refresh

        let timeline = try arguments.value(traceEvents).map { path throws(TraceFileError) in try TimelineRecorder(path: path) }
        if case .wallClock(let speed) = mode, let reader = input.reader, let start = reader.startTime, let end = reader.endTime {
            Console.progress(String(format: "replaying %.1f s of input at %g× …", Double(end - start) / 1e9, speed))
        }
        let costOutput = arguments.text(recordFrameCost)
        let recorder = costOutput.map { _ in FrameCostRecorder() }
        let result: RunRecord
        do {
            result = try Replayer.replay(source: input.source, sceneNamed: sceneName, settings: settings, traceName: path, timeline: timeline,
                                         frameCosts: recorder)
        } catch let error as ReplayError {
            throw UsageError(message: error.description)
        }
        Console.endProgress()
        TraceFiles.warnAfterReading(input)
        try timeline?.close()
        if let costOutput, let recorder {
            let file = try TextOutput(path: costOutput)
            try file.write(recorder.recording.text(comments: [
                "\(sceneName) × \(path), \(mode), \(refreshRate) display: \(result.frames) frames",
                "one line per rendered frame: its measured CPU time in nanoseconds (touchbench replay --record-frame-cost)",
            ]))
            try file.close()
        }
        let output = try arguments.value(json)
        if let output {
            let file = try TextOutput(path: output)
            try file.write(result.jsonText)
            try file.close()
        }
        if !arguments.writesToStandardOutput([json, traceEvents, recordFrameCost]) {
            print(ReplaySummary.text(result, refresh: refreshRate))
        }
        return ExitCode.success
    }
}

/// `--refresh 120` or `--refresh 24-120`.
enum RefreshArgument {
    static func parse(_ text: String) throws(UsageError) -> RefreshRate {
        guard let refresh = RefreshRate(argument: text) else {
            throw UsageError(message: "--refresh must be a rate from 1 to 1000 Hz (60, 120) or a range MIN-MAX of such rates, not '\(text)'")
        }
        return refresh
    }
}
