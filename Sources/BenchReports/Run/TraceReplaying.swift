import RunRecord

/// What the bench runner needs from a replayer: one trace through one scene under the
/// virtual clock, as a `touchbench.run/1` entry. The CLI adapts TouchReplay's `Replayer`;
/// tests use a fake.
public protocol TraceReplaying: Sendable {
    /// Replays the trace at `path` through `scene`, with the per-frame series when
    /// `withSeries` is set and the replayer can provide it.
    func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome
}

/// One replay: its entry and how long it took.
public struct ReplayOutcome: Sendable {
    public var entry: RunRecord
    /// Seconds the replay took (for the throughput metric): CPU seconds of the replaying
    /// thread for ``Replaying``, so that other load on the machine does not count.
    public var elapsedSeconds: Double

    public init(entry: RunRecord, elapsedSeconds: Double) {
        self.entry = entry
        self.elapsedSeconds = elapsedSeconds
    }
}
