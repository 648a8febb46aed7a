import Foundation
import TouchCapture
import TouchTrace

/// `touchbench record`: capture a Linux input device live.
enum RecordCommand {
    static let evdev = Option("evdev", "PATH", "The input device, FIFO or file of input_event records (required).")
    static let output = Option("output", short: "o", "FILE", "The .touchtrace file to write (required).")
    static let description = Option("desc", "FILE", "An evemu description of the device (required for a FIFO or file).")
    static let screen = Option("screen", "WxH", "Map device units without a resolution onto a screen of W×H points.",
                               convert: ScreenArgument.parse)
    static let duration = Option.time("duration", "T", "Stop after T of wall-clock time (such as 30s or 1500ms).")
    static let flushAfter = Option.time("flush-after", "T", "Write the chunk being filled once input pauses this long (default 500ms).")

    static let command = Command(
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
        options: [evdev, output, description, screen, duration, flushAfter],
        positionals: 0...0
    ) { arguments in
        let input = try arguments.required(evdev)
        let outputPath = try arguments.required(output)
        guard outputPath != "-" else { throw UsageError(message: "a .touchtrace file cannot be written to standard output") }
        var options = EvdevCapture.Options(descriptionPath: try arguments.value(description))
        try OutputSafety.refuse(output: outputPath, sameAs: [input] + [options.descriptionPath].compactMap { $0 })
        try OutputSafety.refuseContainer(named: outputPath)
        options.screen = try arguments.value(screen)
        options.duration = try arguments.value(duration)
        if options.duration == 0 { throw UsageError(message: "--duration must be longer than zero") }
        if let pause = try arguments.value(flushAfter) { options.idleFlushInterval = pause }

        // Before the device is opened: a writer that waits for a FIFO's reader may signal at once.
        try StopSignals.install()
        let capture = try EvdevCapture(input: input, output: outputPath, options: options)
        if Console.showsProgress {
            let name = capture.device.name.isEmpty ? input : "'\(capture.device.name)' (\(input))"
            Console.error("recording \(name) into \(outputPath); Ctrl-C stops and finishes the file.")
        }
        let result = try capture.run(shouldStop: { StopSignals.requested }) { statistics in
            Console.progress("captured \(statistics.samples) samples (\(statistics.frames) frames)")
        }
        Console.endProgress()
        let statistics = result.statistics
        TraceFiles.warnHeldBack(statistics.timeRegressions, in: input)
        if let kept = result.trace.metadataNotWritten {
            Console.error("warning: \(outputPath) holds every sample, but not the count in its metadata: \(kept.description)")
        }
        var line = "\(input) → \(outputPath): \(result.trace.sampleCount) samples in \(result.trace.chunkCount) chunks from \(statistics.events) events"
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
