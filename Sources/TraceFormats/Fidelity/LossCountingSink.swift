import TouchInput
import TouchTrace

/// A sink that counts, as samples pass to the sink it wraps, what the output form cannot
/// carry (``ExportLosses``): `convert` reports it on standard error. A sample the form could
/// write but touchbench could not read back (``ExportLimits``) is refused before the wrapped
/// sink sees it, naming the input.
public final class LossCountingSink: SampleSink {
    private let sink: any SampleSink
    private let metadata: TraceMetadata
    private let form: TraceForm
    private let input: String
    private var count = 0
    /// What was lost so far.
    public private(set) var losses: ExportLosses

    /// Wraps `sink`, which writes `form`, the samples of the file `input`.
    public init(_ sink: any SampleSink, form: TraceForm, metadata: TraceMetadata, input: String) {
        self.sink = sink
        self.metadata = metadata
        self.form = form
        self.input = input
        let format: TraceFormat? = if case .foreign(let format) = form { format } else { nil }
        losses = ExportLosses(format: format)
    }

    public func append(_ sample: InputSample) throws(TraceFileError) {
        count += 1
        if let problem = ExportLimits.sampleProblem(sample, number: count, form: form) {
            throw TraceFileError(.malformed, path: input, reason: problem)
        }
        losses.count(sample, metadata: metadata)
        try sink.append(sample)
    }

    public func finishWriting() throws(TraceFileError) {
        try sink.finishWriting()
        // What only the evdev encoder knows (slots taken, axis ends), counted as it wrote.
        if let exporting = sink as? ExportingSink { losses.add(exporting.encoderLosses) }
    }
}
