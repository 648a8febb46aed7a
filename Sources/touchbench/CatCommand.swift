import TouchTrace

extension Command {
    static let cat = Command(
        name: "cat",
        summary: "Print a trace's samples (any input form) as JSON Lines or CSV.",
        usage: "FILE [--format jsonl|csv] [--from T] [--to T]",
        discussion: """
            Prints the samples with from <= t < to (times as 1.5s, 250ms, 120us or integer
            nanoseconds). Only the chunks that overlap the window are read.
            """,
        options: [
            .value("format", "FORM", "jsonl (default, with the metadata line) or csv."),
            .value("from", "T", "Start of the window (inclusive)."),
            .value("to", "T", "End of the window (exclusive)."),
        ],
        positionals: 1...1
    ) { arguments in
        let format = try arguments.value("format").map { (name) throws(UsageError) in try TraceForm.named(name, option: "format") } ?? .jsonl
        guard format == .jsonl || format == .foreign(.csv) else { throw UsageError(message: "--format must be jsonl or csv") }
        let from = try arguments.value("from").map { (text) throws(UsageError) in try TimeArgument.nanoseconds(text, option: "from") }
        let to = try arguments.value("to").map { (text) throws(UsageError) in try TimeArgument.nanoseconds(text, option: "to") }
        let path = arguments.positionals[0]
        let window = (from != nil || to != nil) ? (from ?? .min)..<(to ?? .max) : nil
        if let window, window.isEmpty { throw UsageError(message: "--from must come before --to") }
        let source: any SampleSource
        let form = try TraceFiles.form(of: path)
        if form == .touchtrace {
            let reader = try TraceReader(path: path)
            TraceFiles.warnIfDamaged(reader)
            source = TraceSampleSource(reader: reader, window: window)   // seeks through the index
        } else {
            let opened = try TraceFiles.openSource(path, options: InputOptions(form: form))
            source = window.map { WindowedSource(opened, window: $0) } ?? opened
        }
        let sink = try TraceFiles.makeSink("-", form: format, metadata: source.metadata)
        try copySamples(from: source, to: sink)
        return ExitCode.success
    }
}
