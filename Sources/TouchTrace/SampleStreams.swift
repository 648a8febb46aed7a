import TouchInput

/// Anything that yields a trace's samples in time order: a `.touchtrace` reader, the JSON
/// Lines reader, an importer. Conversions are written once against this.
public protocol SampleSource: AnyObject {
    /// The trace's metadata (known before the first sample).
    var metadata: TraceMetadata { get }
    /// The next sample, or `nil` at the end.
    func nextSample() throws(TraceFileError) -> InputSample?
    /// What was lost at the end of a damaged input (a cut last line, a chunk the writer
    /// never finished), known once ``nextSample()`` has returned `nil`; `nil` when nothing was.
    var damage: TraceFileError? { get }
    /// Hands `body` every remaining sample in order: the way through a whole source. A
    /// `.touchtrace` file hands over each decoded chunk's samples in place, where a loop over
    /// ``nextSample()`` copies every 136-byte sample through four optionals.
    func forEachSample(_ body: (InputSample) throws -> Void) throws
}

extension SampleSource {
    public var damage: TraceFileError? { nil }

    public func forEachSample(_ body: (InputSample) throws -> Void) throws {
        while let sample = try nextSample() { try body(sample) }
    }
}

/// Anything that takes samples in time order and writes them somewhere.
public protocol SampleSink: AnyObject {
    func append(_ sample: InputSample) throws(TraceFileError)
    /// Completes the output (index, trailer, final flush).
    func finishWriting() throws(TraceFileError)
}

extension JSONLinesReader: SampleSource {
    public func nextSample() throws(TraceFileError) -> InputSample? { try next() }
}

extension TraceWriter: SampleSink {
    public func finishWriting() throws(TraceFileError) { try finish() }
}

/// A ``SampleSource`` over a `.touchtrace` file, optionally limited to a time window.
public final class TraceSampleSource: SampleSource {
    public let reader: TraceReader
    /// The window of times it yields (`nil`: the whole file).
    public let window: Range<Int64>?
    private var cursor: SampleCursor

    public init(reader: TraceReader, window: Range<Int64>? = nil) {
        self.reader = reader
        self.window = window
        cursor = window.map { reader.makeCursor(from: $0.lowerBound, to: $0.upperBound) } ?? reader.makeCursor()
    }

    public var metadata: TraceMetadata { reader.metadata }
    public func nextSample() throws(TraceFileError) -> InputSample? { try cursor.next() }
    public var damage: TraceFileError? { reader.damage }

    public func forEachSample(_ body: (InputSample) throws -> Void) throws {
        try cursor.forEachBatch { batch in
            for index in batch.indices { try body(batch[index]) }
        }
    }
}

/// Writes the JSON Lines form (metadata line first) to a file or standard output.
public final class JSONLinesWriter: SampleSink {
    private let output: TextOutput

    public init(output: TextOutput, metadata: TraceMetadata?) throws(TraceFileError) {
        self.output = output
        if let metadata { try output.write(JSONLines.metadataLine(metadata) + "\n") }
    }

    public func append(_ sample: InputSample) throws(TraceFileError) {
        try output.writeJSONLine(sample)
    }

    public func finishWriting() throws(TraceFileError) { try output.close() }
}

/// Copies every sample of `source` into `sink` and finishes the sink; returns the count.
@discardableResult
public func copySamples(from source: some SampleSource, to sink: some SampleSink,
                        progress: ((Int) -> Void)? = nil) throws(TraceFileError) -> Int {
    var count = 0
    while let sample = try source.nextSample() {
        try sink.append(sample)
        count += 1
        if let progress, count & 0xFFFF == 0 { progress(count) }
    }
    try sink.finishWriting()
    return count
}

/// A ``SampleSource`` over samples already in memory (an imported capture, a synthesis).
public final class SampleArraySource: SampleSource {
    public let metadata: TraceMetadata
    private let samples: [InputSample]
    private var position = 0

    public init(metadata: TraceMetadata, samples: [InputSample]) {
        self.metadata = metadata
        self.samples = samples
    }

    public func nextSample() throws(TraceFileError) -> InputSample? {
        guard position < samples.count else { return nil }
        defer { position += 1 }
        return samples[position]
    }
}

/// Passes on the samples of another source whose time lies in a window (`from <= t < to`).
/// For a `.touchtrace` file prefer ``TraceSampleSource`` with a window, which seeks.
public final class WindowedSource: SampleSource {
    private let base: any SampleSource
    private let window: Range<Int64>

    public init(_ base: any SampleSource, window: Range<Int64>) {
        self.base = base
        self.window = window
    }

    public var metadata: TraceMetadata { base.metadata }

    public func nextSample() throws(TraceFileError) -> InputSample? {
        while let sample = try base.nextSample() {
            if sample.time < window.lowerBound { continue }
            // Samples are in time order, so the first one past the window ends it.
            return sample.time < window.upperBound ? sample : nil
        }
        return nil
    }
}
