import TouchTrace

/// `touchbench verify`: integrity check and repair.
enum VerifyCommand {
    static let repair = Option("repair", "OUT", "Write the intact chunks to a new, complete file.")

    static let command = Command(
        name: "verify",
        summary: "Check a trace's integrity; recover a file whose writer died.",
        usage: "FILE [--repair OUT]",
        discussion: """
            Checks the header, the index, every chunk's checksums and values, and time order.
            Exits 0 when the file is intact and 65 naming the first damaged byte otherwise.
            With --repair, writes every intact chunk to OUT with a fresh index and exits 0.
            """,
        options: [repair],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        try OutputSafety.refuse(output: arguments.text(repair), sameAs: [path])
        if let output = arguments.text(repair) { try OutputSafety.refuseContainer(named: output) }
        // A header whose checksum fails is read as it stands when its metadata does (verify
        // still fails it): one flipped bit there must not cost every chunk of a recording.
        let reader = try TraceReader(salvaging: path)
        if let output = try arguments.value(repair) {
            // `-` names standard output everywhere else; a container is never written there.
            guard output != "-" else { throw UsageError(message: "--repair needs a file: a .touchtrace file cannot be written to standard output") }
            let report = try reader.repair(to: output)
            var note = "\(path) → \(output): kept \(counted(report.chunkCount, "chunk")) (\(counted(report.sampleCount, "sample")))"
            if report.droppedChunkCount > 0 { note += ", dropped \(counted(report.droppedChunkCount, "damaged chunk"))" }
            if report.overlappingChunkCount > 0 {
                note += ", left out \(counted(report.overlappingChunkCount, "chunk")) overlapping the time of one kept"
            }
            if let damage = report.damage { note += "; the original \(damage.description.dropFirst(path.count + 1))" } else { note += "." }
            print(note)
            if reader.headerDamage != nil {
                Console.error("warning: \(output) keeps the metadata of \(path) as it reads, which its header's checksum no longer vouches for: check the device, screen and quanta ('touchbench info \(output)').")
            }
            return ExitCode.success
        }
        do throws(TraceFileError) {
            let report = try reader.verify()
            print("\(path): ok, \(counted(report.sampleCount, "sample")) in \(counted(report.chunkCount, "chunk")), \(counted(report.byteCount, "byte")).")
            return ExitCode.success
        } catch {
            var message = error.description
            if error.kind == .malformed, let kept = try? reader.recoverable() {
                message += " \(counted(kept.chunkCount, "intact chunk")) (\(counted(kept.sampleCount, "sample"))) can be recovered with --repair OUT."
            }
            throw CommandFailure(code: ExitCode.forError(error), message: message)
        }
    }
}

/// "1 chunk", "3 chunks".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
