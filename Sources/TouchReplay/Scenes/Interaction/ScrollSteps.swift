import TouchInput

/// A scroll by steps (a wheel's notches, a trackpad's two-finger pan) under way in a scene:
/// the one rule of when such a scroll starts and ends, shared by the scenes that scroll.
///
/// A scroll that starts with a `began` step ends with its `ended` (or `cancelled`) step,
/// however long the fingers rest on the trackpad. Real wheels and pointer events send only
/// `moved` steps: a scroll that starts without `began` ends ``idle`` after its last step.
/// That deadline is deterministic, and while a scroll waits for it the scene keeps rendering
/// (``awaitsDeadline``), so the spring back from past an edge starts at the deadline and is
/// shown, not found at rest by the next unrelated input.
struct ScrollSteps: Sendable {
    /// How long a scroll without phases lasts after its last step, nanoseconds.
    static let idle: Int64 = 100_000_000

    private(set) var isActive = false
    private var endsWhenIdle = false
    private var lastStep: Int64 = 0

    /// Whether a scene takes the scroll step `sample` at all. Not while a contact holds the
    /// content (`held`): the finger has it. Taken, a step moved the content from where the
    /// scroll caught it and the finger from its own hold, so the two fought (jumps of 160 pt a
    /// frame), and a wheel's deadline sprang the content back from under the finger. Nor a
    /// stray end: a terminal step with no delta while no scroll is under way (a trackpad's
    /// `ended` after a finger took over), which started a scroll and stopped coasting content dead.
    func takes(_ sample: InputSample, whileHeld held: Bool) -> Bool {
        guard !held else { return false }
        let delta = sample.scrollDelta ?? (0, 0)
        return isActive || !sample.phase.isTerminal || delta.dx != 0 || delta.dy != 0
    }

    /// Takes a step of `phase` at `time`; returns whether it starts a new scroll.
    mutating func step(_ phase: SamplePhase, at time: Int64) -> Bool {
        let starts = !isActive || phase == .began
        if starts {
            isActive = true
            endsWhenIdle = phase != .began
        }
        lastStep = time
        if phase.isTerminal { isActive = false }
        return starts
    }

    /// The instant the scroll under way ends by idling, if it is one that does.
    var idleDeadline: Int64? { isActive && endsWhenIdle ? lastStep + Self.idle : nil }

    /// Whether the scene must keep rendering until ``idleDeadline``.
    var awaitsDeadline: Bool { idleDeadline != nil }

    /// The deadline, if it has passed by `time`: the scroll ends then (call ``end()``).
    func deadline(passedBy time: Int64) -> Int64? {
        idleDeadline.flatMap { time >= $0 ? $0 : nil }
    }

    /// Ends the scroll under way (a finger landed, or its deadline passed).
    mutating func end() {
        isActive = false
    }
}
