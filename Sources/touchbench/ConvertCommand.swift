import TouchInput
import TouchTrace
import TraceFormats

/// `touchbench convert`: between any two forms.
enum ConvertCommand {
    static let output = Option("output", short: "o", "OUT", "The file to write (required).")
    static let from = Option("from", "FORM", "The input form.") { (name) throws(UsageError) in try TraceFiles.form(named: name, option: "from") }
    static let to = Option("to", "FORM", "The output form.") { (name) throws(UsageError) in try TraceFiles.form(named: name, option: "to") }
    static let description = Option("desc", "FILE", "The evemu device description of an .events file (found automatically beside it; a recording that holds its own description keeps it).")
    static let device = Option("device", "NAME", "The device to take from a multi-device getevent log (name or /dev/input path).")
    static let screen = Option("screen", "WxH", "Map device units without a resolution onto a screen of W×H points.",
                               convert: ScreenArgument.parse)

    static let command = Command(
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
        options: [output, from, to, description, device, screen],
        positionals: 1...1
    ) { arguments in
        let input = arguments.positionals[0]
        let outputPath = try arguments.required(output)
        let inputForm = try arguments.value(from)
        var options = ImportOptions()
        options.descriptionPath = try arguments.value(description)
        options.device = try arguments.value(device)
        options.screen = try arguments.value(screen)
        guard let outputForm = try arguments.value(to) ?? TraceForm.byExtension(of: outputPath, forOutput: true) else {
            throw UsageError(message: "cannot tell the form of '\(outputPath)' from its extension; give --to")
        }
        try OutputSafety.refuse(output: outputPath, sameAs: [input] + [options.descriptionPath].compactMap { $0 })
        let opened = try TraceFiles.open(input, form: inputForm, options: options)
        // What is read with the input (a CSV's metadata, an evemu file's description, found
        // beside it or given) must not be written over either; opening reads, never writes.
        let inputs = [input] + opened.companionFiles
        try OutputSafety.refuse(output: outputPath, sameAs: inputs)
        // A CSV's metadata sidecar is written with it: it may not be an input either.
        if outputForm == .foreign(.csv), outputPath != "-" {
            try OutputSafety.refuse(output: outputPath, sameAs: inputs, sidecar: CSVWriter.metadataPath(forCSVAt: outputPath))
        }
        let source = opened.source
        if let given = options.descriptionPath, source.metadata.extra["evemu.description"] == nil {
            // Said before the work, not lost after it: the user expected that file to describe the device.
            Console.error("warning: --desc \(given) is not used: \(input) "
                + (opened.form == .foreign(.evemu) ? "holds its own device description, which wins (docs/FORMATS.md)." : "is not an evemu events file."))
        }
        let conversion = try TraceConversion(source, named: input, writing: outputForm, to: outputPath) {
            Console.progress("converted \($0) samples")
        }
        Console.endProgress()
        TraceFiles.warnAfterReading(opened)
        if outputPath != "-" { Console.error("\(input) → \(outputPath): \(conversion.samples) samples as \(outputForm.name).") }
        // Nothing is dropped in silence: what the form cannot carry is counted and named.
        if let sentence = conversion.losses.sentence(for: outputForm.name) { Console.error(sentence) }
        return ExitCode.success
    }
}

/// `--screen WxH`: `390x844` or `390×844` (points).
enum ScreenArgument {
    static func parse(_ text: String) throws(UsageError) -> TraceMetadata.Screen {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        // The sides every trace may declare (a recording made with more could not be read back).
        let sides = Double.leastNonzeroMagnitude...TraceMetadata.maximumScreenSide
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              sides.contains(width), sides.contains(height) else {
            throw UsageError(message: "--screen takes WIDTHxHEIGHT in points, each above 0 and at most \(Int(TraceMetadata.maximumScreenSide)), such as 390x844, not '\(text)'")
        }
        return TraceMetadata.Screen(width: width, height: height)
    }
}
