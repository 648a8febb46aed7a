import Foundation

/// Comparing a text with a committed file under Tests/Goldens, byte for byte: the guard that
/// moving code between modules changes no output (Tests/Goldens/README.md).
///
/// With `TOUCHBENCH_UPDATE_GOLDENS=1` in the environment the file is rewritten first, after a
/// deliberate change of the output (say so in the commit message).
public enum Golden {
    /// The package root (this file is Tests/TestSupport/Golden.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    public static let directory = packageRoot.appendingPathComponent("Tests/Goldens")

    /// `nil` when `text` is the golden `name` (a path under Tests/Goldens), else one sentence
    /// naming the first line that differs, or the line counts.
    public static func mismatch(_ text: String, against name: String) throws -> String? {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOUCHBENCH_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        guard text != golden else { return nil }
        let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            return "\(name) differs at line \(line.offset + 1): got \(line.element.0), golden has \(line.element.1)"
        }
        return "\(name): \(actual.count) lines, golden has \(expected.count)"
    }

    /// The bundled corpus's traces (Traces/*.touchtrace) by name, sorted.
    public static var corpusTraces: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Traces").path)) ?? []
        return names.filter { $0.hasSuffix(".touchtrace") }.map { String($0.dropLast(".touchtrace".count)) }.sorted()
    }
}
