import BenchReports
import TouchTrace

/// `touchbench merge`: sharded bench results into the whole suite's.
enum MergeCommand {
    static let output = Option("output", short: "o", "OUT", "The merged result (required; - for standard output).")

    static let command = Command(
        name: "merge",
        summary: "Combine sharded bench results into the result of the whole suite.",
        usage: "A B … -o OUT",
        discussion: """
            The merged file is byte-for-byte what one unsharded run on the same machine would
            have written. The same trace × scene in two inputs, or a single run's record
            (replay --json), is an error (65); a missing shard, or inputs from different
            machines, settings or --repeat counts, are warnings.
            """,
        options: [output],
        positionals: 1...Int.max
    ) { arguments in
        let outputPath = try arguments.required(output)
        try OutputSafety.refuse(output: outputPath, sameAs: arguments.positionals)
        var results: [BenchResult] = []
        for path in arguments.positionals { results.append(try BenchResult.load(from: path)) }
        let merge: BenchResult.Merge
        do { merge = try BenchResult.merge(results, names: arguments.positionals) } catch let error as BenchResult.MergeError {
            throw CommandFailure(code: ExitCode.dataError, message: "touchbench merge: \(error.description).")
        }
        for warning in merge.warnings { Console.error("warning: \(warning)") }
        try merge.result.write(to: outputPath)
        return ExitCode.success
    }
}
