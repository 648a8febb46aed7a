/// A damped spring, described as designers do — by damping ratio and response — and
/// convertible to and from the physical mass, stiffness and damping.
///
/// With mass 1: stiffness = (2π / response)², damping = 4π · dampingRatio / response.
/// The response is the period of the undamped oscillation, a pace that does not depend on
/// the damping; a damping ratio of 1 is critically damped (the quickest approach without
/// overshoot), below 1 bounces, above 1 creeps.
///
/// Use ``SpringAnimation`` to evaluate a spring's motion.
public struct Spring: Sendable, Hashable {
    /// The moving mass. Motion depends only on ``dampingRatio`` and ``response``; the mass
    /// scales ``stiffness`` and ``damping`` alike.
    public let mass: Double
    /// How much the oscillation is damped: 0 never settles, 1 is critical, above 1 creeps.
    public let dampingRatio: Double
    /// The period of the undamped oscillation, in seconds.
    public let response: Double

    /// Creates a spring from its damping ratio and response.
    ///
    /// - Throws: ``SpringParameterError`` when the response is not positive and finite, the
    ///   damping ratio negative or not finite, or the mass not positive and finite.
    public init(dampingRatio: Double, response: Double, mass: Double = 1) throws(SpringParameterError) {
        guard response > 0, response.isFinite else { throw .responseNotPositive(response) }
        guard dampingRatio >= 0, dampingRatio.isFinite else { throw .dampingRatioNegative(dampingRatio) }
        guard mass > 0, mass.isFinite else { throw .massNotPositive(mass) }
        // A positive response can still be so short that stiffness and damping overflow.
        let frequency = 2 * Double.pi / response
        guard (frequency * frequency * mass).isFinite, (2 * dampingRatio * frequency * mass).isFinite else {
            throw .responseTooShort(response)
        }
        self.mass = mass
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// Creates a spring from its physical parameters.
    ///
    /// - Throws: ``SpringParameterError`` for a mass or stiffness that is not positive and
    ///   finite, or a damping that is negative or not finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringParameterError) {
        guard mass > 0, mass.isFinite else { throw .massNotPositive(mass) }
        guard stiffness > 0, stiffness.isFinite else { throw .stiffnessNotPositive(stiffness) }
        guard damping >= 0, damping.isFinite else { throw .dampingNegative(damping) }
        let naturalFrequency = (stiffness / mass).squareRoot()
        let response = 2 * Double.pi / naturalFrequency
        let dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        // Extreme ratios can overflow even when each input is finite.
        guard response > 0, response.isFinite else { throw .stiffnessNotPositive(stiffness) }
        guard dampingRatio.isFinite else { throw .dampingNegative(damping) }
        self.mass = mass
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// The stiffness: mass · (2π / response)².
    public var stiffness: Double {
        let frequency = naturalFrequency
        return mass * frequency * frequency
    }

    /// The damping coefficient: mass · 4π · dampingRatio / response.
    public var damping: Double { mass * 4 * Double.pi * dampingRatio / response }

    /// The undamped angular frequency ω₀ = 2π / response, in radians per second.
    public var naturalFrequency: Double { 2 * Double.pi / response }

    /// A critically damped spring with the given response.
    public static func critical(response: Double) throws(SpringParameterError) -> Spring {
        try Spring(dampingRatio: 1, response: response)
    }
}
