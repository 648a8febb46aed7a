import TouchBenchSupport

/// How a synthesized trace of a suite was made: the `recipe` of a `TraceSuite` entry, read
/// back into a gesture and options so the corpus can be rebuilt byte for byte.
public struct SynthesisRecipe: Sendable, Hashable {
    public var gesture: Gesture
    public var options: SynthesisOptions

    public init(gesture: Gesture, options: SynthesisOptions) {
        self.gesture = gesture
        self.options = options
    }

    /// Reads `gesture`, and optionally `seed`, `rate`, `device`, `noise` (on|off) and
    /// `duration` (session seconds), from a recipe's string keys.
    public init(_ recipe: [String: String]) throws(SynthesisError) {
        gesture = try Gesture(parsing: recipe["gesture"] ?? "")
        options = SynthesisOptions()
        if let seed = recipe["seed"] {
            guard let value = UInt64(seed) else { throw .invalidRecipeValue(key: "seed", value: seed, expected: "a non-negative integer") }
            options.seed = value
        }
        if let rate = recipe["rate"] {
            guard let value = Int(rate) else { throw .invalidRecipeValue(key: "rate", value: rate, expected: SynthesisOptions.supportedRatesText) }
            options.rate = value
        }
        if let device = recipe["device"] { options.device = try DeviceProfile(parsing: device) }
        if let noise = recipe["noise"] { options.noise = try NoiseModel(parsing: noise) }
        if let duration = recipe["duration"] {
            // Decimal only, as on the command line (Double(_:) reads "0x10" as 16 and "nan").
            guard let value = Double(decimalText: duration) else {
                throw .invalidRecipeValue(key: "duration", value: duration, expected: "a number of seconds")
            }
            options.sessionDuration = value
        }
        if let speed = recipe["speed"] { options.throwSpeed = try Self.speedRange(speed) }
        try options.validate()
    }

    /// `LOW-HIGH` (or one number) in points per second: the lift speeds of a `pip-throw`, an
    /// `app-switch` or an `app-switch-catch`.
    public static func speedRange(_ text: String) throws(SynthesisError) -> ClosedRange<Double> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let low = Double(decimalText: parts[0]), let high = Double(decimalText: parts[parts.count - 1]),
              low <= high else { throw .invalidThrowSpeed(text) }
        return low...high
    }

    /// The recipe's string keys (the inverse of ``init(_:)``).
    public var dictionary: [String: String] {
        var keys = ["gesture": gesture.name, "seed": String(options.seed), "rate": String(options.rate),
                    "device": options.device.name, "noise": options.noise.isEnabled ? "on" : "off"]
        if gesture == .session { keys["duration"] = String(Int(options.sessionDuration)) }
        if gesture.usesThrowSpeed && options.throwSpeed != SynthesisOptions.defaultThrowSpeed {
            keys["speed"] = "\(JSONWriter.format(options.throwSpeed.lowerBound))-\(JSONWriter.format(options.throwSpeed.upperBound))"
        }
        return keys
    }
}
