import TouchInput
import TouchTrace

/// One `convert`: every sample of an input written as another form. What the form could be
/// written with but touchbench could not read back (``ExportLimits``) is refused, naming the
/// input: an empty input or an over-long metadata line before the output is opened, a sample
/// before it is written. What the form cannot carry is counted (``ExportLosses``), never
/// dropped in silence.
///
/// ```swift
/// let input = try TraceInput(path: "in.jsonl", form: nil)
/// let conversion = try TraceConversion(input.source, named: "in.jsonl", writing: .foreign(.evemu), to: "out.evemu")
/// print(conversion.samples, conversion.losses.sentence(for: "evemu") ?? "nothing lost")
/// ```
public struct TraceConversion {
    /// The samples written.
    public private(set) var samples = 0
    /// What the output form could not carry.
    public private(set) var losses: ExportLosses

    /// Reads `source` (the file `input`) to its end and writes it as `form` to `path` (`-` is
    /// standard output for the text forms), calling `progress` with the count so far every
    /// 65 536 samples.
    public init(_ source: some SampleSource, named input: String, writing form: TraceForm, to path: String,
                progress: ((Int) -> Void)? = nil) throws {
        let format: TraceFormat? = if case .foreign(let format) = form { format } else { nil }
        losses = ExportLosses(format: format)
        let metadata = source.metadata
        // The first sample is read ahead to know the input holds one.
        var next = try source.nextSample()
        if next == nil, let problem = ExportLimits.emptyProblem(form) {
            throw TraceFileError(.malformed, path: input, reason: problem)
        }
        if let problem = ExportLimits.metadataProblem(metadata, form: form) {
            throw TraceFileError(.malformed, path: input, reason: problem)
        }
        let sink = try TraceOutput.formSink(writing: form, to: path, metadata: metadata)
        while let sample = next {
            samples += 1
            if let problem = ExportLimits.sampleProblem(sample, number: samples, form: form) {
                throw TraceFileError(.malformed, path: input, reason: problem)
            }
            // The metadata counts once (with the first sample): wrapped as an optional per
            // sample, the whole struct was copied and destroyed each time.
            losses.count(sample, metadata: samples == 1 ? metadata : nil)
            try sink.append(sample)
            if let progress, samples & 0xFFFF == 0 { progress(samples) }
            next = try source.nextSample()
        }
        try sink.finishWriting()
        // What only the writer knows (the evdev encoder's slots and axis ends), counted as it wrote.
        losses.add(sink.writerLosses)
    }
}
