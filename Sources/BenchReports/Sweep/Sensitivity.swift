import RunRecord
import TouchBenchSupport
import TouchReplay

/// The evidence that a gate would catch a change (`touchbench sensitivity`): every catalogue
/// parameter that acts in a run's scene is moved by its stated step, the run is replayed on
/// the virtual clock, and `compare`'s verdict on the two records says which deterministic
/// metrics moved, by how much, and whether the move would fail a pull request.
public struct Sensitivity: Sendable {
    /// One parameter stepped on one run.
    public struct Finding: Sendable {
        public var parameter: Parameter
        /// The value stepped from: the suite's own, else the default.
        public var from: String
        /// The stepped value, as `--set` takes it.
        public var value: String
        public var trace: String
        public var scene: String
        /// The deterministic rows (metrics and counts) that changed, in report order.
        public var moved: [BenchComparison.Row]

        /// Whether `compare` would exit 1 on the change.
        public var isCaught: Bool { moved.contains { $0.status == .regression } }
    }

    /// The parameters to step (default: the whole catalogue).
    public var parameters: [Parameter]
    public private(set) var findings: [Finding] = []

    public init(parameters: [Parameter] = ParameterCatalog.all) {
        self.parameters = parameters
    }

    /// The stepped value of `parameter`: its value in `base` (its default unless set there)
    /// plus its step, or minus it where that leaves the valid range (a suite may set a
    /// parameter at the end of its range, or a switch to the other side), else the end of the
    /// range farther away.
    public static func steppedValue(of parameter: Parameter, from base: ParameterValues = ParameterValues()) -> String {
        let start = base[parameter]
        for value in [start + parameter.step, start - parameter.step] where parameter.range.contains(value) {
            return parameter.text(of: value)
        }
        let range = parameter.range
        return parameter.text(of: start - range.lowerBound > range.upperBound - start ? range.lowerBound : range.upperBound)
    }

    /// Replays every run of `plan` once with `base` (a suite's own parameters) and once per
    /// parameter acting in its scene, moved by its step from there. `progress` is told
    /// (done, total) before each replay.
    public mutating func run(plan: [(path: String, trace: String, scene: String)], base: ParameterValues = ParameterValues(),
                             frameCost: FrameCost = FrameCost(), progress: (Int, Int) -> Void = { _, _ in }) throws -> [Finding] {
        let acting: [[Parameter]] = plan.map { item in
            guard let kind = SceneKind(name: item.scene) else { return [] }
            let owners = ParameterCatalog.owners(of: kind)
            return parameters.filter { owners.contains($0.owner) }
        }
        let total = plan.count + acting.reduce(0) { $0 + $1.count }
        var done = 0
        let environment = BenchEnvironment(os: "-", arch: "-", cpu: "-", cores: 1, build: "-", repeats: 0, settings: [:])
        findings = []
        for (item, parameters) in zip(plan, acting) where !parameters.isEmpty {
            progress(done, total)
            done += 1
            let baseline = try Self.record(item, values: base, frameCost: frameCost)
            for parameter in parameters {
                progress(done, total)
                done += 1
                var values = base
                let value = Self.steppedValue(of: parameter, from: base)
                try values.set(parameter.name, to: value)
                var stepped = try Self.record(item, values: values, frameCost: frameCost)
                // Compared as the same run: only the metrics may differ.
                stepped.parameters = baseline.parameters
                let comparison = BenchComparison(current: BenchResult(entries: [stepped], environment: environment),
                                                 baseline: BenchResult(entries: [baseline], environment: environment))
                let moved = comparison.rows.filter { $0.kind == .deterministic && $0.status != .unchanged && $0.status != .noBaseline }
                findings.append(Finding(parameter: parameter, from: parameter.text(of: base[parameter]), value: value, trace: item.trace,
                                        scene: item.scene, moved: moved))
            }
        }
        progress(total, total)
        return findings
    }

    private static func record(_ item: (path: String, trace: String, scene: String), values: ParameterValues,
                               frameCost: FrameCost) throws -> RunRecord {
        var entry = try Replaying(parameters: values, frameCost: frameCost).replay(path: item.path, scene: item.scene, withSeries: false).entry
        entry.trace = item.trace
        return entry.withoutTiming
    }

    /// Parameters that moved no deterministic metric on any run they act in: a gate on this
    /// corpus would not notice a change of them.
    public var unseen: [Parameter] {
        parameters.filter { parameter in
            let mine = findings.filter { $0.parameter.name == parameter.name }
            return !mine.isEmpty && mine.allSatisfy { $0.moved.isEmpty }
        }
    }

    public static let schema = "touchbench.sensitivity/1"

    /// `{"schema": "touchbench.sensitivity/1", "findings": [{parameter, default, from, value, trace,
    /// scene, caught, moved: [{metric, statistic, baseline, stepped, status}]}]}`, reproducible
    /// (`from`, the value stepped from, is the suite's own where it sets one, else the default).
    public var jsonText: String {
        let items: [JSONValue] = findings.map { finding in
            .object([
                ("parameter", .string(finding.parameter.name)),
                ("default", .string(finding.parameter.text(of: finding.parameter.defaultValue))),
                ("from", .string(finding.from)),
                ("value", .string(finding.value)),
                ("trace", .string(finding.trace)),
                ("scene", .string(finding.scene)),
                ("caught", .bool(finding.isCaught)),
                ("moved", .array(finding.moved.map { row in
                    .object([("metric", .string(row.metric.rawValue)), ("statistic", .string(row.statistic.rawValue)),
                             ("baseline", .number(orNull: row.baseline)), ("stepped", .number(orNull: row.current)),
                             ("status", .string(row.status.rawValue))])
                })),
            ])
        }
        return JSONWriter.document(.object([("schema", .string(Self.schema)), ("findings", .array(items))]))
    }
}
