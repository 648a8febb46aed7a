import TouchInput
import TouchReplay

/// Drives a scene by hand as the replayer does at 120 Hz: each sample is batched to the
/// first vsync at or after it, and every frame advances the scene to its vsync. Tests use
/// it to look at a scene's state frame by frame.
struct SceneDriver<S: Scene> {
    static var frame: Int64 { 8_333_333 }
    var scene: S
    /// The vsync of the next frame to render.
    private(set) var vsync: Int64 = 0
    /// Every rendered frame: its vsync, the state it showed and the signals it emitted.
    private(set) var frames: [(vsync: Int64, state: SceneState, signals: [SceneSignal])] = []

    init(_ scene: S) { self.scene = scene }

    /// Delivers `sample` at its frame, rendering every frame before it first.
    mutating func feed(_ sample: InputSample) {
        render(until: sample.time - 1)
        if sample.kind != .marker { scene.handle(sample) }
    }

    /// Renders every frame up to `time`.
    mutating func render(until time: Int64) {
        while vsync <= time {
            scene.advance(to: vsync)
            var signals: [SceneSignal] = []
            scene.takeSignals(into: &signals)
            frames.append((vsync, scene.state, signals))
            vsync += Self.frame
        }
    }

    /// Renders the frame the last samples were batched to, and returns its state.
    @discardableResult
    mutating func show() -> SceneState {
        render(until: vsync)
        return scene.state
    }
}

/// A touch sample at `ms` milliseconds.
func touch(_ phase: SamplePhase, _ ms: Double, x: Double, y: Double, id: UInt32 = 1) -> InputSample {
    InputSample(time: Int64(ms * 1e6), kind: .touch, phase: phase, id: id, x: x, y: y)
}

/// A hovering pointer sample at `ms` milliseconds.
func pointer(_ phase: SamplePhase, _ ms: Double, x: Double, y: Double) -> InputSample {
    InputSample(time: Int64(ms * 1e6), kind: .pointer, phase: phase, id: 1, x: x, y: y)
}
