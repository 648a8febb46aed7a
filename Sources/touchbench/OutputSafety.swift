import Foundation
import TouchTrace
import TraceFormats

/// Checks that run before a command writes anything: the one home of "an output must not be
/// an input, nor another output" for every command that writes files.
enum OutputSafety {
    /// Refuses an output that is one of the inputs (after symbolic and hard links): writing
    /// it would destroy the data being read. A usage error (64), raised before any write.
    /// `sidecar` is a file written with the output (a CSV's metadata), checked instead of it
    /// and named in the message.
    static func refuse(output: String?, sameAs inputs: [String], sidecar: String? = nil) throws(UsageError) {
        guard let output, output != "-" else { return }
        // Refused before any work: an empty name was written whole, then failed to be renamed.
        guard !output.isEmpty else { throw UsageError(message: "the output path is empty; name a file, or '-' for standard output") }
        for input in inputs where SystemFile.isSameFile(input, sidecar ?? output) {
            let written = sidecar.map { "is written with its metadata in '\($0)', which is" } ?? "is"
            throw UsageError(message: "the output '\(output)' \(written) the input '\(input)'; write to another file")
        }
    }

    /// Refuses a container output whose name says another form (`synth -o x.csv`, `record -o
    /// out.jsonl`): the file would be a `.touchtrace` that every reader of that name refuses
    /// (hostile report 17). `alsoWrites` is a form the command writes when named so (synth
    /// writes JSON Lines to `.jsonl`). A usage error (64), raised before any write.
    static func refuseContainer(named output: String, alsoWrites: TraceForm? = nil) throws(UsageError) {
        guard output != "-", let named = TraceForm.byExtension(of: output, forOutput: true),
              named != .touchtrace, named != alsoWrites else { return }
        let other = alsoWrites == .jsonl ? " (or JSON Lines to a .jsonl name)" : ""
        throw UsageError(message: "'\(output)' names the \(named.name) form, but this command writes a .touchtrace file\(other); "
                         + "name it .touchtrace, or convert the result with 'touchbench convert'")
    }

    /// Refuses, for the output options given, one that writes over an input and two that
    /// write one place (the same file, or both standard output as `-`): the second would
    /// overwrite or interleave with the first. A usage error (64) naming both options.
    static func refuse(_ options: [Option<String>], of arguments: ParsedArguments, sameAs inputs: [String]) throws(UsageError) {
        let given = options.compactMap { option in arguments.text(option).map { (option.flagName, $0) } }
        for (_, path) in given { try refuse(output: path, sameAs: inputs) }
        for (index, (firstName, first)) in given.enumerated() {
            for (secondName, second) in given[(index + 1)...] where samePlace(first, second) {
                throw UsageError(message: "\(firstName) and \(secondName) both write '\(first == "-" ? "-" : second)'; give each its own file")
            }
        }
    }

    /// Whether two outputs land in one place: the same spelling once normalised (a file not
    /// written yet has no identity to compare), or one existing file.
    private static func samePlace(_ first: String, _ second: String) -> Bool {
        // `-` and a name of standard output (`/dev/stdout`, `/dev/fd/1`) are one place too.
        if first == "-" || second == "-" {
            let other = first == "-" ? second : first
            return other == "-" || SystemFile.isSameFile(other, "/dev/stdout")
        }
        let normalised = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        return normalised(first) == normalised(second) || SystemFile.isSameFile(first, second)
    }
}
