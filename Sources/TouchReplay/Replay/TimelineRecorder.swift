import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace

/// Writes a replay as Chrome trace-event JSON (`{"traceEvents": [...]}`, microsecond `ts`)
/// that Perfetto UI and chrome://tracing open: a track of input samples, one of frames (the
/// app's work, with its presentation on a display track), one of the scene's recognizer
/// states and destination, and the scene's animated values as counters.
///
/// Streams to the file as the replay runs, so its memory stays flat; the first write error
/// is kept and thrown by ``close()``.
public final class TimelineRecorder {
    private let writer: TraceEventWriter
    private var recognizerStates: [String: String] = [:]
    private var destination = Destination.none
    private let input: Int, frames: Int, display: Int, recognizers: Int

    /// Starts a timeline at `path`.
    public init(path: String) throws(TraceFileError) {
        writer = TraceEventWriter(process: "touchbench replay", output: try TextOutput(path: path))
        input = writer.thread(named: "input samples")
        frames = writer.thread(named: "frames (app)")
        display = writer.thread(named: "display (presented)")
        recognizers = writer.thread(named: "recognizers")
    }

    /// Finishes the JSON and closes the file.
    public func close() throws(TraceFileError) {
        try writer.close()
    }

    func sample(_ sample: InputSample) {
        var args: [(String, TraceEventWriter.Argument)] = [("t", .integer(sample.time))]
        if sample.kind.isContact || sample.kind == .scroll {
            args += [("id", .integer(Int64(sample.id))), ("x", .number(sample.x)), ("y", .number(sample.y))]
        }
        if let label = sample.label { args.append(("label", .string(label))) }
        let name = sample.kind == .marker ? "marker \(sample.label ?? "")" : "\(sample.kind.name) \(sample.phase.name)"
        writer.instant(name, category: "input", thread: input, time: sample.time, args: args)
    }

    func frame<S: Scene>(_ record: FrameRecord, batch: [InputSample], scene: S) {
        let span = record.workEnd - record.workStart
        let duration = span > 0 ? span : Swift.max(record.cpu, 1)
        writer.complete("frame", category: "frame", thread: frames, start: record.vsync, duration: duration, args: [
            ("vsync", .integer(Int64(record.index))), ("samples", .integer(Int64(batch.count))),
            ("lateFrames", .integer(Int64(record.lateFrames))), ("cpuUs", .number(Double(record.cpu) / 1000)),
        ])
        writer.instant(record.lateFrames > 0 ? "present (late)" : "present", category: "display", thread: display,
                       time: record.presentation, args: [("vsync", .integer(Int64(record.index)))])
        writer.counter("scene", time: record.presentation, values: scene.animatedValues().map { ($0.name, $0.value) })
        for (name, state) in scene.recognizerStates() where recognizerStates[name] != state {
            recognizerStates[name] = state
            writer.instant("\(name): \(state)", category: "recognizer", thread: recognizers, time: record.vsync)
        }
        let state = scene.state
        if state.destination != destination {
            destination = state.destination
            writer.instant("destination: \(destination.description)", category: "intent", thread: recognizers, time: record.vsync)
        }
    }
}
