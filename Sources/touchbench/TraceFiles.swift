import TouchInput
import TouchTrace
import TraceFormats

/// Opening inputs for the commands: the library opens every form; the command line names a
/// form from an option and warns about a damaged container on standard error.
enum TraceFiles {
    /// Opens `path` (see `TraceInput`), warning when it is a container whose writer died.
    static func open(_ path: String, form: TraceForm? = nil, options: ImportOptions = ImportOptions(),
                     window: Range<Int64>? = nil) throws -> TraceInput {
        let input = try TraceInput(path: path, form: form, options: options, window: window)
        if let reader = input.reader { warnIfDamaged(reader) }
        return input
    }

    /// The form `name` names, or a usage error for `--option`.
    static func form(named name: String, option: String) throws(UsageError) -> TraceForm {
        guard let form = TraceForm(name: name) else {
            throw UsageError(message: "--\(option) must be one of \(TraceForm.names.joined(separator: ", ")), not '\(name)'")
        }
        return form
    }

    static func warnIfDamaged(_ reader: TraceReader) {
        guard let damage = reader.damage else { return }
        Console.error("warning: \(damage.description) Reading the \(counted(reader.chunks.count, "complete chunk")); 'touchbench verify --repair OUT' rewrites the file.")
    }
}
