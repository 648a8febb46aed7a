import TouchInput
import TouchTrace

/// A sink that counts, as samples pass to the sink it wraps, what the output form cannot
/// carry (``ExportLosses``): `convert` reports it on standard error.
public final class LossCountingSink: SampleSink {
    private let sink: any SampleSink
    private let metadata: TraceMetadata
    /// What was lost so far.
    public private(set) var losses: ExportLosses

    /// Wraps `sink`, which writes `format` (`nil`: a lossless form).
    public init(_ sink: any SampleSink, format: TraceFormat?, metadata: TraceMetadata) {
        self.sink = sink
        self.metadata = metadata
        losses = ExportLosses(format: format)
    }

    public func append(_ sample: InputSample) throws(TraceFileError) {
        losses.count(sample, metadata: metadata)
        try sink.append(sample)
    }

    public func finishWriting() throws(TraceFileError) { try sink.finishWriting() }
}
