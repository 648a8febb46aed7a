import Testing
import TestSupport
import TouchDynamics

/// `touchbench project --json` and `spring --json`, byte for byte (Tests/Goldens/cli): the
/// goldens were written by the CLI while it still used Foundation's `JSONSerialization`.
@Suite("Golden project and spring --json")
struct ReportGoldenTests {
    @Test("project --json is byte-identical to the golden", arguments: [
        (1000.0, DecelerationRate.normal, 0.0, "project-1000.json"),
        (-2500.5, .fast, 120, "project-fast.json"),
        (0, DecelerationRate(rawValue: 0.95)!, 0, "project-zero.json"),
    ])
    func project(velocity: Double, rate: DecelerationRate, from: Double, golden: String) throws {
        let projection = ReleaseProjection(velocity: velocity, rate: rate, from: from)
        #expect(try Golden.mismatch(projection.jsonText + "\n", against: "cli/\(golden)") == nil)
    }

    @Test("spring --json is byte-identical to the golden", arguments: [
        (0.3, 0.7, 0.0, 1.0, 0.0, nil, "spring-bouncy.json"),
        (0.5, 1, 100, 0, -300, nil, "spring-critical.json"),
        (0.2, 1.5, 5, 5, 40, 0.01, "spring-overdamped.json"),
    ] as [(Double, Double, Double, Double, Double, Double?, String)])
    func spring(response: Double, ratio: Double, from: Double, to: Double, velocity: Double, tolerance: Double?,
                golden: String) throws {
        let spring = try Spring(dampingRatio: ratio, response: response)
        let curve = SpringCurve(animation: SpringAnimation(spring: spring, from: from, to: to, initialVelocity: velocity),
                                tolerance: tolerance)
        #expect(try Golden.mismatch(curve.jsonText + "\n", against: "cli/\(golden)") == nil)
    }

    @Test("an undamped spring never settles: its curve stops at 10 s and its settling duration is null")
    func undamped() throws {
        let spring = try Spring(dampingRatio: 0, response: 0.4)
        let curve = SpringCurve(animation: SpringAnimation(spring: spring, from: 0, to: 1))
        #expect(curve.settlingDuration == .infinity)
        #expect(curve.points.count == 10_001)
        #expect(curve.points.last?.time == 10)
        #expect(curve.jsonText.contains(#""settlingDuration":null"#))
    }
}
