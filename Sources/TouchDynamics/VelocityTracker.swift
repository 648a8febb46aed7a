/// Tracks the velocity of one contact in the plane.
///
/// A gesture recognizer keeps one tracker per contact, adds every position as it arrives,
/// and asks for the velocity when it needs one — usually at the lift:
///
/// ```swift
/// var tracker = VelocityTracker(strategy: .lsq2)
/// tracker.add(time: sample.time, x: sample.x, y: sample.y)
/// …
/// let release = tracker.velocity(at: lift.time)   // points per second
/// ```
///
/// Times are nanoseconds on a monotonic clock (`add(seconds:x:y:)` takes seconds).
/// A sample at the same time as the newest one replaces it; a sample older than the
/// newest one is ignored. Only the newest ``VelocityTrackerConfiguration/maximumSampleCount``
/// samples are kept.
public struct VelocityTracker: Sendable, Hashable {
    /// How the velocity is computed from the samples.
    public var strategy: VelocityStrategy
    /// The windowing rules.
    public let configuration: VelocityTrackerConfiguration
    private var history: SampleHistory

    /// Creates an empty tracker.
    public init(
        strategy: VelocityStrategy = .lsq2,
        configuration: VelocityTrackerConfiguration = .standard
    ) {
        self.strategy = strategy
        self.configuration = configuration
        self.history = SampleHistory(configuration: configuration)
    }

    /// The time of the newest sample, in nanoseconds, or `nil` when empty.
    public var newestTime: Int64? { history.newestTime }

    /// The number of samples held (at most the configuration's maximum).
    public var sampleCount: Int { history.count }

    /// Adds a position at a time in nanoseconds.
    ///
    /// - Returns: `false` when the sample was ignored because it is older than the newest one.
    @discardableResult
    public mutating func add(time: Int64, x: Double, y: Double) -> Bool {
        history.append(time: time, x: x, y: y)
    }

    /// Adds a position at a time in seconds, rounded to the nearest nanosecond.
    ///
    /// - Returns: `false` when the sample was ignored: older than the newest one, or a time
    ///   that is not finite or does not fit in 64-bit nanoseconds.
    @discardableResult
    public mutating func add(seconds: Double, x: Double, y: Double) -> Bool {
        guard let time = Self.nanoseconds(seconds) else { return false }
        return history.append(time: time, x: x, y: y)
    }

    /// Forgets every sample, as at the start of a new contact.
    public mutating func reset() {
        history.removeAll()
    }

    /// The velocity at the newest sample, in units per second.
    public func velocity() -> Velocity {
        guard let newest = history.newestTime else { return .zero }
        return velocity(at: newest)
    }

    /// The velocity the tracker reports at `time` (nanoseconds), in units per second.
    ///
    /// Samples after `time` are not used, so a replay can ask at any earlier instant whose
    /// samples are still held. A contact whose newest sample at or before `time` is more
    /// than the stop gap (40 ms) old has stopped: its velocity is zero. This is what a lift
    /// should ask: `velocity(at: liftTime)`.
    public func velocity(at time: Int64) -> Velocity {
        let window = history.window(at: time)
        guard window.count >= 2 else { return .zero }
        return history.withSamples(in: window) { times, xs, ys in
            if strategy == .lsq2 {
                let (x, y) = VelocityStrategy.leastSquaresVelocities(
                    times: times, xs: xs, ys: ys, shortHistoryBehavior: configuration.shortHistoryBehavior)
                return Velocity(x: x, y: y)
            }
            return Velocity(
                x: strategy.velocity(times: times, positions: xs, shortHistoryBehavior: configuration.shortHistoryBehavior),
                y: strategy.velocity(times: times, positions: ys, shortHistoryBehavior: configuration.shortHistoryBehavior))
        }
    }

    /// The x component of ``velocity(at:)`` alone, from a fit of the x series only (bit for
    /// bit the same number): ``AxisVelocityTracker`` keeps its value in x and would otherwise
    /// pay for a second solve over a column of zeros on every call.
    func xVelocity(at time: Int64) -> Double {
        let window = history.window(at: time)
        guard window.count >= 2 else { return 0 }
        return history.withSamples(in: window) { times, xs, _ in
            strategy.velocity(times: times, positions: xs, shortHistoryBehavior: configuration.shortHistoryBehavior)
        }
    }

    /// ``velocity(at:)``, bit for bit, with the lsq2 fit solved on `basis`'s factorisation
    /// when `basis` holds the one of this window's times, and leaving this window's there
    /// otherwise (see ``LeastSquaresBasis``). Other strategies ignore the basis.
    public func velocity(at time: Int64, reusing basis: inout LeastSquaresBasis) -> Velocity {
        guard strategy == .lsq2 else { return velocity(at: time) }
        guard let slopes = leastSquaresSlopes(at: time, basis: &basis, withY: true) else { return .zero }
        return Velocity(x: slopes.0 * 1000, y: slopes.1 * 1000)
    }

    /// ``xVelocity(at:)`` through `basis`, as ``velocity(at:reusing:)`` does.
    func xVelocity(at time: Int64, reusing basis: inout LeastSquaresBasis) -> Double {
        guard strategy == .lsq2 else { return xVelocity(at: time) }
        guard let slopes = leastSquaresSlopes(at: time, basis: &basis, withY: false) else { return 0 }
        return slopes.0 * 1000
    }

    /// The lsq2 fit's slopes at `time` of x and, `withY`, of y, solved on `basis`; `nil` when
    /// the velocity is zero without a fit.
    private func leastSquaresSlopes(at time: Int64, basis: inout LeastSquaresBasis, withY: Bool) -> (Double, Double)? {
        let window = history.window(at: time)
        guard window.count >= 2,
            let degree = VelocityStrategy.leastSquaresDegree(
                count: window.count, shortHistoryBehavior: configuration.shortHistoryBehavior)
        else { return nil }
        return history.withSamples(in: window) { times, xs, ys in
            basis.slopes(degree: degree, window: times, y: xs, z: withY ? ys : nil)
        }
    }

    /// Whether `other` reports bit for bit the same velocities as this tracker at every
    /// time: the same strategy and rules, and bit for bit the same samples. Far cheaper than a
    /// fit: it lets a tracker of one's own read a contact's fit (`TouchGestures.VelocityMemo`).
    public func reportsSameVelocities(as other: VelocityTracker) -> Bool {
        strategy == other.strategy && configuration == other.configuration
            && history.isBitwiseIdentical(to: other.history)
    }

    /// The velocity the tracker reports at `seconds`; see ``velocity(at:)``.
    /// A time that is not finite or out of range reports zero.
    public func velocity(atSeconds seconds: Double) -> Velocity {
        guard let time = Self.nanoseconds(seconds) else { return .zero }
        return velocity(at: time)
    }

    static func nanoseconds(_ seconds: Double) -> Int64? {
        let nanoseconds = (seconds * 1e9).rounded()
        // 2^63 is exactly representable; anything at or past it does not fit.
        guard nanoseconds.isFinite, abs(nanoseconds) < 9.223372036854775807e18 else { return nil }
        return Int64(nanoseconds)
    }
}
