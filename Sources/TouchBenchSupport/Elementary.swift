/// The elementary functions every module uses, in one namespace so a call says which one it
/// means: ``exp(_:)`` … ``atan2(_:_:)`` are the C library's (fast, correctly rounded to
/// within an ulp, but free to differ in the last bit between platforms); ``portableSin(_:)``
/// and ``portableCos(_:)`` are plain IEEE arithmetic, identical on every machine.
package enum Elementary {
    package static func exp(_ x: Double) -> Double { libmExp(x) }
    package static func expm1(_ x: Double) -> Double { libmExpm1(x) }
    package static func log(_ x: Double) -> Double { libmLog(x) }
    package static func log1p(_ x: Double) -> Double { libmLog1p(x) }
    package static func sin(_ x: Double) -> Double { libmSin(x) }
    package static func cos(_ x: Double) -> Double { libmCos(x) }
    package static func sinh(_ x: Double) -> Double { libmSinh(x) }
    package static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }

    static let twoPi = 6.283185307179586

    /// Sine from a polynomial of IEEE-exact operations.
    ///
    /// Synthesized traces must be identical on every machine, and the C libraries of Linux
    /// and macOS may disagree in the last bit of `sin`. Accuracy is about 1e-11 for
    /// arguments up to a few thousand radians, far below the 1/256 pt storage quantum.
    package static func portableSin(_ x: Double) -> Double {
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

    /// Cosine with the same guarantee as ``portableSin(_:)``.
    package static func portableCos(_ x: Double) -> Double {
        portableSin(x + Double.pi / 2)
    }
}
