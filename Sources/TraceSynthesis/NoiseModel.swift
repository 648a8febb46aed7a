/// The imperfections laid over the ideal motion: hand tremor, digitizer noise and jitter in
/// the sampling instants.
///
/// ``off`` gives exactly the motion model, sampled on the nominal digitizer grid (values are
/// still rounded to the trace's storage quanta). The plan of a gesture (where it goes, how
/// long it takes) does not depend on the noise, so a trace with and without noise for the
/// same seed describe the same movement.
public struct NoiseModel: Sendable, Hashable {
    /// Amplitude range of each of the two physiological-tremor components per axis, in points.
    public var tremorAmplitude: ClosedRange<Double>
    /// Frequency range of the tremor components, in hertz.
    public var tremorFrequency: ClosedRange<Double>
    /// Standard deviation of the digitizer's position noise per axis, in points.
    public var positionSigma: Double
    /// Standard deviation of the noise on force readings (normalised units).
    public var forceSigma: Double
    /// The largest offset of a sampling instant from the nominal grid, as a fraction of the
    /// sampling period. Must stay below 0.25 so that samples never reorder and coalescing
    /// stays regular.
    public var timingJitter: Double

    public init(
        tremorAmplitude: ClosedRange<Double> = 0.04...0.12,
        tremorFrequency: ClosedRange<Double> = 8...12,
        positionSigma: Double = 0.08,
        forceSigma: Double = 0.01,
        timingJitter: Double = 0.03
    ) {
        self.tremorAmplitude = tremorAmplitude
        self.tremorFrequency = tremorFrequency
        self.positionSigma = positionSigma
        self.forceSigma = forceSigma
        self.timingJitter = timingJitter
    }

    /// Sub-point tremor at 8–12 Hz, 0.08 pt digitizer noise, ±3 % sampling jitter.
    public static let standard = NoiseModel()

    /// No noise at all: samples lie exactly on the model.
    public static let off = NoiseModel(
        tremorAmplitude: 0...0, tremorFrequency: 8...8, positionSigma: 0, forceSigma: 0, timingJitter: 0)

    /// ``standard`` for `on`, ``off`` for `off` (the command line's `--noise on|off`);
    /// throws ``SynthesisError/invalidNoise(_:)`` for anything else.
    public init(parsing switch: String) throws(SynthesisError) {
        switch `switch` {
        case "on": self = .standard
        case "off": self = .off
        default: throw .invalidNoise("'\(`switch`)' is neither on nor off")
        }
    }

    /// Whether any component is non-zero.
    public var isEnabled: Bool {
        tremorAmplitude.upperBound > 0 || positionSigma > 0 || forceSigma > 0 || timingJitter > 0
    }
}
