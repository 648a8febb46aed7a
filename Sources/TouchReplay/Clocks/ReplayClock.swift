/// The clock a replay runs on: when samples are delivered and frames start.
///
/// Times are nanoseconds on the trace's own timeline. A ``VirtualClock`` only pretends to
/// wait, so a replay runs as fast as the CPU allows and every behaviour metric is
/// deterministic; a ``WallClock`` really waits, at any rate, and measures how late it was.
public protocol ReplayClock {
    /// Whether time is simulated (deterministic) rather than measured.
    var isVirtual: Bool { get }

    /// The current instant on the trace's timeline, in nanoseconds.
    mutating func now() -> Int64

    /// Waits until trace time `time` and returns how late it woke, in real (wall)
    /// nanoseconds: actual − scheduled, never negative. A virtual clock jumps there and
    /// answers 0.
    mutating func wait(until time: Int64) -> Int64

    /// Accounts for `nanoseconds` of work that a scene stands for. Only a virtual clock
    /// moves; a wall clock has already seen the real work take its time.
    mutating func spend(_ nanoseconds: Int64)
}
