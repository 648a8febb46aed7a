/// Collects the measured CPU time of every frame a replay renders, for
/// `replay --record-frame-cost` (``Replayer/replay(source:sceneNamed:settings:traceName:timeline:frameCosts:)``).
/// The time is the monotonic-clock interval of the frame's work (its samples handled and the
/// scene advanced), what the cost model's `measured:F` charges; a wall clock times every
/// frame anyway, and the virtual clock times every frame while a recorder listens.
public final class FrameCostRecorder {
    /// Nanoseconds per rendered frame, in order.
    public private(set) var costs: [Int64] = []

    public init() {}

    func frame(cpu: Int64) {
        // Clamped to what the reader accepts, so a frame stalled past a minute still makes a readable file.
        costs.append(Swift.min(Swift.max(0, cpu), FrameCostRecording.limit))
    }

    /// What was recorded, as a ``FrameCostRecording``.
    public var recording: FrameCostRecording { FrameCostRecording(costs: costs) }
}
