import Foundation
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
    private let output: TextOutput
    private var first = true
    private var error: TraceFileError?
    private var recognizerStates: [String: String] = [:]
    private var destination = Destination.none

    private enum Track: Int {
        case input = 1, frames = 2, display = 3, recognizers = 4
    }

    /// Starts a timeline at `path`.
    public init(path: String) throws(TraceFileError) {
        output = try TextOutput(path: path)
        write("{\"traceEvents\": [\n")
        first = true
        meta("process_name", tid: 0, value: "touchbench replay")
        meta("thread_name", tid: Track.input.rawValue, value: "input samples")
        meta("thread_name", tid: Track.frames.rawValue, value: "frames (app)")
        meta("thread_name", tid: Track.display.rawValue, value: "display (presented)")
        meta("thread_name", tid: Track.recognizers.rawValue, value: "recognizers")
    }

    /// Finishes the JSON and closes the file.
    public func close() throws(TraceFileError) {
        write("\n]}\n")
        if let error { throw error }
        try output.close()
    }

    func sample(_ sample: InputSample) {
        var args = "\"t\":\(sample.time)"
        if sample.kind.isContact || sample.kind == .scroll { args += ",\"id\":\(sample.id),\"x\":\(Self.number(sample.x)),\"y\":\(Self.number(sample.y))" }
        if let label = sample.label { args += ",\"label\":\(Self.quoted(label))" }
        let name = sample.kind == .marker ? "marker \(sample.label ?? "")" : "\(sample.kind.name) \(sample.phase.name)"
        event("{\"name\":\(Self.quoted(name)),\"cat\":\"input\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.micro(sample.time)),\"pid\":1,\"tid\":\(Track.input.rawValue),\"args\":{\(args)}}")
    }

    func frame<S: Scene>(_ record: FrameRecord, batch: [InputSample], scene: S) {
        let span = record.workEnd - record.workStart
        let duration = span > 0 ? span : Swift.max(record.cpu, 1)
        event("{\"name\":\"frame\",\"cat\":\"frame\",\"ph\":\"X\",\"ts\":\(Self.micro(record.vsync)),\"dur\":\(Self.micro(duration)),\"pid\":1,\"tid\":\(Track.frames.rawValue),\"args\":{\"vsync\":\(record.index),\"samples\":\(batch.count),\"lateFrames\":\(record.lateFrames),\"cpuUs\":\(Self.number(Double(record.cpu) / 1000))}}")
        event("{\"name\":\(record.lateFrames > 0 ? "\"present (late)\"" : "\"present\""),\"cat\":\"display\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.micro(record.presentation)),\"pid\":1,\"tid\":\(Track.display.rawValue),\"args\":{\"vsync\":\(record.index)}}")
        let values = scene.animatedValues().map { "\(Self.quoted($0.name)):\(Self.number($0.value))" }.joined(separator: ",")
        event("{\"name\":\"scene\",\"ph\":\"C\",\"ts\":\(Self.micro(record.presentation)),\"pid\":1,\"args\":{\(values)}}")
        for (name, state) in scene.recognizerStates() where recognizerStates[name] != state {
            recognizerStates[name] = state
            event("{\"name\":\(Self.quoted("\(name): \(state)")),\"cat\":\"recognizer\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.micro(record.vsync)),\"pid\":1,\"tid\":\(Track.recognizers.rawValue)}")
        }
        let state = scene.state
        if state.destination != destination {
            destination = state.destination
            event("{\"name\":\(Self.quoted("destination: \(destination.description)")),\"cat\":\"intent\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.micro(record.vsync)),\"pid\":1,\"tid\":\(Track.recognizers.rawValue)}")
        }
    }

    private func meta(_ name: String, tid: Int, value: String) {
        event("{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":\(Self.quoted(value))}}")
    }

    private func event(_ json: String) {
        write(first ? json : ",\n" + json)
        first = false
    }

    private func write(_ text: String) {
        guard error == nil else { return }
        do throws(TraceFileError) { try output.write(text) } catch { self.error = error }
    }

    static func micro(_ nanoseconds: Int64) -> String {
        JSONNumber.format(Double(nanoseconds) / 1000, decimals: 3)
    }

    static func number(_ value: Double) -> String { JSONNumber.format(value, decimals: 6) }

    static func quoted(_ text: String) -> String { JSONNumber.quoted(text) }
}
