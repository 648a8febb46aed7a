import TouchBenchSupport

/// The one writer of Chrome trace-event JSON (`{"traceEvents": [...]}`), which Perfetto UI,
/// chrome://tracing and speedscope open: `convert --to chrome-trace` and `replay
/// --trace-events` both write through it.
///
/// It keeps the rules those loaders depend on: every thread it writes on is named
/// (`thread_name`) and ordered (`thread_sort_index`) before its first event, thread ids start
/// at 1 (Perfetto gives tid 0 the process's main-thread track and drops its name), instants
/// are thread-scoped (`"s":"t"`), complete events carry a non-negative `dur`, counters are
/// process-scoped, and times (`ts`, `dur`) are microseconds with nanosecond decimals.
///
/// Streams to a ``TextOutput`` as events come, or collects the text when given none.
public final class TraceEventWriter {
    /// One value of an event's `args`.
    public enum Argument: Sendable {
        case integer(Int64)
        case number(Double)
        case string(String)
        case strings([String])
    }

    private let output: TextOutput?
    // Unchecked: every event appends to it a dozen times, and the dynamic exclusivity check of a
    // class's stored property on each append was a fifth of writing an event.
    @exclusivity(unchecked) private var buffer = ""
    private var first = true
    private var threads = 0
    private var error: TraceFileError?
    private let processID = 1

    /// Starts a document for process `name`, written to `output` (or kept for ``text``).
    public init(process name: String, output: TextOutput? = nil) {
        self.output = output
        buffer = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        event("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(processID),\"args\":{\"name\":\(JSONWriter.quoted(name))}}")
    }

    /// A new named thread (track), listed after the ones before it; returns its id (from 1).
    public func thread(named name: String) -> Int {
        threads += 1
        let tid = threads
        event("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(processID),\"tid\":\(tid),\"args\":{\"name\":\(JSONWriter.quoted(name))}}")
        event("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":\(processID),\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}")
        return tid
    }

    /// An instant event on `thread` at `time` nanoseconds.
    public func instant(_ name: String, category: String? = nil, thread: Int, time: Int64, args: [(String, Argument)] = []) {
        precondition(thread >= 1 && thread <= threads, "instants go on a thread made by thread(named:)")
        beginEvent(name, category: category)
        buffer += ",\"ph\":\"i\",\"s\":\"t\",\"ts\":"
        appendMicroseconds(time)
        appendThread(thread, args: args)
    }

    /// A complete event (`ph: "X"`) on `thread` from `start` for `duration` nanoseconds.
    public func complete(_ name: String, category: String? = nil, thread: Int, start: Int64, duration: Int64,
                         args: [(String, Argument)] = []) {
        precondition(thread >= 1 && thread <= threads, "complete events go on a thread made by thread(named:)")
        precondition(duration >= 0, "a complete event cannot end before it starts")
        beginEvent(name, category: category)
        buffer += ",\"ph\":\"X\",\"ts\":"
        appendMicroseconds(start)
        buffer += ",\"dur\":"
        appendMicroseconds(duration)
        appendThread(thread, args: args)
    }

    /// A counter event (process-scoped): one series per value name.
    public func counter(_ name: String, time: Int64, values: [(name: String, value: Double)]) {
        beginEvent(name, category: nil)
        buffer += ",\"ph\":\"C\",\"ts\":"
        appendMicroseconds(time)
        buffer += ",\"pid\":\(processID),\"args\":{"
        for (index, series) in values.enumerated() {
            if index > 0 { buffer += "," }
            JSONWriter.appendQuoted(series.name, to: &buffer)
            buffer += ":"
            buffer += JSONWriter.format(series.value)
        }
        buffer += "}}"
        endEvent()
    }

    /// Ends the document written to the output, flushes and closes it (the first write
    /// error is thrown here).
    public func close() throws(TraceFileError) {
        precondition(output != nil, "a writer without an output is ended by finish()")
        buffer += "\n]}\n"
        flush()
        if let error { throw error }
        try output?.close()
    }

    /// Ends the document of a writer made without an output and returns it.
    public func finish() -> String {
        precondition(output == nil, "a writer with an output is ended by close()")
        buffer += "\n]}\n"
        return buffer
    }

    private func event(_ json: String) {
        if !first { buffer += ",\n" }
        buffer += json
        endEvent()
    }

    /// Opens an event in the buffer: its separator, name and category. Events are written in
    /// place, piece by piece: a string per event and per value cost most of an hour's
    /// `replay --trace-events`.
    private func beginEvent(_ name: String, category: String?) {
        if !first { buffer += ",\n" }
        buffer += "{\"name\":"
        JSONWriter.appendQuoted(name, to: &buffer)
        if let category {
            buffer += ",\"cat\":"
            JSONWriter.appendQuoted(category, to: &buffer)
        }
    }

    /// The process, `thread` and `args` of an event, and its end.
    private func appendThread(_ thread: Int, args: [(String, Argument)]) {
        buffer += ",\"pid\":\(processID),\"tid\":"
        buffer += String(thread)
        if !args.isEmpty {
            buffer += ",\"args\":{"
            for (index, (key, value)) in args.enumerated() {
                if index > 0 { buffer += "," }
                JSONWriter.appendQuoted(key, to: &buffer)
                buffer += ":"
                switch value {
                case .integer(let number): buffer += String(number)
                case .number(let number): buffer += JSONWriter.format(number)
                case .string(let string): JSONWriter.appendQuoted(string, to: &buffer)
                case .strings(let strings):
                    buffer += "["
                    for (position, string) in strings.enumerated() {
                        if position > 0 { buffer += "," }
                        JSONWriter.appendQuoted(string, to: &buffer)
                    }
                    buffer += "]"
                }
            }
            buffer += "}"
        }
        buffer += "}"
        endEvent()
    }

    private func endEvent() {
        first = false
        if output != nil, buffer.utf8.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard let output, error == nil else { return }
        do throws(TraceFileError) { try output.write(buffer) } catch { self.error = error }
        buffer.removeAll(keepingCapacity: true)
    }

    /// `nanoseconds` in microseconds with up to three decimals, exactly: the integer
    /// microseconds and the nanoseconds left over, trailing zeros dropped (`1.5`, `-0.001`,
    /// `4611686018427387.903`). Below 2⁵⁰ ns (13 days) these are the bytes
    /// `JSONWriter.format(Double(nanoseconds) / 1000, decimals: 3)` writes; past it the
    /// `Double` was off by up to 120 ns at 2⁶² (hostile report 4, finding 08), so no time
    /// goes through one.
    private func appendMicroseconds(_ nanoseconds: Int64) {
        buffer += JSONWriter.decimalText(units: nanoseconds.magnitude, negative: nanoseconds < 0, decimals: 3)
    }
}
