import TouchInput
import TouchTrace

/// The container reader, verify/repair, and the JSON Lines reader.
enum ContainerHarness {
    /// Opens, verifies and streams every sample; a verified file's samples are in order and
    /// as many as its index says.
    static func read(_ bytes: UnsafeRawBufferPointer) {
        let path = Scratch.write(bytes, as: "in.touchtrace")
        guard let reader = try? TraceReader(path: path) else { return }
        let verified = try? reader.verify()
        var cursor = reader.makeCursor()
        var count = 0
        var previous = Int64.min
        while let sample = try? cursor.next() {
            precondition(sample.time >= previous, "samples out of order")
            precondition(SampleTime.isValid(sample.time), "a time outside the accepted range")
            previous = sample.time
            count += 1
        }
        if let verified { precondition(count == verified.sampleCount, "verify and the cursor disagree") }
        if let first = reader.startTime, let last = reader.endTime {
            var window = reader.makeCursor(from: first + (last - first) / 3, to: last)
            while (try? window.next()) != nil {}
        }
    }

    /// Repairs whatever opens as `verify --repair` opens it (a damaged header whose metadata
    /// reads included); the repaired file must verify, hold the kept samples, and be what
    /// `verify` promised.
    static func repair(_ bytes: UnsafeRawBufferPointer) {
        let path = Scratch.write(bytes, as: "damaged.touchtrace")
        guard let reader = try? TraceReader(salvaging: path) else { return }
        let output = Scratch.path("repaired.touchtrace")
        let promised = try? reader.recoverable()
        guard let report = try? reader.repair(to: output) else { return }
        if let promised {
            precondition(promised.chunkCount == report.chunkCount && promised.sampleCount == report.sampleCount,
                         "the repair keeps other chunks than verify promised")
        }
        guard let repaired = try? TraceReader(path: output) else { preconditionFailure("a repaired file does not open") }
        guard let verified = try? repaired.verify() else { preconditionFailure("a repaired file does not verify") }
        precondition(verified.sampleCount == report.sampleCount, "the repair report miscounts")
    }

    /// Reads every line; what reads must write to a container and read back the same.
    static func jsonLines(_ bytes: UnsafeRawBufferPointer) {
        let path = Scratch.write(bytes, as: "in.jsonl")
        guard let reader = try? JSONLinesReader(path: path) else { return }
        var samples: [InputSample] = []
        while let sample = try? reader.next() {
            samples.append(sample)
            if samples.count > 100_000 { break }
        }
        let output = Scratch.path("from-jsonl.touchtrace")
        guard let writer = try? TraceWriter(path: output, metadata: reader.metadata) else { return }
        do {
            try writer.append(contentsOf: samples)
            try writer.finish()
        } catch {
            return  // a value the container cannot hold is refused, as documented
        }
        guard let back = try? TraceReader(path: output), (try? back.verify())?.sampleCount == samples.count else {
            preconditionFailure("JSON Lines written as a container does not read back")
        }
    }
}
