import BenchReports
import Testing
import TouchReplay

@Suite("Sweep")
struct SweepTests {
    @Test("hysteresis 5…30 pt on the drag trace: dead_travel_pt rises with it")
    func hysteresisSweep() throws {
        var sweep = try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: ["5", "10", "15", "20", "25", "30"])])
        let path = RegressionHarness.traces.appendingPathComponent("drag.touchtrace").path
        let points = try sweep.run(plan: [(path, "drag.touchtrace", "scroll")])
        #expect(points.count == 6)
        let dead = try #require(sweep.lines.first { $0.metric.rawValue == "dead_travel_pt" })
        let values = dead.values.compactMap { $0 }
        #expect(values.count == 6)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
        // Each value within a sample's travel above the hysteresis it was run with.
        for (value, hysteresis) in zip(values, [5.0, 10, 15, 20, 25, 30]) { #expect(value >= hysteresis && value < hysteresis + 2) }
        #expect(sweep.jsonText.contains("\"schema\": \"touchbench.sweep/1\""))
        #expect(sweep.jsonText.contains("\"name\": \"pan.hysteresis\""))
        #expect(SweepHTML.render(sweep).contains("data-chart=\"sweep-"))
    }

    @Test("a grid is every combination, the first axis slowest; bad axes name the parameter")
    func grid() throws {
        let sweep = try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: ["5", "10"]),
                                     Sweep.Axis(name: "pip.response", values: ["0.3", "0.5", "0.7"])])
        #expect(sweep.combinations == [["5", "0.3"], ["5", "0.5"], ["5", "0.7"], ["10", "0.3"], ["10", "0.5"], ["10", "0.7"]])
        #expect(throws: ParameterError(name: "pan.hysteresis", reason: "'500' is not a number from 0 to 200 pt")) {
            try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: ["5", "500"])])
        }
        #expect(throws: ParameterError(name: "pan.hysteresis", reason: "is swept twice")) {
            try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: ["5"]), Sweep.Axis(name: "pan.hysteresis", values: ["6"])])
        }
        // One value twice, however written, ran the same column twice (hostile CLI round of 5 December).
        for (values, repeated) in [(["5", "5"], "5"), (["5", "10", "5.0"], "5.0"), (["-0", "0"], "0")] {
            #expect(throws: ParameterError(name: "pan.hysteresis", reason: "sweeps \(repeated) twice")) {
                try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: values)])
            }
        }
    }

    /// Hostile report 16 M2: the grid was unbounded, so a few long lists built billions of
    /// combinations before replaying one.
    @Test("a grid beyond the limit is refused, naming the parameter that takes it past")
    func gridLimit() throws {
        let hundred = (0..<100).map { String($0) }
        let limit = try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: hundred),
                                     Sweep.Axis(name: "pip.response", values: (1...100).map { String(Double($0) / 20) })])
        #expect(limit.combinations.count == Sweep.maximumPoints)
        #expect(throws: ParameterError(name: "pip.response", reason: "makes the grid 10100 points; a sweep holds at most 10000")) {
            try Sweep(axes: [Sweep.Axis(name: "pan.hysteresis", values: hundred + ["100"]),
                             Sweep.Axis(name: "pip.response", values: (1...100).map { String(Double($0) / 20) })])
        }
    }
}
