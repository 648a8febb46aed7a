/// What happened to one rendered frame, as the probes and the timeline see it.
struct FrameRecord: Sendable {
    /// The frame's vsync index and time: when the app started on it.
    var index: Int64
    var vsync: Int64
    /// When its result reached the glass (vsync + presentation delay + frames lost).
    var presentation: Int64
    /// Vsyncs it missed by overrunning its budget: the display showed the old frame instead.
    var lateFrames: Int64
    /// How late it was shown (presentation − on-time presentation), nanoseconds.
    var hitch: Int64
    /// The display time it accounts for: its refresh interval plus the ones it was late.
    var displayTime: Int64
    /// Time spent in the scene (handling its samples and advancing), measured, nanoseconds.
    var cpu: Int64
    /// Whether ``cpu`` was measured for this frame (the virtual clock times one in four).
    var cpuMeasured: Bool
    /// Trace time the work started and ended (the end includes a declared virtual cost).
    var workStart: Int64
    var workEnd: Int64
    /// Wall-clock modes: how late the frame started, real nanoseconds.
    var startError: Int64?
}
