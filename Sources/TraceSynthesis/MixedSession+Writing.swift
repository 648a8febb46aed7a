import TouchInput
import TouchTrace

extension MixedSession {
    /// The name `touchbench synth` knows the mixed session by.
    public static let name = "mixed-session"
    /// What it exercises, for `touchbench synth --list`.
    public static let summary =
        "busy mixed use with a redirect, pause or release marker every few seconds: the scale benchmarks' workload"

    /// Writes the session as a `.touchtrace` file (archival chunks) at `path`, streaming.
    @discardableResult
    public func write(toFileAt path: String, options: TraceWriter.Options = .archival) throws(TraceFileError) -> TraceWriter.Summary {
        let writer = try TraceWriter(path: path, metadata: metadata, options: options)
        var batch: [InputSample] = []
        batch.reserveCapacity(16_384)
        for sample in self {
            batch.append(sample)
            if batch.count == 16_384 {
                try writer.append(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try writer.append(contentsOf: batch)
        return try writer.finish()
    }

    /// Writes the session in the JSON Lines form to `path` (`-` for standard output).
    public func writeJSONLines(toFileAt path: String) throws(TraceFileError) {
        let output = try TextOutput(path: path)
        try output.write(JSONLines.metadataLine(metadata) + "\n")
        for sample in self { try output.writeJSONLine(sample) }
        try output.close()
    }
}
