/// A spring description that cannot describe a spring, with the offending value.
public enum SpringParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The response (or duration) must be positive and finite.
    case responseNotPositive(Double)
    /// The response is so short that the stiffness, (2π/response)², is not a finite number.
    case responseTooShort(Double)
    /// The damping ratio must be zero or more, and finite.
    case dampingRatioNegative(Double)
    /// The bounce must be greater than −1 and at most 1.
    case bounceOutOfRange(Double)
    /// The mass must be positive and finite.
    case massNotPositive(Double)
    /// The stiffness must be positive and finite.
    case stiffnessNotPositive(Double)
    /// The damping must be zero or more, and finite.
    case dampingNegative(Double)

    public var description: String {
        switch self {
        case .responseNotPositive(let value):
            "spring response must be a positive, finite number of seconds, got \(value)"
        case .responseTooShort(let value):
            "spring response of \(value) s is too short: its stiffness (2π/response)² is not a finite number"
        case .dampingRatioNegative(let value):
            "spring damping ratio must be a finite number ≥ 0, got \(value)"
        case .bounceOutOfRange(let value):
            "spring bounce must be greater than −1 and at most 1, got \(value)"
        case .massNotPositive(let value):
            "spring mass must be a positive, finite number, got \(value)"
        case .stiffnessNotPositive(let value):
            "spring stiffness must be a positive, finite number, got \(value)"
        case .dampingNegative(let value):
            "spring damping must be a finite number ≥ 0, got \(value)"
        }
    }
}
