/// Sine and cosine from plain arithmetic.
///
/// The C libraries of Linux and macOS may disagree in the last bit of `sin`; since a
/// synthesized trace must be identical on every machine, the synthesizer evaluates its few
/// trigonometric terms (tremor, pinch geometry, pencil wobble) with this polynomial, which
/// uses only IEEE-exact operations. Accuracy is about 1e-11 for arguments up to a few
/// thousand radians, far below the 1/256 pt storage quantum.
enum Trig {
    static let twoPi = 6.283185307179586

    static func sin(_ x: Double) -> Double {
        // Reduce to [−π, π], then fold onto [−π/2, π/2] where the Taylor series converges fast.
        var r = x - (x / twoPi).rounded() * twoPi
        if r > Double.pi / 2 {
            r = Double.pi - r
        } else if r < -Double.pi / 2 {
            r = -Double.pi - r
        }
        let r2 = r * r
        // Horner form of r − r³/3! + r⁵/5! − … − r¹⁵/15!; the next term is below 7e-12.
        var p = -1.0 / 1_307_674_368_000
        p = p * r2 + 1.0 / 6_227_020_800
        p = p * r2 - 1.0 / 39_916_800
        p = p * r2 + 1.0 / 362_880
        p = p * r2 - 1.0 / 5040
        p = p * r2 + 1.0 / 120
        p = p * r2 - 1.0 / 6
        p = p * r2 + 1
        return r * p
    }

    static func cos(_ x: Double) -> Double {
        sin(x + Double.pi / 2)
    }
}
