import TouchInput

/// Swallowed inputs (docs/METRICS.md "Swallowed inputs"), for scenes that promise every input
/// a visible change (``ResponsiveInputs/everyInput``: a menu): each touch-down and each scroll
/// start after which no frame within ``window`` shows the element moved (by a visible change)
/// or the destination changed. An animation already running is no answer: the scale of a menu
/// that keeps opening is not watched.
struct SwallowProbe: Sendable {
    /// How long an input may wait for its change: six frames at 120 Hz.
    static let window: Int64 = 50_000_000
    /// A scroll step this long after the last one starts a new scroll (as the scenes end one).
    static let scrollIdle = ScrollSteps.idle

    private struct Pending: Sendable {
        var deadline: Int64
        var x: Double, y: Double
        var destination: Destination
    }

    let isMeasured: Bool
    private(set) var count = 0
    private var pending: [Pending] = []
    private var shown: (x: Double, y: Double, destination: Destination)
    private var lastScroll: Int64?

    init(initial state: SceneState, responsive: ResponsiveInputs) {
        isMeasured = responsive.contains(.everyInput)
        shown = (state.x, state.y, state.destination)
    }

    @inline(__always)
    mutating func observe(_ sample: InputSample) {
        guard isMeasured else { return }
        var starts = false
        if sample.kind.isContact {
            starts = sample.phase == .began
        } else if sample.kind == .scroll {
            starts = sample.phase == .began || lastScroll.map { sample.time - $0 >= Self.scrollIdle } ?? true
            lastScroll = sample.phase.isTerminal ? nil : sample.time
        }
        guard starts else { return }
        pending.append(Pending(deadline: sample.time &+ Self.window, x: shown.x, y: shown.y, destination: shown.destination))
    }

    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        guard isMeasured else { return }
        let state = frame.state, vsync = frame.record.vsync
        var index = 0
        while index < pending.count {
            let entry = pending[index]
            if vsync > entry.deadline {
                count += 1
                pending.remove(at: index)
            } else if abs(state.x - entry.x) >= ResponseProbe.visibleChange || abs(state.y - entry.y) >= ResponseProbe.visibleChange
                        || state.destination != entry.destination {
                pending.remove(at: index)
            } else {
                index += 1
            }
        }
        shown = (state.x, state.y, state.destination)
    }

    /// Inputs still waiting when the run ends changed nothing.
    mutating func finish() {
        count += pending.count
        pending.removeAll()
    }
}
