import TouchInput

/// What the probes see of one rendered frame: its timing, the samples it consumed, what the
/// scene showed, where every contact is (the engine tracks them, once for all probes) and
/// the signals the scene emitted during the frame.
struct FrameContext {
    var record: FrameRecord
    /// The samples the frame consumed, in time order (markers excluded).
    var batch: [InputSample]
    var state: SceneState
    /// The newest position of each contact after the frame's samples.
    var contacts: ContactPositions
    var signals: [SceneSignal]
}
