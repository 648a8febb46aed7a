import TouchBenchSupport
import TouchInput

/// Buffered text output to a file or to standard output, for the text forms (JSON Lines,
/// CSV) that can be far larger than memory should hold.
public final class TextOutput {
    private let file: SystemFile
    // Raw memory it owns, not an array: each line is written through a ``TextCursor`` once
    // room for its worst case is made, with no capacity check per byte.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private static let flushThreshold = 1 << 16

    /// Creates (or truncates) `path`; `-` means standard output.
    public init(path: String) throws(TraceFileError) {
        file = path == "-" ? SystemFile.standardOutput() : try SystemFile.create(path)
        capacity = Self.flushThreshold * 2
        storage = .allocate(capacity: capacity)
    }

    /// A command that fails part way (a damaged chunk, a bad line) still leaves what it wrote
    /// before on standard output, a device or a FIFO, as `gestures` and `cat` promise: what is
    /// still buffered is handed to the operating system, best effort (an error here has nowhere
    /// to go; the command's own is on its way). A regular file was being written under a
    /// temporary name that is removed unfinished, so the previous file stays.
    deinit {
        if count > 0 { try? file.write(UnsafeRawBufferPointer(start: storage, count: count)) }
        storage.deallocate()
    }

    public var path: String { file.path }

    /// Whether the output is a regular file (not standard output, a device or a FIFO).
    package var isRegularFile: Bool { file.isRegularFileOutput }

    /// Appends `text` (callers include their own newlines).
    public func write(_ text: String) throws(TraceFileError) {
        var text = text
        // In place: a copy of a long text (a Chrome trace's buffered events) would be an
        // allocation the size of the text.
        let failure: TraceFileError? = text.withUTF8 { bytes in
            do throws(TraceFileError) { try write(contentsOf: UnsafeRawBufferPointer(bytes)) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Appends encoded text (callers include their own newlines).
    public func write(bytes: [UInt8]) throws(TraceFileError) {
        try bytes.withBytes { (buffer) throws(TraceFileError) in try write(contentsOf: buffer) }
    }

    /// Appends text already encoded in memory the caller owns: a chunk as large as the buffer
    /// goes straight to the file, without a copy.
    package func write(contentsOf bytes: UnsafeRawBufferPointer) throws(TraceFileError) {
        guard bytes.count < Self.flushThreshold else {
            try flush()
            try file.write(bytes)
            return
        }
        if count + bytes.count > capacity { try flush() }
        var cursor = TextCursor(storage + count)
        cursor.bytes(bytes)
        try advance(to: cursor)
    }

    /// Appends `sample` as a JSON Lines line, newline included.
    public func writeJSONLine(_ sample: InputSample) throws(TraceFileError) {
        let label = sample.fields.contains(.label) ? sample.label.map { JSONWriter.quoted($0) } : nil
        var cursor = cursorWithRoom(for: label)
        SampleText.writeJSONLine(sample, quotedLabel: label, to: &cursor)
        cursor.byte(0x0A)
        try advance(to: cursor)
    }

    /// Appends `sample` as a CSV row (``CSVWriter/columns``), newline included.
    public func writeCSVRow(_ sample: InputSample) throws(TraceFileError) {
        let label = sample.fields.contains(.label) ? sample.label.map { SampleText.csvQuoted($0) } : nil
        var cursor = cursorWithRoom(for: label)
        SampleText.writeCSVRow(sample, quotedLabel: label, to: &cursor)
        cursor.byte(0x0A)
        try advance(to: cursor)
    }

    /// A cursor after the buffered bytes with room for a line and `label`; a long label grows
    /// the buffer (it was checked against the line limit by the writer's caller).
    @inline(__always)
    private func cursorWithRoom(for label: String?) -> TextCursor {
        let needed = count + SampleText.lineBound + 1 + (label?.utf8.count ?? 0)
        if needed > capacity {
            let grown = Swift.max(needed, capacity * 2)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity = grown
        }
        return TextCursor(storage + count)
    }

    @inline(__always)
    private func advance(to cursor: TextCursor) throws(TraceFileError) {
        count = cursor.position - storage
        if count >= Self.flushThreshold { try flush() }
    }

    /// Hands everything buffered to the operating system.
    public func flush() throws(TraceFileError) {
        guard count > 0 else { return }
        try file.write(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    /// Flushes and closes (standard output is flushed, not closed).
    public func close() throws(TraceFileError) {
        try flush()
        if file.path != "-" && file.path != "(standard output)" { try file.closeChecked() }
    }
}
