import RunRecord
import TouchBenchSupport
import TouchReplay

/// A grid replay (`touchbench sweep`): every run of a trace or suite replayed at every
/// combination of parameter values, so that each metric can be read against each parameter.
public struct Sweep: Sendable {
    /// One swept parameter and the values it takes, as written.
    public struct Axis: Sendable, Hashable {
        public var name: String
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// One combination of values and the runs replayed with it.
    public struct Point: Sendable {
        /// The value of each axis, in axis order.
        public var values: [String]
        public var runs: [RunRecord]
    }

    /// The most combinations one sweep replays: the grid is built whole, and a few `--set`
    /// lists multiply past what any run could finish (5 lists of 100 values are 10¹⁰).
    public static let maximumPoints = 10_000

    public var axes: [Axis]
    public private(set) var points: [Point] = []

    /// The grid of `axes` (`--set name=a,b,c`, one axis per parameter). Throws when a name
    /// is unknown or a value invalid, naming the parameter and its range; a parameter given
    /// twice, or one value of it, is an error rather than a silent override or a repeated column.
    /// Throws too when the grid would hold more than ``maximumPoints`` combinations, naming
    /// the parameter that takes it past them.
    public init(axes: [Axis]) throws(ParameterError) {
        var seen: Set<String> = []
        var points = 1
        for axis in axes {
            guard seen.insert(axis.name).inserted else { throw ParameterError(name: axis.name, reason: "is swept twice") }
            guard !axis.values.isEmpty else { throw ParameterError(name: axis.name, reason: "has no values to sweep") }
            let (product, overflow) = points.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= Self.maximumPoints else {
                throw ParameterError(name: axis.name, reason: "makes the grid \(overflow ? "more than \(Int.max)" : String(product)) points; a sweep holds at most \(Self.maximumPoints)")
            }
            points = product
            // Each value once, as the parameter reads it ("5" and "5.0", "-0" and "0" alike): a
            // value given twice ran the same column twice.
            let parameter = try ParameterCatalog.named(axis.name)
            var swept: Set<Double> = []
            for value in axis.values where !swept.insert(try parameter.parse(value) + 0).inserted {
                throw ParameterError(name: axis.name, reason: "sweeps \(value) twice")
            }
        }
        self.axes = axes
    }

    /// Every combination, the first axis varying slowest.
    public var combinations: [[String]] {
        axes.reduce([[]]) { partial, axis in partial.flatMap { prefix in axis.values.map { prefix + [$0] } } }
    }

    /// The parameters of one combination over `base` (a suite's or the command line's fixed ones).
    public func parameters(_ combination: [String], over base: ParameterValues) throws(ParameterError) -> ParameterValues {
        var values = base
        for (axis, value) in zip(axes, combination) { try values.set(axis.name, to: value) }
        return values
    }

    /// Replays every run of `plan` (trace path, trace name, scene) at every combination.
    /// `progress` is told (done, total) before each replay.
    public mutating func run(plan: [(path: String, trace: String, scene: String)], base: ParameterValues = ParameterValues(),
                             frameCost: FrameCost = FrameCost(), progress: (Int, Int) -> Void = { _, _ in }) throws -> [Point] {
        let grid = combinations
        var done = 0
        points = []
        for combination in grid {
            let replayer = Replaying(parameters: try parameters(combination, over: base), frameCost: frameCost)
            var runs: [RunRecord] = []
            for item in plan {
                progress(done, grid.count * plan.count)
                var entry = try replayer.replay(path: item.path, scene: item.scene, withSeries: false).entry
                entry.trace = item.trace
                runs.append(entry.withoutTiming)
                done += 1
            }
            points.append(Point(values: combination, runs: runs))
        }
        return points
    }
}
