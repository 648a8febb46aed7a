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
    private var buffer = ""
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
        event("{\"name\":\(JSONWriter.quoted(name))\(Self.category(category)),\"ph\":\"i\",\"s\":\"t\",\"ts\":\(Self.micro(time)),\"pid\":\(processID),\"tid\":\(thread)\(Self.arguments(args))}")
    }

    /// A complete event (`ph: "X"`) on `thread` from `start` for `duration` nanoseconds.
    public func complete(_ name: String, category: String? = nil, thread: Int, start: Int64, duration: Int64,
                         args: [(String, Argument)] = []) {
        precondition(thread >= 1 && thread <= threads, "complete events go on a thread made by thread(named:)")
        precondition(duration >= 0, "a complete event cannot end before it starts")
        event("{\"name\":\(JSONWriter.quoted(name))\(Self.category(category)),\"ph\":\"X\",\"ts\":\(Self.micro(start)),\"dur\":\(Self.micro(duration)),\"pid\":\(processID),\"tid\":\(thread)\(Self.arguments(args))}")
    }

    /// A counter event (process-scoped): one series per value name.
    public func counter(_ name: String, time: Int64, values: [(name: String, value: Double)]) {
        let series = values.map { "\(JSONWriter.quoted($0.name)):\(JSONWriter.format($0.value))" }.joined(separator: ",")
        event("{\"name\":\(JSONWriter.quoted(name)),\"ph\":\"C\",\"ts\":\(Self.micro(time)),\"pid\":\(processID),\"args\":{\(series)}}")
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
        first = false
        if output != nil, buffer.utf8.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard let output, error == nil else { return }
        do throws(TraceFileError) { try output.write(buffer) } catch { self.error = error }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func micro(_ nanoseconds: Int64) -> String {
        JSONWriter.format(Double(nanoseconds) / 1000, decimals: 3)
    }

    private static func category(_ category: String?) -> String {
        category.map { ",\"cat\":\(JSONWriter.quoted($0))" } ?? ""
    }

    private static func arguments(_ args: [(String, Argument)]) -> String {
        guard !args.isEmpty else { return "" }
        let fields = args.map { (key, value) -> String in
            let text: String = switch value {
            case .integer(let number): String(number)
            case .number(let number): JSONWriter.format(number)
            case .string(let string): JSONWriter.quoted(string)
            case .strings(let strings): "[" + strings.map { JSONWriter.quoted($0) }.joined(separator: ",") + "]"
            }
            return "\(JSONWriter.quoted(key)):\(text)"
        }
        return ",\"args\":{" + fields.joined(separator: ",") + "}"
    }
}
