import TouchInput
import TouchTrace
import TraceFormats

extension Command {
    static let convert = Command(
        name: "convert",
        summary: "Convert a trace between forms (.touchtrace, JSON Lines, CSV, evemu, libinput, getevent, pointer events).",
        usage: "IN -o OUT [--from FORM] [--to FORM] [--desc FILE] [--device NAME] [--screen WxH]",
        discussion: """
            Forms: touchtrace, jsonl, evemu, libinput, getevent, csv, pointer-events (read),
            chrome-trace (write). They are chosen by --from/--to, else by extension (.touchtrace,
            .jsonl, .events/.evemu, .yml, .getevent, .csv, .json), else (for the input) by its
            first bytes. OUT may be '-' for standard output (text forms). What the output form
            cannot carry is counted and named on standard error (docs/FORMATS.md).
            """,
        options: [
            .value("output", short: "o", "OUT", "The file to write (required)."),
            .value("from", "FORM", "The input form."),
            .value("to", "FORM", "The output form."),
            .value("desc", "FILE", "The evemu device description of an .events file (found automatically beside it; a recording that holds its own description keeps it)."),
            .value("device", "NAME", "The device to take from a multi-device getevent log (name or /dev/input path)."),
            .value("screen", "WxH", "Map device units without a resolution onto a screen of W×H points."),
        ],
        positionals: 1...1
    ) { arguments in
        let input = arguments.positionals[0]
        let output = try arguments.required("output")
        var options = InputOptions()
        options.form = try arguments.value("from").map { (name) throws(UsageError) in try TraceForm.named(name, option: "from") }
        options.importOptions.descriptionPath = arguments.value("desc")
        options.importOptions.device = arguments.value("device")
        options.importOptions.screen = try arguments.value("screen").map { (text) throws(UsageError) in try parseScreen(text) }
        let to = try arguments.value("to").map { (name) throws(UsageError) in try TraceForm.named(name, option: "to") }
        guard let outputForm = to ?? TraceForm.byExtension(of: output, forOutput: true) else {
            throw UsageError(message: "cannot tell the form of '\(output)' from its extension; give --to")
        }
        try OutputSafety.refuse(output: output, sameAs: [input] + [options.importOptions.descriptionPath].compactMap { $0 })
        let source = try TraceFiles.openSource(input, options: options)
        let format: TraceFormat? = if case .foreign(let format) = outputForm { format } else { nil }
        let sink = LossCountingSink(try TraceFiles.makeSink(output, form: outputForm, metadata: source.metadata),
                                    format: format, metadata: source.metadata)
        let count = try copySamples(from: source, to: sink) { Console.progress("converted \($0) samples") }
        Console.endProgress()
        if let damage = source.damage, case .jsonl = try options.form ?? TraceFiles.form(of: input) {
            Console.error("warning: \(damage.description)")
        }
        if output != "-" { Console.error("\(input) → \(output): \(count) samples as \(outputForm.name).") }
        // Nothing is dropped in silence: what the form cannot carry is counted and named.
        if let sentence = sink.losses.sentence(for: outputForm.name) { Console.error(sentence) }
        return ExitCode.success
    }

    /// `390x844` or `390×844` (points).
    static func parseScreen(_ text: String) throws(UsageError) -> TraceMetadata.Screen {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else {
            throw UsageError(message: "--screen takes WIDTHxHEIGHT in points, such as 390x844, not '\(text)'")
        }
        return TraceMetadata.Screen(width: width, height: height)
    }
}
