import Testing
import TouchDynamics

@Suite("Spring parameters")
struct SpringParameterTests {
    @Test("damping ratio and response map to stiffness and damping with mass 1",
          arguments: [(0.8, 0.5), (1.0, 0.3), (0.15, 1.2), (2.5, 0.05)])
    func physicalParameters(dampingRatio: Double, response: Double) throws {
        let spring = try Spring(dampingRatio: dampingRatio, response: response)
        let stiffness = (2 * Double.pi / response) * (2 * Double.pi / response)
        let damping = 4 * Double.pi * dampingRatio / response
        #expect(abs(spring.stiffness - stiffness) <= 1e-14 * stiffness)
        #expect(abs(spring.damping - damping) <= 1e-14 * damping)
        let back = try Spring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        #expect(abs(back.dampingRatio - dampingRatio) < 1e-14)
        #expect(abs(back.response - response) < 1e-14)
    }

    @Test("SwiftUI's documented examples")
    func swiftUIExamples() throws {
        // Spring(duration: 0.5, bounce: 0.3) → (mass, stiffness, damping) = (1.0, 157.9, 17.6)
        let a = try Spring(duration: 0.5, bounce: 0.3)
        #expect(a.mass == 1)
        #expect((a.stiffness * 10).rounded() == 1579)
        #expect((a.damping * 10).rounded() == 176)
        // Spring(mass: 1, stiffness: 100, damping: 10) → (duration, bounce) = (0.63, 0.5)
        let b = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect((b.duration * 100).rounded() == 63)
        #expect(abs(b.bounce - 0.5) < 1e-15)
    }

    @Test("bounce: 1 − ζ above zero, ζ = 1/(1 + bounce) below", arguments: [-0.9, -0.5, -0.2, 0, 0.25, 0.7, 1])
    func bounceRoundTrip(bounce: Double) throws {
        let spring = try Spring(duration: 0.4, bounce: bounce)
        let expectedRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        #expect(spring.dampingRatio == expectedRatio)
        #expect(abs(spring.bounce - bounce) < 1e-15)
        #expect(spring.duration == 0.4)
    }

    @Test("a mass scales stiffness and damping, not the motion")
    func massScaling() throws {
        let light = try Spring(dampingRatio: 0.6, response: 0.4)
        let heavy = try Spring(dampingRatio: 0.6, response: 0.4, mass: 3)
        #expect(abs(heavy.stiffness - 3 * light.stiffness) < 1e-12 * heavy.stiffness)
        let a = SpringAnimation(spring: light, from: 0, to: 1)
        let b = SpringAnimation(spring: heavy, from: 0, to: 1)
        #expect(a.value(at: 0.2) == b.value(at: 0.2))
    }

    @Test("invalid parameters throw typed errors, never crash")
    func invalidParameters() throws {
        for response in [0.0, -1, .nan, .infinity] {
            #expect(throws: SpringParameterError.self) { try Spring(dampingRatio: 1, response: response) }
        }
        #expect(throws: SpringParameterError.dampingRatioNegative(-0.1)) {
            try Spring(dampingRatio: -0.1, response: 0.5)
        }
        #expect(throws: SpringParameterError.bounceOutOfRange(-1)) { try Spring(duration: 0.5, bounce: -1) }
        #expect(throws: SpringParameterError.bounceOutOfRange(1.5)) { try Spring(duration: 0.5, bounce: 1.5) }
        #expect(throws: SpringParameterError.responseNotPositive(0)) { try Spring(duration: 0, bounce: 0) }
        #expect(throws: SpringParameterError.stiffnessNotPositive(0)) { try Spring(stiffness: 0, damping: 1) }
        #expect(throws: SpringParameterError.dampingNegative(-1)) { try Spring(stiffness: 10, damping: -1) }
        #expect(throws: SpringParameterError.massNotPositive(0)) { try Spring(mass: 0, stiffness: 10, damping: 1) }
        // Positive and finite, but so short that the stiffness (2π/response)² overflows.
        #expect(throws: SpringParameterError.responseTooShort(1e-300)) { try Spring(dampingRatio: 1, response: 1e-300) }
        #expect(throws: SpringParameterError.responseTooShort(1e-160)) { try Spring(dampingRatio: 1, response: 1e-160) }
        let short = try Spring(dampingRatio: 1, response: 1e-150)
        #expect(short.stiffness.isFinite && short.damping.isFinite)
        #expect(SpringParameterError.responseNotPositive(0).description.contains("response"))
    }
}
