import RunRecord

/// What the bench runner needs from a replayer: one trace through one scene under the
/// virtual clock, as a `touchbench.run/1` entry. The CLI adapts TouchReplay's `Replayer`;
/// tests use a fake.
public protocol TraceReplaying: Sendable {
    /// Replays the trace at `path` through `scene`, with the per-frame series when
    /// `withSeries` is set and the replayer can provide it.
    func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome
}

/// One replay: its entry and how long it took, on which clock.
public struct ReplayOutcome: Sendable {
    /// The clock ``ReplayOutcome/elapsedSeconds`` was read on, which decides the metric it feeds.
    public enum Clock: String, Sendable, Hashable {
        /// CPU time of the replaying thread (``Replaying`` on the virtual clock): bench turns it
        /// into `replay_throughput_samples_per_s`, which other load on the machine hardly moves.
        case threadCPU
        /// Wall-clock time of the whole run (a page run in headless Chromium): bench reports it
        /// as `page_run_wall_ms`.
        case wall
    }

    public var entry: RunRecord
    /// Seconds the replay took on ``clock``.
    public var elapsedSeconds: Double
    public var clock: Clock

    public init(entry: RunRecord, elapsedSeconds: Double, clock: Clock = .threadCPU) {
        self.entry = entry
        self.elapsedSeconds = elapsedSeconds
        self.clock = clock
    }
}
