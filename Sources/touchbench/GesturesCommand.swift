import Foundation
import TouchBenchSupport
import TouchGestures
import TouchInput
import TouchReplay
import TouchTrace
import TraceFormats

/// `touchbench gestures`: what the standard arena recognizes in a trace.
enum GesturesCommand {
    static let json = Flag("json", "Print a JSON array of {gesture, state, t, id, …} objects.")
    static let verbose = Flag("verbose", "Include every 'changed' state.")
    static let set = Option("set", "NAME=VALUE",
                            "Set a recognizer parameter (repeatable): \(recognizerNames).",
                            repeats: true) { (text) throws(UsageError) in
        var values = ParameterValues()
        _ = try tuningParameter(text, into: &values)
        return text
    }

    /// The parameters the arena reads, as the help and errors list them.
    static let recognizerNames = StandardArena.Tuning.parameters.map(\.name).joined(separator: ", ")

    /// The parameter one `--set NAME=VALUE` sets, checked: a name the arena reads, a value in
    /// its range.
    static func tuningParameter(_ assignment: String, into values: inout ParameterValues) throws(UsageError) -> String {
        let name = try ParameterOptions.apply(assignment, to: &values)
        guard StandardArena.Tuning.parameters.contains(where: { $0.name == name }) else {
            throw UsageError(message: "--set \(name) is not a recognizer parameter; gestures takes \(recognizerNames)")
        }
        return name
    }

    /// The arena's tuning from the `--set`s given, each name once.
    static func tuning(_ arguments: ParsedArguments) throws -> StandardArena.Tuning {
        var values = ParameterValues()
        var given = Set<String>()
        for assignment in try arguments.values(set) {
            try ParameterOptions.noteOnce(try tuningParameter(assignment, into: &values), in: &given)
        }
        return StandardArena.Tuning(values)
    }

    static let command = Command(
        name: "gestures",
        summary: "Run the standard gesture arena over a trace and list what it recognized.",
        usage: "FILE [--json] [--verbose] [--set NAME=VALUE …]",
        discussion: """
            FILE is a .touchtrace, JSON Lines, or any recording 'convert' can import (evemu,
            libinput record, getevent, CSV, pointer events). The arena holds tap, double tap,
            long press, pan, edge pan, pinch, rotation, both pause detectors and hover, on a
            virtual clock: timers fire at their exact deadlines. One line (or JSON object) per
            state change; 'changed' only with --verbose. A tap held back by the double tap
            shows the delay. Events are written as they are recognized, so a file that
            turns out damaged part way leaves what came before it on standard output (and the
            error, exit 65, on standard error). --set tunes the recognizers with the names,
            ranges and defaults 'touchbench scenes' lists for the scenes (the defaults are the
            recognizers' own): the pan's and edge pan's hysteresis, the pinch's and rotation's,
            and both pause detectors' thresholds.
            """,
        options: [json, verbose, set],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        let tuning = try tuning(arguments)
        let everyChange = arguments[verbose]
        let asJSON = arguments[json]
        let (metadata, samples) = try GestureInput.read(path)
        // Written as they happen, not kept: a verbose run over an hour holds only a batch.
        let output = try TextOutput(path: "-")
        var array = GestureEventJSONArray()
        var written = 0
        func write(_ event: GestureEvent) throws {
            try output.write(asJSON ? array.text(adding: event) : GestureInput.line(for: event) + "\n")
            written += 1
        }
        var stream = StandardArena.EventStream(screen: Rect(screen: metadata.screen), tuning: tuning, everyChange: everyChange)
        try samples { sample in try stream.feed(sample, write) }
        try stream.finish(write)
        if asJSON {
            try output.write(array.closingText)
        } else if written == 0 {
            try output.write("no gestures recognized\n")
        }
        try output.close()
        return ExitCode.success
    }
}

/// Reading any input the command line knows, and writing the events.
enum GestureInput {
    /// The metadata and a function handing every sample, in order, to its argument.
    static func read(_ path: String) throws -> (TraceMetadata, ((InputSample) throws -> Void) throws -> Void) {
        let input = try TraceFiles.open(path)
        let source = input.source
        return (source.metadata, { each in
            try source.forEachSample(each)
            TraceFiles.warnAfterReading(input)
        })
    }

    /// One event as a line of text. Numbers as `%.Nf` writes them (``FixedDecimal``): a
    /// `--verbose` hour is millions of lines, and `String(format:)` was most of writing them.
    static func line(for event: GestureEvent) -> String {
        // printf's text, but a value that rounds to zero is "0", not "-0" (a velocity of
        // -0.3 pt/s read "v (-214, -0)").
        func fixed(_ value: Double, _ decimals: Int) -> String {
            let text = FixedDecimal.format(value, decimals: decimals)
            return text.first == "-" && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
        }
        var text = FixedDecimal.format(Double(event.time) / 1e6, decimals: 3, width: 10) + " ms  "
        text += event.gesture.name.padding(toLength: 10) + event.state.rawValue.padding(toLength: 11)
        text += "#\(event.contact)"
        if let location = event.location { text += "  at (\(fixed(location.x, 1)), \(fixed(location.y, 1)))" }
        if let translation = event.translation { text += "  moved (\(fixed(translation.dx, 1)), \(fixed(translation.dy, 1)))" }
        if let velocity = event.velocity, event.gesture != .hover {
            text += "  v (\(fixed(velocity.x, 0)), \(fixed(velocity.y, 0))) pt/s"
        }
        if let projected = event.projectedTranslation { text += "  rests at (\(fixed(projected.dx, 1)), \(fixed(projected.dy, 1)))" }
        if let scale = event.scale { text += "  scale \(fixed(scale, 3)) (\(fixed(event.scaleVelocity ?? 0, 2))/s)" }
        if let rotation = event.rotation {
            text += "  rotation \(fixed(rotation, 3)) rad (\(fixed(event.rotationVelocity ?? 0, 2)) rad/s)"
        }
        if let detector = event.detector { text += "  by \(detector.rawValue)" }
        if let delay = event.delay { text += "  delayed \(fixed(Double(delay) / 1e6, 1)) ms" }
        if let target = event.target { text += "  target \(target)" }
        return text
    }
}
