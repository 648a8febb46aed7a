import BenchReports
import RunRecord
import Testing
import TouchReplay

/// The evidence that every parameter is gated: a change of its stated step, on the bundled
/// trace and scene its catalogue entry names, moves its named deterministic metric the worse
/// way and `compare` calls that a regression. Generated over the catalogue, so a parameter
/// cannot be added without its sensitivity.
@Suite("Parameter sensitivity")
struct ParameterSensitivityTests {
    static func run(_ parameter: Parameter, values: ParameterValues) throws -> RunRecord {
        let path = RegressionHarness.traces.appendingPathComponent(parameter.sensitivity.trace).path
        let outcome = try Replaying(parameters: values).replay(path: path, scene: parameter.sensitivity.scene, withSeries: false)
        var entry = outcome.entry.withoutTiming
        entry.trace = parameter.sensitivity.trace
        return entry
    }

    @Test("one step of each parameter is a regression of its named metric", arguments: ParameterCatalog.all)
    func stepIsCaught(_ parameter: Parameter) throws {
        var stepped = ParameterValues()
        try stepped.set(parameter.name, to: parameter.text(of: parameter.defaultValue + parameter.step))
        let baseline = try Self.run(parameter, values: ParameterValues())
        let candidate = try Self.run(parameter, values: stepped)
        #expect(candidate.parameters == [parameter.name: parameter.text(of: parameter.defaultValue + parameter.step)])
        #expect(baseline.parameters.isEmpty)
        let comparison = BenchComparison(current: BenchResult(entries: [candidate], environment: Fixtures.environment),
                                         baseline: BenchResult(entries: [baseline], environment: Fixtures.environment))
        let flagged = comparison.regressions.map(\.metric.rawValue)
        #expect(flagged.contains(parameter.sensitivity.metric),
                "\(parameter.name) stepped by \(parameter.step): regressions \(flagged), not \(parameter.sensitivity.metric)")
        // What `compare` does with it: exit 1 (verdict fail) with a sentence naming the metric.
        #expect(comparison.verdict == .fail)
        #expect(comparison.failureMessages.contains { $0.contains(": \(parameter.sensitivity.metric) ") })
    }

    @Test("the step stays inside the parameter's valid range")
    func stepsAreValid() throws {
        for parameter in ParameterCatalog.all {
            #expect(parameter.range.contains(parameter.defaultValue), "\(parameter.name) default")
            #expect(parameter.range.contains(parameter.defaultValue + parameter.step), "\(parameter.name) step")
            #expect(parameter.step != 0, "\(parameter.name) step")
        }
    }
}

/// A suite's own parameters were ignored by `sensitivity` (and `sweep`): the runs started from
/// the defaults, and each parameter stepped from its default, not from the suite's value.
@Suite("Sensitivity over a suite's own parameters")
struct SuiteParameterSensitivityTests {
    @Test("the runs start from the suite's values, and a parameter steps from its own")
    func stepsFromTheSuitesValue() throws {
        let hysteresis = try #require(ParameterCatalog.parameter("pan.hysteresis"))
        let path = RegressionHarness.traces.appendingPathComponent(hysteresis.sensitivity.trace).path
        let plan = [(path: path, trace: hysteresis.sensitivity.trace, scene: hysteresis.sensitivity.scene)]
        var base = ParameterValues()
        try base.set("pan.hysteresis", to: "20")
        var fromSuite = Sensitivity(parameters: [hysteresis])
        let finding = try #require(try fromSuite.run(plan: plan, base: base).first)
        #expect(finding.from == "20" && finding.value == hysteresis.text(of: 20 + hysteresis.step))
        #expect(fromSuite.jsonText.contains(#""from": "20""#))
        var fromDefaults = Sensitivity(parameters: [hysteresis])
        let plain = try #require(try fromDefaults.run(plan: plan).first)
        #expect(plain.from == hysteresis.text(of: hysteresis.defaultValue))
        #expect(plain.value == hysteresis.text(of: hysteresis.defaultValue + hysteresis.step))
        // Stepped from another place, the run moves differently.
        #expect(plain.moved.map(\.current) != finding.moved.map(\.current))
    }

    /// Review of the change: from a suite's value at the end of a range, or a switch set to
    /// the other side, the step left the range and the run failed (exit 1).
    @Test("a step that would leave the range from the suite's value goes the other way", arguments: ParameterCatalog.all)
    func stepsStayInRange(_ parameter: Parameter) throws {
        for start in [parameter.range.lowerBound, parameter.range.upperBound, parameter.defaultValue] {
            var base = ParameterValues()
            try base.set(parameter.name, to: parameter.text(of: start))
            let stepped = Sensitivity.steppedValue(of: parameter, from: base)
            var values = ParameterValues()
            try values.set(parameter.name, to: stepped)
            #expect(values[parameter] != start, "\(parameter.name) from \(start) to \(stepped)")
        }
        #expect(Sensitivity.steppedValue(of: parameter) == parameter.text(of: parameter.defaultValue + parameter.step))
    }
}

extension Parameter: CustomTestStringConvertible {
    public var testDescription: String { name }
}
