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

    @Test("the corpus is all there")
    func corpus() {
        #expect(Golden.corpusTraces.count == 20)
    }
}
