import RunRecord
import TouchBenchSupport

/// What a sweep shows: for every run, each deterministic metric that the grid moves, at
/// every point (the table and the charts), and the whole grid as `touchbench.sweep/1` JSON.
extension Sweep {
    public static let schema = "touchbench.sweep/1"

    /// One run's metric across the grid: its headline value at each point (`nil` when not measured).
    public struct Line: Sendable {
        public var trace: String
        public var scene: String
        public var metric: MetricName
        public var values: [Double?]

        /// Whether the grid moved it.
        public var varies: Bool { Set(values.map { $0.map { ($0 * 1e6).rounded() } }).count > 1 }
    }

    /// Every run × deterministic metric measured somewhere on the grid, in report order.
    public var lines: [Line] {
        guard let first = points.first else { return [] }
        var lines: [Line] = []
        for (index, run) in first.runs.enumerated() {
            let names = Set(points.flatMap { point in
                point.runs.indices.contains(index) ? point.runs[index].metrics.filter { $0.value.kind == .deterministic && !$0.value.isEmpty }.map(\.key) : []
            }).sorted { ($0.reportRank, $0) < ($1.reportRank, $1) }
            for name in names {
                let values: [Double?] = points.map { point in
                    guard point.runs.indices.contains(index) else { return nil }
                    let summary = point.runs[index][name]
                    return summary.isEmpty ? nil : summary.value(name.headline(kind: .deterministic))
                }
                lines.append(Line(trace: run.trace, scene: run.scene, metric: name, values: values))
            }
        }
        return lines
    }

    /// The grid point labels: `name=value` joined by spaces.
    public var pointLabels: [String] {
        points.map { point in zip(axes, point.values).map { "\($0.name)=\($1)" }.joined(separator: " ") }
    }

    /// `{"schema": "touchbench.sweep/1", "parameters": [{name, values}], "points": [{parameters:
    /// {name: value}, runs: [touchbench.run/1 without timing]}]}`, canonical and reproducible.
    public var jsonText: String {
        let parameters: [JSONValue] = axes.map { .object([("name", .string($0.name)), ("values", .array($0.values.map { .string($0) }))]) }
        let pointValues: [JSONValue] = points.map { point in
            .object([("parameters", .object(zip(axes, point.values).map { ($0.name, .string($1)) })),
                     ("runs", .array(point.runs.map(\.json)))])
        }
        return JSONWriter.document(.object([("schema", .string(Self.schema)), ("parameters", .array(parameters)),
                                            ("points", .array(pointValues))]))
    }
}
