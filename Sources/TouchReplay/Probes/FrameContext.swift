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

extension FrameContext {
    /// The context before the first frame, showing `state` (the frame loop keeps one and
    /// updates it frame after frame).
    init(state: SceneState) {
        record = FrameRecord(index: 0, vsync: 0, presentation: 0, lateFrames: 0, hitch: 0, displayTime: 0, cpu: 0,
                             cpuMeasured: false, workStart: 0, workEnd: 0, startError: nil)
        batch = []
        batch.reserveCapacity(64)
        self.state = state
        contacts = ContactPositions()
        signals = []
    }
}
