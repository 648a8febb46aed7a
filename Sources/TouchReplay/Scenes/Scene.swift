import TouchInput

/// An interaction the replayer drives: it receives the samples due at each frame, then the
/// frame's time, and shows its state.
///
/// Write one to replay your own interaction code:
///
/// ```swift
/// struct Slider: Scene {
///     var state = SceneState()
///     mutating func handle(_ sample: InputSample) { if sample.kind == .touch { state.x = sample.x } }
///     mutating func advance(to time: Int64) {}
/// }
/// let result = try Replayer.replay(samples: samples, metadata: metadata, scene: Slider())
/// ```
///
/// Each frame the replayer calls ``handle(_:)`` for every sample batched to it (in time
/// order; markers are ground truth and never delivered), then ``advance(to:)`` with the
/// frame's vsync, then reads ``state`` and takes the frame's ``SceneSignal``s. Probes measure what the state shows, so a scene
/// must only ever expose what would be on screen.
public protocol Scene {
    /// Takes one input sample (touch, pencil, pointer, scroll or key).
    mutating func handle(_ sample: InputSample)

    /// Moves animations to `time` (the frame's vsync, nanoseconds) and updates ``state``.
    mutating func advance(to time: Int64)

    /// What the frame shows and where the scene is heading.
    var state: SceneState { get }

    /// Moves the signals the scene emitted since it was last asked (during this frame's
    /// ``handle(_:)`` and ``advance(to:)`` calls) into `signals`, in the order they happened.
    /// The replayer asks once per frame, after ``advance(to:)``. None by default.
    mutating func takeSignals(into signals: inout [SceneSignal])

    /// The work the last frame stands for, in nanoseconds, charged to a virtual clock (a
    /// wall clock measures the real work instead). 0 by default.
    var virtualCost: Int64 { get }

    /// The animated values drawn as counters in a timeline (`--trace-events`); asked only
    /// when a timeline is recorded. By default the element's position.
    func animatedValues() -> [(name: String, value: Double)]

    /// The scene's recognizers and their states (`possible`, `began`, …), drawn as a track
    /// in a timeline; asked only when a timeline is recorded. Empty by default.
    func recognizerStates() -> [(name: String, state: String)]

    /// The inputs beyond interaction starts that the scene promises to answer with a visible
    /// change (a pinch's second finger, a tap's lift, a key): the response probe times them
    /// or counts them unanswered. None by default. It must not depend on the scene's
    /// tunables, so that a regressed variant is held to the same promise.
    var responsiveInputs: ResponsiveInputs { get }

    /// When the scene needs a frame although nothing animates and no input comes (a timer of
    /// its own: a pause detector's deadline while a finger rests without reporting), in
    /// nanoseconds; the replayer renders the first vsync at or after it. None by default.
    var wakeTime: Int64? { get }
}

extension Scene {
    public var virtualCost: Int64 { 0 }

    public mutating func takeSignals(into signals: inout [SceneSignal]) {}

    public func animatedValues() -> [(name: String, value: Double)] {
        [("x", state.x), ("y", state.y)]
    }

    public func recognizerStates() -> [(name: String, state: String)] { [] }

    public var responsiveInputs: ResponsiveInputs { [] }

    public var wakeTime: Int64? { nil }
}
