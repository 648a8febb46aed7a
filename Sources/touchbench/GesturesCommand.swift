import Foundation
import TouchGestures
import TouchInput
import TouchTrace
import TraceFormats

/// `touchbench gestures`: what the standard arena recognizes in a trace.
enum GesturesCommand {
    static let json = Flag("json", "Print a JSON array of {gesture, state, t, id, …} objects.")
    static let verbose = Flag("verbose", "Include every 'changed' state.")

    static let command = Command(
        name: "gestures",
        summary: "Run the standard gesture arena over a trace and list what it recognized.",
        usage: "FILE [--json] [--verbose]",
        discussion: """
            FILE is a .touchtrace, JSON Lines, or any recording 'convert' can import (evemu,
            libinput record, getevent, CSV, pointer events). The arena holds tap, double tap,
            long press, pan, edge pan, pinch, rotation, both pause detectors and hover, on a
            virtual clock: timers fire at their exact deadlines. One line (or JSON object) per
            state change; 'changed' only with --verbose. A tap held back by the double tap
            shows the delay. Events are written as they are recognized, so a file that
            turns out damaged part way leaves what came before it on standard output (and the
            error, exit 65, on standard error).
            """,
        options: [json, verbose],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
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
        var stream = StandardArena.EventStream(screen: Rect(screen: metadata.screen), everyChange: everyChange)
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

    static func line(for event: GestureEvent) -> String {
        var text = String(format: "%10.3f ms  ", Double(event.time) / 1e6)
        text += event.gesture.name.padding(toLength: 10) + event.state.rawValue.padding(toLength: 11)
        text += "#\(event.contact)"
        if let location = event.location { text += String(format: "  at (%.1f, %.1f)", location.x, location.y) }
        if let translation = event.translation { text += String(format: "  moved (%.1f, %.1f)", translation.dx, translation.dy) }
        if let velocity = event.velocity, event.gesture != .hover {
            text += String(format: "  v (%.0f, %.0f) pt/s", velocity.x, velocity.y)
        }
        if let projected = event.projectedTranslation { text += String(format: "  rests at (%.1f, %.1f)", projected.dx, projected.dy) }
        if let scale = event.scale { text += String(format: "  scale %.3f (%.2f/s)", scale, event.scaleVelocity ?? 0) }
        if let rotation = event.rotation { text += String(format: "  rotation %.3f rad (%.2f rad/s)", rotation, event.rotationVelocity ?? 0) }
        if let detector = event.detector { text += "  by \(detector.rawValue)" }
        if let delay = event.delay { text += String(format: "  delayed %.1f ms", Double(delay) / 1e6) }
        if let target = event.target { text += "  target \(target)" }
        return text
    }
}
