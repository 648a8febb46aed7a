/// The windowing rules shared by every velocity strategy.
///
/// The defaults are those of Android's and Flutter's trackers: the newest samples within
/// 100 ms, at most 20 of them, stopping at a gap of more than 40 ms, and no velocity at all
/// for a contact that has been still for more than 40 ms.
public struct VelocityTrackerConfiguration: Sendable, Hashable, Codable {
    /// What `lsq2` reports when fewer than three samples are in the window.
    public enum ShortHistoryBehavior: String, Sendable, Hashable, Codable, CaseIterable {
        /// Zero velocity, as Flutter's `VelocityTracker` reports.
        case zero
        /// The degree drops to what the samples allow, as Android's least-squares strategy
        /// does: with two samples, the slope between them; with one, zero.
        case lowerDegree
    }

    /// Samples older than this, relative to the newest one, are left out (nanoseconds).
    public var horizon: Int64
    /// The most samples a tracker keeps and fits.
    public var maximumSampleCount: Int
    /// A gap between consecutive samples longer than this ends the window, and a query
    /// this long after the newest sample reports zero (nanoseconds).
    public var stopGap: Int64
    /// What `lsq2` reports with fewer than three samples in the window.
    public var shortHistoryBehavior: ShortHistoryBehavior

    /// Creates a configuration; values below their minimum (one sample, zero durations)
    /// are raised to it so that every configuration is usable.
    public init(
        horizon: Int64 = 100_000_000,
        maximumSampleCount: Int = 20,
        stopGap: Int64 = 40_000_000,
        shortHistoryBehavior: ShortHistoryBehavior = .zero
    ) {
        self.horizon = max(0, horizon)
        self.maximumSampleCount = max(1, maximumSampleCount)
        self.stopGap = max(0, stopGap)
        self.shortHistoryBehavior = shortHistoryBehavior
    }

    /// Android's and Flutter's windowing, with Flutter's zero for short histories.
    public static let standard = VelocityTrackerConfiguration()
}
