import TouchInput
import TouchTrace
import TraceFormats

/// Every importer, then export after import: what imports must export to every writable
/// form without a crash, and write to a container that verifies.
enum ImportHarness {
    static func run(_ bytes: UnsafeRawBufferPointer, format: TraceFormat) {
        let path = Scratch.write(bytes, as: "in.\(format.rawValue)")
        guard let trace = try? TraceFormat.importTrace(from: path, format: format) else { return }
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
}
