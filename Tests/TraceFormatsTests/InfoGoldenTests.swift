import Foundation
import Testing
import TestSupport
import TraceFormats

/// `touchbench info FILE --json` on every trace of the bundled corpus, byte for byte
/// (Tests/Goldens/cli): the path the CLI takes (`TraceInput`, `TraceDescription`), the file
/// named as when the CLI runs from the package root. The goldens were written by the CLI
/// while it still used Foundation's `JSONSerialization`, so they hold its exact layout.
@Suite("Golden info --json")
struct InfoGoldenTests {
    @Test("info --json is byte-identical to the golden", arguments: Golden.corpusTraces)
    func info(trace: String) throws {
        let path = Golden.packageRoot.appendingPathComponent("Traces/\(trace).touchtrace").path
        var description = try TraceDescription(TraceInput(path: path))
        description.path = "Traces/\(trace).touchtrace"
        #expect(try Golden.mismatch(description.jsonText + "\n", against: "cli/info-\(trace).json") == nil)
    }

    @Test("every corpus trace has its goldens (a new trace: TOUCHBENCH_UPDATE_GOLDENS=1 writes them)")
    func corpus() {
        #expect(Golden.corpusTraces.count >= 23)
        for trace in Golden.corpusTraces {
            for command in ["info", "gestures", "velocity"] {
                let path = Golden.directory.appendingPathComponent("cli/\(command)-\(trace).json").path
                #expect(FileManager.default.fileExists(atPath: path), "no golden \(command) --json for \(trace)")
            }
        }
    }
}
