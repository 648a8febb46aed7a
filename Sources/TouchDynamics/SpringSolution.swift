import TouchBenchSupport

/// The closed-form motion of a unit-mass damped spring about its rest position:
/// x″ + 2σx′ + ω₀²x = 0 with x(0) = x₀, x′(0) = v₀, where σ = ζω₀.
///
/// Written for all three regimes at once as
///   x(t) = x₀·e^(−σt)·(C + σS) + v₀·e^(−σt)·S
///   v(t) = v₀·e^(−σt)·C − (σv₀ + ω₀²x₀)·e^(−σt)·S
/// with C = cos ω_d t, S = sin(ω_d t)/ω_d when underdamped; C = 1, S = t when critical;
/// C = cosh γt, S = sinh(γt)/γ when overdamped. S stays well conditioned as ω_d or γ
/// tend to zero, so damping ratios next to 1 need no special case.
struct SpringSolution: Sendable, Hashable {
    enum Regime: Sendable, Hashable {
        case underdamped(dampedFrequency: Double)
        case critical
        case overdamped(spread: Double)
    }

    let initialDisplacement: Double
    let initialVelocity: Double
    let naturalFrequency: Double
    let decayRate: Double
    let regime: Regime

    init(dampingRatio: Double, naturalFrequency: Double, displacement: Double, velocity: Double) {
        initialDisplacement = displacement
        initialVelocity = velocity
        self.naturalFrequency = naturalFrequency
        decayRate = dampingRatio * naturalFrequency
        // (1 − ζ)(1 + ζ) rather than 1 − ζ², which loses the digits that matter near 1.
        let offCritical = (1 - dampingRatio) * (1 + dampingRatio)
        if offCritical > 0 {
            regime = .underdamped(dampedFrequency: naturalFrequency * offCritical.squareRoot())
        } else if offCritical < 0 {
            regime = .overdamped(spread: naturalFrequency * (-offCritical).squareRoot())
        } else {
            regime = .critical
        }
    }

    /// e^(−σt)·C and e^(−σt)·S at `t`, computed without overflow.
    func dampedBasis(at t: Double) -> (c: Double, s: Double) {
        switch regime {
        case .underdamped(let frequency):
            let decay = Elementary.exp(-decayRate * t)
            return (decay * Elementary.cos(frequency * t), decay * Elementary.sin(frequency * t) / frequency)
        case .critical:
            let decay = Elementary.exp(-decayRate * t)
            return (decay, decay * t)
        case .overdamped(let spread):
            let phase = spread * t
            if phase <= 20 {
                let decay = Elementary.exp(-decayRate * t)
                let growth = Elementary.exp(phase)
                let cosh = (growth + 1 / growth) / 2
                let sinh = phase < 0.5 ? Elementary.sinh(phase) : (growth - 1 / growth) / 2
                return (decay * cosh, decay * sinh / spread)
            }
            // cosh and sinh would overflow long before their product with the decay does;
            // past γt = 20 the slow exponential dominates to 17 digits anyway.
            let slow = Elementary.exp((spread - decayRate) * t)
            let fast = Elementary.exp(-(spread + decayRate) * t)
            return ((slow + fast) / 2, (slow - fast) / (2 * spread))
        }
    }

    /// The displacement from rest `t` seconds after the start.
    func displacement(at t: Double) -> Double {
        if t == 0 { return initialDisplacement }
        let (c, s) = dampedBasis(at: t)
        return initialDisplacement * (c + decayRate * s) + initialVelocity * s
    }

    /// The velocity `t` seconds after the start.
    func velocity(at t: Double) -> Double {
        if t == 0 { return initialVelocity }
        let (c, s) = dampedBasis(at: t)
        let stiffnessTerm = naturalFrequency * naturalFrequency * initialDisplacement
        return initialVelocity * c - (decayRate * initialVelocity + stiffnessTerm) * s
    }
}
