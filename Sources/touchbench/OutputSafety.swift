import TouchTrace

/// Checks that run before a command writes anything.
enum OutputSafety {
    /// Refuses an output that is one of the inputs (after symbolic and hard links): writing
    /// it would destroy the data being read. A usage error (64), raised before any write.
    static func refuse(output: String?, sameAs inputs: [String]) throws(UsageError) {
        guard let output, output != "-" else { return }
        for input in inputs where SystemFile.isSameFile(input, output) {
            throw UsageError(message: "the output '\(output)' is the input '\(input)'; write to another file")
        }
    }
}
