import Foundation
import TouchTrace
import TraceFormats

extension Command {
    static let record = Command(
        name: "record",
        summary: "Capture a Linux input device live into a .touchtrace file (Ctrl-C finalises).",
        usage: "--evdev PATH -o FILE [--desc FILE] [--screen WxH] [--duration T] [--flush-after T]",
        discussion: """
            PATH is an evdev node (/dev/input/eventN; see /dev/input/by-id), or a FIFO or file
            of struct input_event records (64-bit Linux layout), which needs --desc since a
            file cannot describe its device. The trace is written as events arrive, each
            chunk forced to disk; Ctrl-C or SIGTERM finishes the file, and after a kill -9
            'touchbench verify --repair' recovers every chunk written. Reading a device needs
            membership of the 'input' group (or root).
            """,
        options: [
            .value("evdev", "PATH", "The input device, FIFO or file of input_event records (required)."),
            .value("output", short: "o", "FILE", "The .touchtrace file to write (required)."),
            .value("desc", "FILE", "An evemu description of the device (required for a FIFO or file)."),
            .value("screen", "WxH", "Map device units without a resolution onto a screen of W×H points."),
            .value("duration", "T", "Stop after T of wall-clock time (such as 30s or 1500ms)."),
            .value("flush-after", "T", "Write the chunk being filled once input pauses this long (default 500ms)."),
        ],
        positionals: 0...0
    ) { arguments in
        let input = try arguments.required("evdev")
        let output = try arguments.required("output")
        guard output != "-" else { throw UsageError(message: "a .touchtrace file cannot be written to standard output") }
        var options = EvdevCapture.Options(descriptionPath: arguments.value("desc"))
        options.screen = try arguments.value("screen").map { (text) throws(UsageError) in try parseScreen(text) }
        options.duration = try arguments.value("duration").map { (text) throws(UsageError) in try TimeArgument.nanoseconds(text, option: "duration") }
        if options.duration == 0 { throw UsageError(message: "--duration must be longer than zero") }
        if let pause = try arguments.value("flush-after").map({ (text) throws(UsageError) in try TimeArgument.nanoseconds(text, option: "flush-after") }) {
            options.idleFlushInterval = pause
        }

        // Before the device is opened: a writer that waits for a FIFO's reader may signal at once.
        try StopSignals.install()
        let capture = try EvdevCapture(input: input, output: output, options: options)
        if Console.showsProgress {
            let name = capture.device.name.isEmpty ? input : "'\(capture.device.name)' (\(input))"
            Console.error("recording \(name) into \(output); Ctrl-C stops and finishes the file.")
        }
        let result = try capture.run(shouldStop: { StopSignals.requested }) { statistics in
            Console.progress("captured \(statistics.samples) samples (\(statistics.frames) frames)")
        }
        Console.endProgress()
        let statistics = result.statistics
        var line = "\(input) → \(output): \(result.trace.sampleCount) samples in \(result.trace.chunkCount) chunks from \(statistics.events) events"
        if let cost = statistics.nanosecondsPerEvent {
            line += String(format: ", %.1f µs per event to decode and write", cost / 1000)
        }
        if let latency = statistics.meanLatencyNanoseconds {
            line += String(format: "; delivery latency (kernel timestamp to read) mean %.0f µs, max %.0f µs",
                           latency / 1000, Double(statistics.latencyMaximumNanoseconds) / 1000)
        }
        if statistics.droppedFrames > 0 {
            line += "; the kernel dropped events \(statistics.droppedFrames) times (SYN_DROPPED) because reading fell behind"
        }
        Console.error(line + ".")
        return ExitCode.success
    }
}
