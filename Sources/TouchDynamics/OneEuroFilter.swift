/// The 1€ filter (Casiez, Roussel & Vogel, CHI 2012): a low-pass filter whose cutoff rises
/// with speed, so a still finger is steady and a fast one is not lagged.
///
/// Each sample: the derivative (x − x̂_prev)/Tₑ is smoothed at `derivativeCutoff`, the
/// value's cutoff becomes minimumCutoff + beta·|smoothed derivative|, and the value is
/// smoothed at that cutoff, with α = r / (r + 1), r = 2π·cutoff·Tₑ (the paper's
/// α = 1 / (1 + τ/Tₑ), τ = 1/(2π·cutoff)). As in the paper's pseudocode, the derivative is
/// taken from the previous *filtered* value; the first sample passes through unchanged.
///
/// Tₑ is the actual interval between samples, so irregular digitizer timing is handled.
/// Filter each axis of a position with its own filter.
public struct OneEuroFilter: Sendable, Hashable {
    /// The cutoff when still, in hertz: lower is steadier and laggier.
    public var minimumCutoff: Double
    /// How fast the cutoff rises with speed, in hertz per (unit per second).
    public var beta: Double
    /// The cutoff used to smooth the derivative, in hertz.
    public var derivativeCutoff: Double

    private var previousTime: Int64?
    private var previousValue = 0.0
    private var previousDerivative = 0.0

    /// Creates a filter. Negative or NaN parameters act as 0 (a zero cutoff holds the value).
    public init(minimumCutoff: Double = 1, beta: Double = 0, derivativeCutoff: Double = 1) {
        self.minimumCutoff = minimumCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }

    /// The last filtered value, or `nil` before the first sample.
    public var value: Double? { previousTime == nil ? nil : previousValue }

    /// Filters `value` sampled at `time` (nanoseconds) and returns the filtered value.
    ///
    /// A sample not after the previous one cannot be filtered (its interval is not
    /// positive): it is ignored and the previous filtered value returned.
    public mutating func filter(_ value: Double, at time: Int64) -> Double {
        guard let lastTime = previousTime else {
            previousTime = time
            previousValue = value
            previousDerivative = 0
            return value
        }
        guard time > lastTime else { return previousValue }
        let interval = Double(time - lastTime) * 1e-9
        let derivative = (value - previousValue) / interval
        let smoothedDerivative = previousDerivative
            + Self.smoothingFactor(cutoff: derivativeCutoff, interval: interval) * (derivative - previousDerivative)
        let cutoff = Self.nonNegative(minimumCutoff) + Self.nonNegative(beta) * abs(smoothedDerivative)
        let filtered = previousValue + Self.smoothingFactor(cutoff: cutoff, interval: interval) * (value - previousValue)
        previousTime = time
        previousValue = filtered
        previousDerivative = smoothedDerivative
        return filtered
    }

    /// Filters `value` sampled at `seconds`; see ``filter(_:at:)``.
    public mutating func filter(_ value: Double, atSeconds seconds: Double) -> Double {
        guard let time = VelocityTracker.nanoseconds(seconds) else { return previousTime == nil ? value : previousValue }
        return filter(value, at: time)
    }

    /// Forgets the history: the next sample passes through unchanged.
    public mutating func reset() {
        previousTime = nil
        previousValue = 0
        previousDerivative = 0
    }

    /// α = r / (r + 1), r = 2π·cutoff·Tₑ; 1 for an infinite cutoff.
    static func smoothingFactor(cutoff: Double, interval: Double) -> Double {
        let r = 2 * Double.pi * nonNegative(cutoff) * interval
        return r.isInfinite ? 1 : r / (r + 1)
    }

    private static func nonNegative(_ x: Double) -> Double { x > 0 ? x : 0 }
}
