import TouchTrace

extension Command {
    static let verify = Command(
        name: "verify",
        summary: "Check a trace's integrity; recover a file whose writer died.",
        usage: "FILE [--repair OUT]",
        discussion: """
            Checks the header, the index, every chunk's checksums and values, and time order.
            Exits 0 when the file is intact and 65 naming the first damaged byte otherwise.
            With --repair, writes every intact chunk to OUT with a fresh index and exits 0.
            """,
        options: [
            .value("repair", "OUT", "Write the intact chunks to a new, complete file."),
        ],
        positionals: 1...1
    ) { arguments in
        let path = arguments.positionals[0]
        let reader = try TraceReader(path: path)
        if let output = arguments.value("repair") {
            let report = try reader.repair(to: output)
            var note = "\(path) → \(output): kept \(report.chunkCount) chunks (\(report.sampleCount) samples)"
            if report.droppedChunkCount > 0 { note += ", dropped \(report.droppedChunkCount) damaged chunks" }
            if let damage = report.damage { note += "; the original \(damage.description.dropFirst(path.count + 1))" } else { note += "." }
            print(note)
            return ExitCode.success
        }
        do throws(TraceFileError) {
            let report = try reader.verify()
            print("\(path): ok, \(report.sampleCount) samples in \(report.chunkCount) chunks, \(report.byteCount) bytes.")
            return ExitCode.success
        } catch {
            var message = error.description
            if error.kind == .malformed {
                message += " \(reader.chunks.count) complete chunks (\(reader.sampleCount) samples) can be recovered with --repair OUT."
            }
            throw CommandFailure(code: ExitCode.forError(error), message: message)
        }
    }
}
