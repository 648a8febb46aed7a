import TouchInput

/// Buffered text output to a file or to standard output, for the text forms (JSON Lines,
/// CSV) that can be far larger than memory should hold.
public final class TextOutput {
    private let file: SystemFile
    private var buffer: [UInt8] = []
    private static let flushThreshold = 1 << 16

    /// Creates (or truncates) `path`; `-` means standard output.
    public init(path: String) throws(TraceFileError) {
        file = path == "-" ? SystemFile.standardOutput() : try SystemFile.create(path)
        buffer.reserveCapacity(Self.flushThreshold * 2)
    }

    public var path: String { file.path }

    /// Whether the output is a regular file (not standard output, a device or a FIFO).
    package var isRegularFile: Bool { file.isRegularFileOutput }

    /// Appends `text` (callers include their own newlines).
    public func write(_ text: String) throws(TraceFileError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Appends encoded text (callers include their own newlines).
    public func write(bytes: [UInt8]) throws(TraceFileError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Appends text already encoded in memory the caller owns: a chunk as large as the buffer
    /// goes straight to the file, without a copy.
    package func write(contentsOf bytes: UnsafeRawBufferPointer) throws(TraceFileError) {
        guard bytes.count < Self.flushThreshold else {
            try flush()
            try file.write(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Appends `sample` as a JSON Lines line, newline included.
    public func writeJSONLine(_ sample: InputSample) throws(TraceFileError) {
        SampleText.appendJSONLine(sample, to: &buffer)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Appends `sample` as a CSV row (``CSVWriter/columns``), newline included.
    public func writeCSVRow(_ sample: InputSample) throws(TraceFileError) {
        SampleText.appendCSVRow(sample, to: &buffer)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Hands everything buffered to the operating system.
    public func flush() throws(TraceFileError) {
        guard !buffer.isEmpty else { return }
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes (standard output is flushed, not closed).
    public func close() throws(TraceFileError) {
        try flush()
        if file.path != "-" && file.path != "(standard output)" { try file.closeChecked() }
    }
}
