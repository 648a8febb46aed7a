import TouchTrace

extension Command {
    static let convert = Command(
        name: "convert",
        summary: "Convert a trace between forms (.touchtrace, JSON Lines, CSV).",
        usage: "IN -o OUT [--from FORM] [--to FORM]",
        discussion: """
            Forms are chosen by --from/--to, else by extension (.touchtrace, .jsonl, .csv),
            else (for the input) by its first bytes. OUT may be '-' for standard output.
            """,
        options: [
            .value("output", short: "o", "OUT", "The file to write (required)."),
            .value("from", "FORM", "The input form: touchtrace or jsonl."),
            .value("to", "FORM", "The output form: touchtrace, jsonl or csv."),
        ],
        positionals: 1...1
    ) { arguments in
        let input = arguments.positionals[0]
        let output = try arguments.required("output")
        let from = try arguments.value("from").map { (name) throws(UsageError) in try TraceForm.named(name, option: "from") }
        let to = try arguments.value("to").map { (name) throws(UsageError) in try TraceForm.named(name, option: "to") }
        guard let outputForm = to ?? TraceForm.byExtension(of: output) else {
            throw UsageError(message: "cannot tell the form of '\(output)' from its extension; give --to")
        }
        let source = try TraceFiles.openSource(input, form: from)
        let sink = try TraceFiles.makeSink(output, form: outputForm, metadata: source.metadata)
        let count = try copySamples(from: source, to: sink) { Console.progress("converted \($0) samples") }
        Console.endProgress()
        if output != "-" { Console.error("\(input) → \(output): \(count) samples as \(outputForm.rawValue).") }
        return ExitCode.success
    }
}
