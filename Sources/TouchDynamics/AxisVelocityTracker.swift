/// Tracks the velocity of a single value: one axis of a contact, a pinch's scale, a
/// rotation's angle, a scroll offset.
///
/// Same rules as ``VelocityTracker``, which tracks both axes of a contact together.
public struct AxisVelocityTracker: Sendable, Hashable {
    private var planar: VelocityTracker

    /// Creates an empty tracker.
    public init(
        strategy: VelocityStrategy = .lsq2,
        configuration: VelocityTrackerConfiguration = .standard
    ) {
        planar = VelocityTracker(strategy: strategy, configuration: configuration)
    }

    /// How the velocity is computed from the samples.
    public var strategy: VelocityStrategy {
        get { planar.strategy }
        set { planar.strategy = newValue }
    }

    /// The windowing rules.
    public var configuration: VelocityTrackerConfiguration { planar.configuration }

    /// The time of the newest sample, in nanoseconds, or `nil` when empty.
    public var newestTime: Int64? { planar.newestTime }

    /// Adds a value at a time in nanoseconds; `false` when ignored (older than the newest).
    @discardableResult
    public mutating func add(time: Int64, value: Double) -> Bool {
        planar.add(time: time, x: value, y: 0)
    }

    /// Adds a value at a time in seconds; `false` when ignored.
    @discardableResult
    public mutating func add(seconds: Double, value: Double) -> Bool {
        planar.add(seconds: seconds, x: value, y: 0)
    }

    /// Forgets every sample.
    public mutating func reset() { planar.reset() }

    /// The velocity at the newest sample, in units per second.
    public func velocity() -> Double {
        guard let newest = planar.newestTime else { return 0 }
        return planar.xVelocity(at: newest)
    }

    /// The velocity reported at `time` (nanoseconds); see ``VelocityTracker/velocity(at:)``.
    public func velocity(at time: Int64) -> Double { planar.xVelocity(at: time) }

    /// ``velocity(at:)``, bit for bit, solved on `basis`'s factorisation when it is that of
    /// this window's times (see ``LeastSquaresBasis``): a tracker fed at the same times as a
    /// ``VelocityTracker`` just asked through the same basis skips its factorisation.
    public func velocity(at time: Int64, reusing basis: inout LeastSquaresBasis) -> Double {
        planar.xVelocity(at: time, reusing: &basis)
    }

    /// The velocity reported at `seconds`; see ``VelocityTracker/velocity(at:)``.
    public func velocity(atSeconds seconds: Double) -> Double {
        guard let time = VelocityTracker.nanoseconds(seconds) else { return 0 }
        return planar.xVelocity(at: time)
    }
}
