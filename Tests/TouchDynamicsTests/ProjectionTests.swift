import Testing
import TouchDynamics

@Suite("Projection and deceleration")
struct ProjectionTests {
    @Test("1000 pt/s at the normal rate travels 499 pt")
    func wwdcExample() {
        #expect(abs(project(0, velocity: 1000) - 499) < 1e-9)
        #expect(abs(project(100, velocity: -1000, decelerationRate: .normal) - (100 - 499)) < 1e-9)
        // Fast: 1 · 0.99 / 0.01 = 99 pt.
        #expect(abs(project(0, velocity: 1000, decelerationRate: .fast) - 99) < 1e-9)
    }

    @Test("projection is the sum of the per-millisecond steps", arguments: [0.998, 0.99, 0.95, 0.5])
    func geometricSum(rate: Double) throws {
        let decelerationRate = try #require(DecelerationRate(rawValue: rate))
        var velocityPerMillisecond = 2.5  // 2500 units/s
        var distance = 0.0
        for _ in 0..<200_000 {
            velocityPerMillisecond *= rate
            distance += velocityPerMillisecond
        }
        #expect(abs(decelerationRate.projectedDistance(velocity: 2500) - distance) < 1e-9 * distance)
    }

    @Test("rates outside (0, 1) are rejected; names parse", arguments: [0.0, 1.0, -0.5, 1.5, .nan, .infinity])
    func invalidRates(rate: Double) {
        #expect(DecelerationRate(rawValue: rate) == nil)
    }

    @Test func rateArguments() {
        #expect(DecelerationRate(argument: "normal") == .normal)
        #expect(DecelerationRate(argument: "fast") == .fast)
        #expect(DecelerationRate(argument: "0.995")?.rawValue == 0.995)
        #expect(DecelerationRate(argument: "slow") == nil)
        #expect(DecelerationRate(argument: "1") == nil)
    }

    @Test("the curve starts at the release velocity and rests at the projection")
    func curveEnds() {
        let curve = DecelerationCurve(value: 20, velocity: 1500)
        #expect(curve.value(at: 0) == 20)
        #expect(curve.velocity(at: 0) == 1500)
        #expect(abs(curve.restingValue - project(20, velocity: 1500)) < 1e-12)
        #expect(abs(curve.value(at: 100) - curve.restingValue) < 1e-9)
        #expect(curve.value(at: -1) == 20)
    }

    @Test("the curve's velocity is the derivative of its value")
    func curveDerivative() {
        let curve = DecelerationCurve(value: -3, velocity: -800, rate: .fast)
        let h = 1e-6
        for t in stride(from: 0.05, through: 0.5, by: 0.05) {
            let numeric = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
            #expect(abs(numeric - curve.velocity(at: t)) < 1e-5 * 800)
        }
    }

    @Test("per millisecond the curve keeps almost exactly r of its velocity")
    func perMillisecondFactor() {
        let curve = DecelerationCurve(value: 0, velocity: 1000)
        let factor = curve.velocity(at: 0.001) / curve.velocity(at: 0)
        #expect(abs(factor - 0.998) < 2.1e-6)
    }

    @Test("time until the speed falls below a threshold")
    func durationToRest() {
        let curve = DecelerationCurve(value: 0, velocity: -2000)
        let duration = curve.duration(untilSpeedBelow: 10)
        #expect(abs(abs(curve.velocity(at: duration)) - 10) < 1e-9)
        // τ = 0.499 s; ln(200) · 0.499
        #expect(abs(duration - 0.499 * 5.298317366548036) < 1e-12)
        #expect(curve.duration(untilSpeedBelow: 5000) == 0)
        #expect(curve.duration(untilSpeedBelow: 0) == .infinity)
    }

    @Test("time to reach a value on the way")
    func timeToReach() throws {
        let curve = DecelerationCurve(value: 0, velocity: 1000)
        let t = try #require(curve.time(toReach: 300))
        #expect(abs(curve.value(at: t) - 300) < 1e-9)
        #expect(curve.time(toReach: 0) == 0)
        #expect(curve.time(toReach: 499) == nil)
        #expect(curve.time(toReach: -1) == nil)
    }

    @Test("projection applies to scale and rotation alike")
    func otherQuantities() {
        // A pinch released at scale 1.2 growing 0.5/s; a rotation at 0.3 rad turning −2 rad/s.
        #expect(abs(project(1.2, velocity: 0.5) - (1.2 + 0.2495)) < 1e-12)
        #expect(abs(project(0.3, velocity: -2) - (0.3 - 0.998)) < 1e-12)
    }
}
