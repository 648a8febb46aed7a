import BenchReports
import Foundation
import TouchInput
import TouchReplay
import TouchTrace

/// `touchbench demo`: the bundled corpus through every scene that fits it, in one table.
enum DemoCommand {
    static let suite = Option("suite", "MANIFEST", "The suite manifest to replay.")
    static let refresh = Option.number("refresh", "HZ", "Display refresh rate (default: the trace's, else 120).", in: 1...1000)
    static let presentDelay = Option.integer("present-delay", "N", "Frames between vsync and glass (default 2).", in: 0...16)

    static let command = Command(
        name: "demo",
        summary: "Replay the bundled corpus through the scenes that fit each trace and print one table.",
        usage: "[--suite MANIFEST] [--refresh HZ] [--present-delay N] [--set NAME=VALUE …] [--frame-cost PROFILE]",
        discussion: """
            Reads the suite manifest (default: Traces/manifest.json in the current folder or in
            the checkout that built this executable), verifies every trace, replays it on the
            virtual clock through each scene the manifest names, and prints latency, jitter,
            response, release outcome, intent, redirection response and hitches per run (times
            in ms; see docs/METRICS.md).
            """,
        options: [suite, refresh, presentDelay, ParameterOptions.set, ParameterOptions.frameCost],
        positionals: 0...0
    ) { arguments in
        let manifest = try arguments.value(suite) ?? SuiteDiscovery.defaultManifest()
        let traces = try TraceSuite.load(from: manifest)
        try SuiteDiscovery.checkRunnable(traces, manifest: manifest, allowingPages: false)
        let parameters = try ParameterOptions.values(arguments, over: traces.parameters ?? [:], source: manifest,
                                                     scenes: traces.sceneNames)
        let cost = try ParameterOptions.frameCost(arguments)
        let chosenRefresh = try arguments.value(refresh).map(RefreshRate.fixed)
        let chosenDelay = try arguments.value(presentDelay)
        var table = TextTable(columns: ["trace", "scene", "samples", "frames", "response p50", "p99", "dead pt", "lag p50",
                                        "settle", "over %", "jump pt/s", "intent", "intent ms", "arrive ms", "pipeline p99", "reversal p50", "max", "catch p50", "pause p50", "unanswered", "stuck",
                                        "highlight", "swallowed", "parity pt", "ink p99", "canvas p99", "scrub p99", "roles", "force p99", "flickers", "hitch ms/s"])
        var totalSamples = 0, totalBytes = 0, runs = 0
        var rates: Set<RefreshRate> = []
        let started = DispatchTime.now().uptimeNanoseconds
        for (index, entry) in traces.traces.enumerated() {
            Console.progress("replaying \(index + 1)/\(traces.traces.count) \(entry.file)")
            let path = TraceSuite.path(of: entry, manifestPath: manifest)
            let reader = try TraceReader(path: path)
            _ = try reader.verify()
            totalSamples += reader.sampleCount
            totalBytes += reader.fileSize
            var settings = ReplaySettings.forTrace(reader.metadata)
            if let chosenRefresh { settings.display.refresh = chosenRefresh }
            if let chosenDelay { settings.display.presentationDelay = max(0, chosenDelay) }
            settings.parameters = parameters
            settings.frameCost = cost
            rates.insert(settings.display.refresh)
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
                           ms(stat(.settle, \.max)), ms(stat(.overshoot, \.max)), ms(DemoCommand.largestJump(result)), ReplaySummary.intentShare(result),
                           ms(stat(.intent, \.max)), ms(stat(.arrival, \.max)), ms(result.latencyP99Ms),
                           ms(result.reversalP50Ms), ms(result.reversalMaxMs),
                           ms(stat(.catchResponse, \.p50)), ms(stat(.pauseResponse, \.p50)),
                           result.events.isEmpty ? "—" : "\(result.unansweredEvents)/\(result.events.count)",
                           stat(.stuckAnimations, \.mean).map { String(Int($0)) } ?? "—",
                           ms(stat(.highlight, \.max)), stat(.swallowedInputs, \.mean).map { String(Int($0)) } ?? "—",
                           ms(stat(.paritySpread, \.mean)),
                           ms(stat(.inkLatency, \.p99)), ms(stat(.canvasLatency, \.p99)), ms(stat(.scrubLatency, \.p99)), DemoCommand.roleErrors(result),
                           ms(stat(.pressFeedback, \.p99)), stat(.pressFlickers, \.mean).map { String(Int($0)) } ?? "—",
                           String(format: "%.1f", result.hitchRatio)])
            }
        }
        Console.endProgress()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rate = chosenRefresh ?? (rates.count == 1 ? rates.first : nil)
        print("TouchBench demo: \(traces.traces.count) traces of \(manifest), replayed on the virtual clock at "
              + "\(rate.map(String.init(describing:)) ?? "each trace's display rate") with a \(max(0, chosenDelay ?? DisplayModel().presentationDelay))-frame presentation delay\n")
        print(table.rendered)
        print("\n\(runs) runs over \(totalSamples) samples (\(totalBytes) bytes of trace, "
              + String(format: "%.1f B/sample) in %.2f s. Times in ms; response = from a touch-down "
                + "(or pointer, scroll start) to the first frame that shows a change; dead = finger travel before the element "
                + "moved; lag = how far behind the finger the element is shown; settle = from a lift until the element rests, "
                + "over = its overshoot in %% of the throw; jump = the largest jump in the element's velocity at a hand-off "
                + "(release, catch, retarget, edge bounce), in pt/s; intent = gestures that ended where their intent marker said, "
                + "intent ms = the slowest from the intent to the frame from which the scene's destination is it for good, "
                + "arrive ms = the slowest from the intent to the frame showing the element at rest there (an app switched "
                + "to, a PIP in its corner, a sidebar at its stop); pipeline = event latency, sample to glass; "
                + "reversal, catch, pause = from the hand's change of intent to the first frame that answers it "
                + "(a pause's can be negative: a deceleration detector answers before the finger fully rests); "
                + "stuck = animations left off their target with no finger down and no motion; highlight = the slowest from a "
                + "finger entering a menu's items to the first frame showing one highlighted; swallowed = touch-downs and "
                + "scroll starts a menu answered with no visible change within 50 ms; parity = the largest difference, in pt, "
                + "between the outcomes of one intent reached by finger, mouse drag, trackpad and wheel; ink, canvas = from a pencil sample to "
                + "the frame showing its ink, from a finger sample to the frame showing the canvas it moved; scrub = from a finger "
                + "sample to the frame showing the scrubber's thumb it held or slid; roles = finger "
                + "strokes that drew / pencil samples that moved the canvas or the scrubber (both 0 when each input keeps its role); force = from a "
                + "force change to the frame whose scale shows it; flickers = a force-press switch flipping more than once in one press.", Double(totalBytes) / Double(max(totalSamples, 1)), seconds))
        return ExitCode.success
    }

    /// A canvas's role errors as `finger strokes that drew/pencil samples that moved it`, or
    /// a dash for runs that drew no canvas.
    static func roleErrors(_ result: RunRecord) -> String {
        guard !result[.fingerInkStrokes].isEmpty, let strokes = result[.fingerInkStrokes].mean,
              let moves = result[.pencilCanvasMoves].mean else { return "—" }
        return "\(Int(strokes))/\(Int(moves))"
    }

    /// The largest velocity jump of any hand-off kind in a run: one column for the four
    /// metrics (they are separate because each has its own reference velocity), nil when
    /// the run had no hand-off.
    static func largestJump(_ result: RunRecord) -> Double? {
        [MetricName.velocityJump, .catchVelocityJump, .retargetVelocityJump, .bounceVelocityJump]
            .compactMap { result[$0].isEmpty ? nil : result[$0].max }.max()
    }
}
