import Foundation
import Testing
import TouchDynamics

@Suite("Spring settling duration")
struct SpringSettlingTests {
    static let ratios: [Double] = [0.05, 0.3, 0.8, 0.999_999, 1, 1.000_001, 1.5, 4]

    /// Toward target 0 so that the value is the displacement exactly.
    static func animation(_ ratio: Double, velocity: Double) throws -> SpringAnimation {
        SpringAnimation(spring: try Spring(dampingRatio: ratio, response: 0.5), from: 100, to: 0, initialVelocity: velocity)
    }

    @Test("settling is exact: at the returned time within tolerance, one ulp earlier outside",
          arguments: ratios, [0.0, 2000, -2000])
    func exactBoundary(dampingRatio: Double, velocity: Double) throws {
        let animation = try Self.animation(dampingRatio, velocity: velocity)
        for tolerance in [0.5, 1e-6] {
            let settling = animation.settlingDuration(tolerance: tolerance)
            try #require(settling.isFinite && settling > 0)
            #expect(abs(animation.value(at: settling)) <= tolerance)
            #expect(abs(animation.value(at: settling.nextDown)) > tolerance)
            // And it stays there: a dense scan of the next five seconds.
            var worst = 0.0
            for step in 1...50_000 {
                worst = max(worst, abs(animation.value(at: settling + Double(step) * 1e-4)))
            }
            #expect(worst <= tolerance, "ζ \(dampingRatio) v \(velocity) ε \(tolerance): \(worst) after settling")
        }
    }

    @Test("no grid point after the settling time exceeds the tolerance, the last before it does")
    func bruteForce() throws {
        for ratio in Self.ratios {
            let animation = try Self.animation(ratio, velocity: 700)
            let settling = animation.settlingDuration(tolerance: 0.01)
            var lastExceeding = 0.0
            var time = 0.0
            while time < settling + 2 {
                if abs(animation.value(at: time)) > 0.01 { lastExceeding = time }
                time += 1e-5
            }
            #expect(lastExceeding <= settling)
            #expect(settling - lastExceeding < 1e-5 + 1e-12, "ζ \(ratio)")
        }
    }

    @Test("a critically damped spring from rest settles to 1% in about 1.06 of its response")
    func criticalFromRest() throws {
        // x = (1 + ω₀t)e^(−ω₀t) = 0.01 ⇒ ω₀t = 6.638352067993813 (solved to 16 digits).
        let animation = SpringAnimation(spring: try Spring(dampingRatio: 1, response: 1), from: 1, to: 0)
        let settling = animation.settlingDuration(tolerance: 0.01)
        #expect(abs(settling * 2 * Double.pi - 6.638352067993813) < 1e-12)
    }

    @Test("motion that never leaves the tolerance settles at once")
    func alreadySettled() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.5)
        #expect(SpringAnimation(spring: spring, from: 0.1, to: 0).settlingDuration(tolerance: 0.5) == 0)
        #expect(SpringAnimation(spring: spring, from: 3, to: 3).settlingDuration(tolerance: 0) == 0)
        let undamped = try Spring(dampingRatio: 0, response: 0.5)
        #expect(SpringAnimation(spring: undamped, from: 0.1, to: 0).settlingDuration(tolerance: 0.5) == 0)
    }

    @Test("an undamped spring that strays never settles")
    func undamped() throws {
        let spring = try Spring(duration: 0.5, bounce: 1)
        #expect(SpringAnimation(spring: spring, from: 10, to: 0).settlingDuration(tolerance: 0.5) == .infinity)
    }

    @Test("starting at the target with a velocity still has to settle")
    func kickedFromTarget() throws {
        let animation = SpringAnimation(spring: try Spring(dampingRatio: 0.7, response: 0.4), from: 0, to: 0, initialVelocity: 500)
        let settling = animation.settlingDuration(tolerance: 0.1)
        #expect(settling > 0)
        #expect(abs(animation.value(at: settling)) <= 0.1)
        #expect(abs(animation.value(at: settling.nextDown)) > 0.1)
        #expect(animation.isSettled(at: settling, tolerance: 0.1))
        #expect(!animation.isSettled(at: settling.nextDown, tolerance: 0.1))
    }
}

@Suite("Spring edge cases")
struct SpringEdgeCaseTests {
    @Test("degenerate tolerances and motions answer without hanging", arguments: [0.0, 0.3, 1, 2])
    func degenerate(dampingRatio: Double) throws {
        let spring = try Spring(dampingRatio: dampingRatio, response: 0.5)
        let moving = SpringAnimation(spring: spring, from: 10, to: 0, initialVelocity: 3)
        #expect(moving.settlingDuration(tolerance: 0) == .infinity)
        #expect(moving.settlingDuration(tolerance: -1) == .infinity)
        #expect(moving.settlingDuration(tolerance: .infinity) == 0)
        #expect(moving.settlingDuration(tolerance: .nan).isNaN)
        let broken = SpringAnimation(spring: spring, from: .nan, to: 0)
        #expect(broken.settlingDuration(tolerance: 1).isNaN)
        #expect(broken.peakOvershoot.isNaN)
        let huge = SpringAnimation(spring: spring, from: 1e300, to: -1e300, initialVelocity: -1e308)
        _ = huge.settlingDuration(tolerance: 1e-300)
        _ = huge.peakOvershoot
    }

    @Test("a barely damped spring with a tiny tolerance still answers")
    func extremeDecay() throws {
        let animation = SpringAnimation(spring: try Spring(dampingRatio: 1e-15, response: 0.5), from: 1, to: 0)
        let settling = animation.settlingDuration(tolerance: 1e-12)
        #expect(settling > 1e15)
    }

    /// Hostile report 16 M7: at ζ = 1e-17 the window of the last extrema rounded to an empty
    /// interval and the answer fell through to "settled at once".
    @Test("a barely damped spring never settles sooner than its envelope allows",
          arguments: [1e-9, 1e-12, 1e-15, 1e-17, 1e-20, 1e-100, 1e-300, 5e-324])
    func vanishingDamping(ratio: Double) throws {
        let spring = try Spring(dampingRatio: ratio, response: 0.3)
        let animation = SpringAnimation(spring: spring, from: 0, to: 1)
        let settling = animation.settlingDuration(tolerance: 0.001)
        // The amplitude is 1 and the decay rate ζ·2π/response, so the envelope falls under
        // 0.001 at ln(1000)/(ζ·2π/0.3); the extrema reach it no more than a period sooner.
        let envelope = log(1000.0) / (ratio * 2 * Double.pi / 0.3)
        #expect(settling.isInfinite || settling >= envelope * (1 - 1e-9) - 0.3, "ζ \(ratio): \(settling) s")
        #expect(settling > 1e6, "ζ \(ratio): \(settling) s")
    }
}
