import TouchTrace
import TraceFormats

/// `touchbench cat`: a trace's samples, any input form, as JSON Lines or CSV.
enum CatCommand {
    static let format = Option("format", "FORM", "jsonl (default, with the metadata line) or csv.") { (name) throws(UsageError) in
        // Only the two text forms cat prints: the error names those, not every form.
        guard let form = TraceForm(name: name), form == .jsonl || form == .foreign(.csv) else {
            throw UsageError(message: "--format must be jsonl or csv, not '\(name)'")
        }
        return form
    }
    static let from = Option.windowBound("from", "T", "Start of the window (inclusive).")
    static let to = Option.windowBound("to", "T", "End of the window (exclusive).")

    static let command = Command(
        name: "cat",
        summary: "Print a trace's samples (any input form) as JSON Lines or CSV.",
        usage: "FILE [--format jsonl|csv] [--from T] [--to T]",
        discussion: """
            Prints the samples with from <= t < to (times as 1.5s, 250ms, 120us or a bare
            number of nanoseconds, negative ones too; a bound between two nanoseconds is
            rounded up, so the window keeps exactly the samples within it; --to must lie after
            --from, as an empty window is refused). Only the chunks that overlap the window are
            read.
            """,
        options: [format, from, to],
        positionals: 1...1
    ) { arguments in
        let form = try arguments.value(format) ?? .jsonl
        let start = try arguments.value(from)
        let end = try arguments.value(to)
        // Checked before the range is formed: a range cannot run backwards.
        if let start, let end, start >= end { throw UsageError(message: "--from must come before --to") }
        let window = (start != nil || end != nil) ? (start ?? .min)..<(end ?? .max) : nil
        let input = try TraceFiles.open(arguments.positionals[0], window: window)
        let sink = try TraceOutput.sink(writing: form, to: "-", metadata: input.metadata)
        try copySamples(from: input.source, to: sink)
        TraceFiles.warnAfterReading(input)
        return ExitCode.success
    }
}
