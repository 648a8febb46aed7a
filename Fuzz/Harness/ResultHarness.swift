import BenchReports

/// The bench result (`touchbench.bench/1`, `touchbench.run/1`) and thresholds readers: a
/// result that decodes must encode and decode again.
enum ResultHarness {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        if let result = try? BenchResult.decode(text) {
            guard (try? BenchResult.decode(result.jsonText)) != nil else {
                preconditionFailure("a decoded result does not decode after encoding")
            }
        }
        _ = try? BenchThresholds.decode(text)
    }
}
