/// The minimum-jerk profile of a point-to-point hand movement (Flash & Hogan, 1985).
///
/// A movement from x₀ to x₁ over a duration T follows x(t) = x₀ + (x₁ − x₀)·s(t/T) with
/// s(τ) = 10τ³ − 15τ⁴ + 6τ⁵. Its velocity is the bell-shaped ds/dτ = 30τ²(1 − τ)², zero at
/// both ends and peaking at 1.875 (times (x₁ − x₀)/T) exactly at the midpoint. The
/// synthesizer builds every movement of a finger, pencil or pointer from this profile.
public enum MinimumJerk {
    /// The peak of the normalised velocity, reached at τ = ½.
    public static let peakVelocity = 1.875

    /// The normalised position s(τ): 0 before the movement, 1 after it.
    public static func position(_ tau: Double) -> Double {
        if tau <= 0 { return 0 }
        if tau >= 1 { return 1 }
        let t3 = tau * tau * tau
        return t3 * (10 + tau * (-15 + 6 * tau))
    }

    /// The normalised velocity ds/dτ = 30τ²(1 − τ)²; 0 outside the movement.
    public static func velocity(_ tau: Double) -> Double {
        if tau <= 0 || tau >= 1 { return 0 }
        let a = tau * (1 - tau)
        return 30 * a * a
    }

    /// The normalised acceleration d²s/dτ² = 60τ(1 − τ)(1 − 2τ); 0 outside the movement.
    public static func acceleration(_ tau: Double) -> Double {
        if tau <= 0 || tau >= 1 { return 0 }
        return 60 * tau * (1 - tau) * (1 - 2 * tau)
    }
}
