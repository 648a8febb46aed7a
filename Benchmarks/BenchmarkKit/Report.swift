import Foundation
import RunRecord

/// Collects a benchmark's figures, checks them against `Benchmarks/thresholds.json`, prints
/// a table and writes the `customBiggerIsBetter` / `customSmallerIsBetter` JSON that CI
/// benchmark dashboards read.
public struct Report {
    public let title: String
    /// Prefix of every figure's name in the JSON ("replay: …"), so that the benchmarks'
    /// files can be merged into one dashboard.
    public let prefix: String
    public private(set) var figures: [Figure] = []

    public init(title: String, prefix: String) {
        self.title = title
        self.prefix = prefix
    }

    public mutating func add(_ figure: Figure) { figures.append(figure) }

    /// Prints the table, writes `--json OUT` and returns the number of missed targets.
    @discardableResult
    public func finish(options: BenchmarkOptions) throws -> Int {
        let targets = Thresholds.load(options.thresholdsPath)
        var missed = 0
        print(title)
        let width = max(40, (figures.map { $0.name.count }.max() ?? 0) + 2)
        for figure in figures {
            var line = figure.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + figure.formattedValue.padding(toLength: 24, withPad: " ", startingAt: 0)
            if let target = targets.target(for: prefix + figure.name) {
                let met = target.isMet(by: figure.value)
                if !met { missed += 1 }
                line += (met ? "ok   " : "MISS ") + target.description.padding(toLength: 16, withPad: " ", startingAt: 0)
            } else {
                line += String(repeating: " ", count: 21)
            }
            print(line + figure.note)
        }
        if missed > 0 { print("\(missed) target\(missed == 1 ? "" : "s") missed (see Benchmarks/thresholds.json)") }
        if let path = options.jsonPath { try writeJSON(to: path) }
        return missed
    }

    /// The dashboard arrays, written by the package's one JSON writer (RunRecord's ``JSON``).
    public var json: JSON {
        func entries(_ bigger: Bool) -> JSON {
            .array(figures.filter { $0.biggerIsBetter == bigger }.map {
                var entry: [String: JSON] = ["name": .string(prefix + $0.name), "unit": .string($0.unit), "value": .number($0.value)]
                if !$0.note.isEmpty { entry["extra"] = .string($0.note) }
                return .object(entry)
            })
        }
        return .object(["customBiggerIsBetter": entries(true), "customSmallerIsBetter": entries(false)])
    }

    /// Writes ``json`` to `path`.
    public func writeJSON(to path: String) throws {
        try Data(json.document.utf8).write(to: URL(fileURLWithPath: path))
    }
}
