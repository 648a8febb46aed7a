/// What to synthesize around a gesture: the seed, the digitizer, the device and the noise.
public struct SynthesisOptions: Sendable, Hashable {
    /// The seed of every random choice; the same options always give the same samples.
    public var seed: UInt64
    /// The touch digitizer rate in hertz: 60, 120 or 240. Pointer events use it too; the
    /// pencil always reports at ``pencilRate``.
    public var rate: Int
    /// The screen and display the trace pretends to come from.
    public var device: DeviceProfile
    /// Tremor, digitizer noise and timing jitter; ``NoiseModel/off`` gives the bare model.
    public var noise: NoiseModel
    /// How long a `session` lasts, in seconds. Sessions are generated episode by episode,
    /// in time linear in this duration and memory bounded by one episode when streamed.
    public var sessionDuration: Double
    /// The range the lift speed of a `pip-throw` is drawn from, points per second: the flick
    /// speed of the PIP experiment (docs/GESTURES.md).
    public var throwSpeed: ClosedRange<Double>

    /// The digitizer rates a touch screen can have.
    public static let supportedRates = [60, 120, 240]
    /// ``supportedRates`` as a message lists them: "60, 120 or 240".
    public static var supportedRatesText: String {
        supportedRates.dropLast().map(String.init).joined(separator: ", ") + " or " + String(supportedRates.last ?? 0)
    }
    /// The pencil's sampling rate.
    public static let pencilRate = 240
    /// The default session length: three minutes.
    public static let defaultSessionDuration = 180.0
    /// The longest session accepted: one day.
    public static let maximumSessionDuration = 86_400.0
    /// The default lift speeds of a `pip-throw`, pt/s: from a gentle toss to a fast flick.
    public static let defaultThrowSpeed = 250.0...1250.0
    /// The lift speeds accepted: from the slowest release that still carries momentum
    /// (100 pt/s) to well past the fastest human flick.
    public static let throwSpeedLimits = 100.0...5000.0

    public init(
        seed: UInt64 = 0, rate: Int = 120, device: DeviceProfile = .phone,
        noise: NoiseModel = .standard, sessionDuration: Double = SynthesisOptions.defaultSessionDuration,
        throwSpeed: ClosedRange<Double> = SynthesisOptions.defaultThrowSpeed
    ) {
        self.throwSpeed = throwSpeed
        self.seed = seed
        self.rate = rate
        self.device = device
        self.noise = noise
        self.sessionDuration = sessionDuration
    }

    /// Throws the first problem found, if any.
    public func validate() throws(SynthesisError) {
        guard Self.supportedRates.contains(rate) else { throw .unsupportedRate(rate) }
        guard sessionDuration.isFinite, sessionDuration >= 1, sessionDuration <= Self.maximumSessionDuration
        else { throw .invalidSessionDuration(sessionDuration) }
        let noiseValues = [
            noise.tremorAmplitude.lowerBound, noise.tremorAmplitude.upperBound,
            noise.tremorFrequency.lowerBound, noise.tremorFrequency.upperBound,
            noise.positionSigma, noise.forceSigma, noise.timingJitter,
        ]
        guard noiseValues.allSatisfy({ $0.isFinite && $0 >= 0 }), noise.tremorAmplitude.upperBound <= 2,
            noise.positionSigma <= 2, noise.forceSigma <= 0.2
        else { throw .invalidNoise("amplitudes must be finite, non-negative and at most 2 pt") }
        guard throwSpeed.lowerBound.isFinite, throwSpeed.upperBound.isFinite,
              Self.throwSpeedLimits.contains(throwSpeed.lowerBound), Self.throwSpeedLimits.contains(throwSpeed.upperBound)
        else { throw .invalidThrowSpeed("\(throwSpeed.lowerBound)-\(throwSpeed.upperBound)") }
        guard noise.timingJitter < 0.25 else {
            throw .invalidNoise("timing jitter must be below a quarter of the sampling period")
        }
    }
}
