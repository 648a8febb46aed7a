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

    /// Says on standard error what reading `input` to its end kept back: a text input's cut
    /// last line, which was not read, and evdev events held at the time before them. Every
    /// command that reads a whole input calls it once that input is read, so a cut JSON Lines
    /// file is named by `cat` and `info` as by `convert`.
    static func warnAfterReading(_ input: TraceInput) {
        if let cut = input.cutLineDamage { Console.error("warning: \(cut.description)") }
        warnHeldBack(input.heldBackEvents, in: input.path)
    }

    /// Says on standard error that `count` evdev events of `path` went back in time and were
    /// held (nothing when none were): what an import and `record` of the same events say.
    static func warnHeldBack(_ count: Int, in path: String) {
        guard count > 0 else { return }
        // Kept for real devices (clock steps, recordings joined end to end), but never in silence.
        Console.error("warning: \(path): \(counted(count, "event")) went back in time and "
            + "\(count == 1 ? "was" : "were") held at the time of the event before (docs/FORMATS.md).")
    }

    static func warnIfDamaged(_ reader: TraceReader) {
        guard let damage = reader.damage else { return }
        Console.error("warning: \(damage.description) Reading the \(counted(reader.chunks.count, "complete chunk")); 'touchbench verify --repair OUT' rewrites the file.")
    }
}
