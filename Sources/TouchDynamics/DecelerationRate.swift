/// How quickly scrolled content slows down: the fraction of its velocity kept after each
/// millisecond, as `UIScrollView.DecelerationRate` defines it.
public struct DecelerationRate: RawRepresentable, Sendable, Hashable, Codable {
    /// The fraction of velocity kept per millisecond, strictly between 0 and 1.
    public let rawValue: Double

    /// Creates a rate from the fraction of velocity kept per millisecond; `nil` unless it is
    /// strictly between 0 and 1 (0 would stop at once, 1 would never stop).
    public init?(rawValue: Double) {
        guard rawValue > 0, rawValue < 1 else { return nil }
        self.rawValue = rawValue
    }

    /// Parses a command-line value: `normal`, `fast`, or a number such as `0.995`.
    public init?(argument: String) {
        switch argument {
        case "normal": self = .normal
        case "fast": self = .fast
        default:
            guard let number = Double(argument) else { return nil }
            self.init(rawValue: number)
        }
    }

    private init(uncheckedRawValue: Double) {
        rawValue = uncheckedRawValue
    }

    /// UIScrollView's normal rate: 0.998 per millisecond.
    public static let normal = DecelerationRate(uncheckedRawValue: 0.998)
    /// UIScrollView's fast rate: 0.99 per millisecond (paging scroll views).
    public static let fast = DecelerationRate(uncheckedRawValue: 0.99)

    /// The distance covered before coming to rest from `velocity` (units per second):
    /// (v / 1000) · r / (1 − r). 1000 pt/s at the normal rate travels 499 pt.
    ///
    /// It is the sum of the per-millisecond steps v/1000 · (r + r² + r³ + …).
    public func projectedDistance(velocity: Double) -> Double {
        velocity / 1000 * rawValue / (1 - rawValue)
    }

    /// The time constant of the continuous decay, in seconds: r / (1 − r) milliseconds.
    ///
    /// With it, velocity decays as e^(−t/τ) and the distance covered tends to exactly
    /// ``projectedDistance(velocity:)``. Its per-millisecond factor e^(−(1−r)/r) equals r to
    /// within (1 − r)²/2 (2·10⁻⁶ at the normal rate).
    public var timeConstant: Double { rawValue / (1 - rawValue) / 1000 }
}

/// Where a value released with `velocity` comes to rest under scroll-view deceleration:
/// `value + (velocity / 1000) · r / (1 − r)`.
///
/// Units are whatever `value` measures — points for a position, a factor for a pinch's
/// scale, radians for a rotation — with `velocity` in those units per second.
public func project(
    _ value: Double, velocity: Double, decelerationRate: DecelerationRate = .normal
) -> Double {
    value + decelerationRate.projectedDistance(velocity: velocity)
}
