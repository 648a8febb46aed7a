import Foundation
import Testing
import TouchDynamics

/// Integrates m·x″ = −k·(x − target) − c·x′ with classical RK4, from the physical
/// parameters rather than the damping ratio, as an independent check of the closed form.
private func integrate(
    _ spring: Spring, from value: Double, to target: Double, velocity: Double,
    until end: Double, step: Double, checkpoints: [Double]
) -> [(value: Double, velocity: Double)] {
    let k = spring.stiffness / spring.mass, c = spring.damping / spring.mass
    func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - target) - c * v }
    var x = value, v = velocity, t = 0.0
    var results: [(Double, Double)] = []
    var pending = checkpoints[...]
    let steps = Int((end / step).rounded())
    for index in 0...steps {
        t = Double(index) * step
        while let next = pending.first, abs(next - t) < step / 2 {
            results.append((x, v))
            pending.removeFirst()
        }
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
        let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
        let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return results
}

@Suite("Spring motion")
struct SpringMotionTests {
    static let ratios: [Double] = [0, 0.1, 0.5, 0.8, 0.999_999, 1, 1.000_001, 1.5, 3]

    @Test("closed form agrees with RK4 to 1e-9 relative", arguments: ratios, [0.0, -900])
    func closedFormMatchesIntegration(dampingRatio: Double, velocity: Double) throws {
        let spring = try Spring(dampingRatio: dampingRatio, response: 0.4)
        let animation = SpringAnimation(spring: spring, from: 100, to: 300, initialVelocity: velocity)
        let checkpoints = stride(from: 0.0, through: 1.5, by: 0.05).map { $0 }
        let reference = integrate(
            spring, from: 100, to: 300, velocity: velocity, until: 1.5, step: 1e-5, checkpoints: checkpoints)
        try #require(reference.count == checkpoints.count)
        // Relative to the motion's scale: the initial distance, and the speed it implies.
        let scale = max(200, abs(velocity) / spring.naturalFrequency)
        for (time, expected) in zip(checkpoints, reference) {
            let valueError = abs(animation.value(at: time) - expected.value) / scale
            let velocityError = abs(animation.velocity(at: time) - expected.velocity)
                / (scale * spring.naturalFrequency)
            #expect(valueError < 1e-9, "ζ \(dampingRatio) t \(time): value error \(valueError)")
            #expect(velocityError < 1e-9, "ζ \(dampingRatio) t \(time): velocity error \(velocityError)")
        }
    }

    @Test("starts exactly where and as fast as asked", arguments: ratios)
    func initialConditions(dampingRatio: Double) throws {
        let spring = try Spring(dampingRatio: dampingRatio, response: 0.3)
        let animation = SpringAnimation(spring: spring, from: -7, to: 5, initialVelocity: 123, startTime: 2)
        #expect(animation.value(at: 2) == -7)
        #expect(animation.velocity(at: 2) == 123)
        #expect(animation.value(at: 1) == -7)
    }

    @Test("damping ratios next to 1 are continuous across the regimes")
    func continuityAcrossCritical() throws {
        let critical = SpringAnimation(spring: try Spring(dampingRatio: 1, response: 0.5), from: 0, to: 1, initialVelocity: 3)
        for ratio in [1 - 1e-12, 1 + 1e-12, 1 - 1e-7, 1 + 1e-7] {
            let near = SpringAnimation(spring: try Spring(dampingRatio: ratio, response: 0.5), from: 0, to: 1, initialVelocity: 3)
            for time in stride(from: 0.0, through: 2, by: 0.1) {
                #expect(abs(near.value(at: time) - critical.value(at: time)) < 1e-6)
            }
        }
    }

    @Test("overdamped motion stays finite far into the future")
    func noOverflow() throws {
        let animation = SpringAnimation(spring: try Spring(dampingRatio: 50, response: 0.2), from: 0, to: 10)
        let late = animation.value(at: 1e4)
        #expect(late.isFinite)
        #expect(abs(late - 10) < 1e-9)
    }

    @Test("retargeting keeps position and velocity continuous", arguments: [0.3, 1, 2])
    func retargeting(dampingRatio: Double) throws {
        let spring = try Spring(dampingRatio: dampingRatio, response: 0.45)
        let first = SpringAnimation(spring: spring, from: 0, to: 400, initialVelocity: 1200, startTime: 10)
        let switchTime = 10.137
        let softer = try Spring(dampingRatio: 0.9, response: 0.6)
        let second = first.retargeted(to: -50, at: switchTime, spring: softer)
        #expect(second.value(at: switchTime) == first.value(at: switchTime))
        #expect(second.velocity(at: switchTime) == first.velocity(at: switchTime))
        #expect(second.startTime == switchTime && second.spring == softer && second.target == -50)
        // No kink either: one-sided differences on both sides meet the shared velocity.
        let h = 1e-7
        let before = (first.value(at: switchTime) - first.value(at: switchTime - h)) / h
        let after = (second.value(at: switchTime + h) - second.value(at: switchTime)) / h
        let velocity = first.velocity(at: switchTime)
        #expect(abs(before - velocity) < 1e-3 * max(1, abs(velocity)))
        #expect(abs(after - velocity) < 1e-3 * max(1, abs(velocity)))
        #expect(abs(second.value(at: switchTime + 30) - -50) < 1e-9)
    }

    @Test("the overshoot of a spring released at rest is e^(−πζ/√(1−ζ²))", arguments: [0.1, 0.3, 0.5, 0.7, 0.9])
    func classicOvershoot(dampingRatio: Double) throws {
        let animation = SpringAnimation(spring: try Spring(dampingRatio: dampingRatio, response: 0.5), from: 0, to: 100)
        let fraction = exp(-Double.pi * dampingRatio / (1 - dampingRatio * dampingRatio).squareRoot())
        #expect(abs(animation.peakOvershoot - 100 * fraction) < 1e-10)
        #expect(abs((animation.relativePeakOvershoot ?? -1) - fraction) < 1e-12)
    }

    @Test("overshoot matches a dense scan", arguments: [(1.0, 0.0), (1.0, 2000), (2.0, 3000), (0.6, -500), (0.6, 0)])
    func overshootByScan(dampingRatio: Double, velocity: Double) throws {
        let animation = SpringAnimation(
            spring: try Spring(dampingRatio: dampingRatio, response: 0.5), from: 0, to: 100, initialVelocity: velocity)
        var peak = 0.0
        for step in 1...400_000 {
            peak = max(peak, animation.value(at: Double(step) * 1e-5) - 100)
        }
        #expect(abs(animation.peakOvershoot - peak) < 1e-6)
        if dampingRatio >= 1 && velocity == 0 { #expect(animation.peakOvershoot == 0) }
    }

    @Test("starting at the target, any excursion counts as overshoot")
    func overshootFromTarget() throws {
        let animation = SpringAnimation(spring: try Spring(dampingRatio: 1, response: 0.5), from: 5, to: 5, initialVelocity: 100)
        // Critical: x(t) = v₀·t·e^(−ω₀t), largest at t = 1/ω₀: v₀/(ω₀·e).
        let omega = 2 * Double.pi / 0.5
        #expect(abs(animation.peakOvershoot - 100 / (omega * M_E)) < 1e-12)
        #expect(animation.relativePeakOvershoot == nil)
    }
}
