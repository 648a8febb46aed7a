/// Why a synthesis request was refused.
public enum SynthesisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A digitizer rate other than 60, 120 or 240 Hz.
    case unsupportedRate(Int)
    /// A session duration that is not a number of seconds between 1 and one day.
    case invalidSessionDuration(Double)
    /// A noise model with an out-of-range component.
    case invalidNoise(String)
    /// A gesture name that `Gesture(name:)` does not know.
    case unknownGesture(String)
    /// A device name other than `phone` or `tablet`.
    case unknownDevice(String)
    /// A `pip-throw` lift speed range that is not `LOW-HIGH` within 100–5000 pt/s, as written.
    case invalidThrowSpeed(String)
    /// A suite recipe's value that is not the kind of value its key takes, as written.
    case invalidRecipeValue(key: String, value: String, expected: String)

    /// ``description`` as a clause that goes on after a command's name or a file's: its first
    /// letter in lower case, without the full stop (`there is no device named 'watch': …`).
    public var clause: String {
        let sentence = description.hasSuffix(".") ? String(description.dropLast()) : description
        return sentence.prefix(1).lowercased() + sentence.dropFirst()
    }

    public var description: String {
        switch self {
        case .unsupportedRate(let hz):
            "The digitizer rate \(hz) Hz is not supported: choose \(SynthesisOptions.supportedRatesText)."
        case .invalidSessionDuration(let seconds):
            "The session duration \(seconds) s is invalid: give between 1 s and 86400 s."
        case .invalidNoise(let reason):
            "The noise model is invalid: \(reason)."
        case .unknownGesture(let name):
            "There is no gesture named '\(name)': run `touchbench synth --list` for the names."
        case .unknownDevice(let name):
            "There is no device named '\(name)': choose phone or tablet."
        case .invalidThrowSpeed(let text):
            "The throw speed '\(text)' is invalid: give LOW-HIGH in pt/s within 100-5000."
        case .invalidRecipeValue(let key, let value, let expected):
            "The \(key) '\(value)' is not \(expected)."
        }
    }
}
