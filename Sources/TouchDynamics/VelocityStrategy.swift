/// How a velocity tracker turns recent samples into a velocity.
///
/// The raw values are the names the command line accepts (`--strategy lsq2`).
public enum VelocityStrategy: String, CaseIterable, Sendable, Hashable, Codable {
    /// Unweighted least-squares quadratic fit over the recent samples; the velocity is the
    /// fit's slope at the newest sample. The default of Android's `VelocityTracker` and of
    /// Flutter's `VelocityTracker`.
    case lsq2

    /// Android's impulse strategy: the velocity whose kinetic energy equals the work the
    /// finger did on a unit mass over the recent samples.
    case impulse

    /// The slope between the last two samples. A baseline, sensitive to jitter.
    case naive
}
