import TouchInput
import TouchTrace

/// Writing synthesized traces to files.
extension GestureSynthesizer {
    /// Writes the trace of `gesture` to a `.touchtrace` file at `path` (replacing any file
    /// there), streaming: a one-hour session never sits in memory.
    ///
    /// Every synthesized value already lies on the standard quantum grid, so the file reads
    /// back sample for sample equal to ``synthesize(_:)`` (the summary's quantisation error
    /// is zero).
    @discardableResult
    public func write(
        _ gesture: Gesture, toFileAt path: String, options: TraceWriter.Options = .archival
    ) throws(TraceFileError) -> TraceWriter.Summary {
        let writer = try TraceWriter(path: path, metadata: metadata(for: gesture), options: options)
        try writer.append(contentsOf: samples(of: gesture))
        return try writer.finish()
    }

    /// Writes the trace of `gesture` in the JSON Lines text form to `path` (`-` for standard
    /// output): the metadata line, then one line per sample.
    public func writeJSONLines(_ gesture: Gesture, toFileAt path: String) throws(TraceFileError) {
        let output = try TextOutput(path: path)
        try output.write(JSONLines.metadataLine(metadata(for: gesture)) + "\n")
        for sample in samples(of: gesture) {
            try output.writeJSONLine(sample)
        }
        try output.close()
    }
}
