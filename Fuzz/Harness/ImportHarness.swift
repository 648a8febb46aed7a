import TouchInput
import TouchTrace
import TraceFormats

/// Every importer, then export after import: what imports must export to every writable
/// form without a crash, and write to a container that verifies.
enum ImportHarness {
    static func run(_ bytes: UnsafeRawBufferPointer, format: TraceFormat) {
        let path = Scratch.write(bytes, as: "in.\(format.rawValue)")
        let whole = try? TraceFormat.importTrace(from: path, format: format)
        streamAgrees(path: path, format: format, whole: whole?.samples)
        guard let trace = whole else { return }
        precondition(!trace.samples.isEmpty, "an import returned no samples without an error")
        for sample in trace.samples { precondition(SampleTime.isValid(sample.time), "an imported time outside the range") }
        // One export form per input (chosen by its length), so each execution stays cheap and
        // the corpus still covers every form.
        let forms: [TraceFormat] = [.evemu, .libinput, .getevent, .csv, .chromeTrace]
        _ = try? TraceFormat.export(forms[bytes.count % forms.count], metadata: trace.metadata, samples: trace.samples)
        let output = Scratch.path("imported.touchtrace")
        guard let writer = try? TraceWriter(path: output, metadata: trace.metadata) else { return }
        do {
            try writer.append(contentsOf: trace.samples)
            try writer.finish()
        } catch {
            return
        }
        guard let back = try? TraceReader(path: output), (try? back.verify())?.sampleCount == trace.samples.count else {
            preconditionFailure("an imported trace written as a container does not read back")
        }
    }

    /// The streamed reading of a form (``TraceInput``: CSV and evemu line by line, the others
    /// through the whole import) may refuse what the whole import takes, but whatever it
    /// yields is the whole import's samples, in order.
    private static func streamAgrees(path: String, format: TraceFormat, whole: [InputSample]?) {
        var streamed: [InputSample] = []
        do {
            let input = try TraceInput(path: path, form: .foreign(format))
            while let sample = try input.source.nextSample() { streamed.append(sample) }
        } catch {
            return
        }
        guard let whole else { return }
        precondition(streamed.count == whole.count, "the stream read \(streamed.count) samples, the whole import \(whole.count)")
        for (a, b) in zip(streamed, whole) {
            precondition(a.time == b.time && a.kind == b.kind && a.phase == b.phase && a.id == b.id && a.label == b.label,
                         "the stream and the whole import disagree at \(a) / \(b)")
        }
    }
}
