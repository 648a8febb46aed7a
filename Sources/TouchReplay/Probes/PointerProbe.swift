import TouchInput

/// Pointer guidance (docs/METRICS.md "Pointer"): what a capture of the pointer by a target
/// looks like. For each ``SceneSignal/pointerCaptured(time:)``: how long until the drawn
/// pointer has settled on its place (`pointer_acquisition_ms`) and the most it moved further
/// than the hand in one frame meanwhile (`pointer_capture_jump_pt`, 0 for a pointer that only
/// lags); over the
/// run, captures that began within ``flickerWindow`` of the previous one ending, the pointer
/// free in between (`pointer_flickers`: its shape flickering back to a circle).
struct PointerProbe: Sendable {
    /// How close a free spell between two captures must be to count as a flicker: about
    /// nine frames at 60 Hz, too short to read as the pointer being let go.
    static let flickerWindow: Int64 = 150_000_000
    /// How near its place the pointer must be to count as settled, points.
    static let settledDistance = 0.5

    private struct Capture: Sendable {
        var time: Int64
        var destination: Destination
        var jump = 0.0
    }

    private(set) var acquisition = MetricAccumulator.milliseconds()
    private(set) var captureJump = MetricAccumulator(quantum: 1e-6)
    private(set) var flickers = 0
    /// Whether the scene has shown a pointer destination or captured the pointer: only then
    /// are the pointer metrics reported.
    private(set) var isMeasured = false
    private var capture: Capture?
    private var hand: (x: Double, y: Double)?
    private var previous: (x: Double, y: Double, handX: Double, handY: Double)?
    private var captured = false
    /// The presentation of the first free frame after a capture.
    private var releasedAt: Int64?

    /// Takes a rendered frame; `batch` summarises its samples.
    mutating func frame(_ frame: FrameContext, batch: BatchSummary) {
        if batch.contains(.pointer) || batch.contains(.pencil) {
            for sample in frame.batch where sample.kind == .pointer || sample.kind == .pencil {
                hand = (sample.x, sample.y)
            }
        }
        let state = frame.state, presentation = frame.record.presentation
        if state.destination.family == .pointer { isMeasured = true }
        for signal in frame.signals {
            guard case .pointerCaptured(let time) = signal else { continue }
            isMeasured = true
            finishCapture()
            // A capture let go within the same frame shows nothing to time.
            if case .target = state.destination { capture = Capture(time: time, destination: state.destination) }
        }
        var isTarget = false
        if case .target = state.destination { isTarget = true }
        if isTarget {
            if !captured, let releasedAt, presentation - releasedAt <= Self.flickerWindow { flickers += 1 }
            releasedAt = nil
        } else if captured {
            releasedAt = presentation
        }
        captured = isTarget
        if var current = capture {
            if current.destination != state.destination {
                finishCapture()
            } else {
                if let previous, let hand {
                    let moved = ((state.x - previous.x) * (state.x - previous.x) + (state.y - previous.y) * (state.y - previous.y)).squareRoot()
                    let handMoved = ((hand.x - previous.handX) * (hand.x - previous.handX) + (hand.y - previous.handY) * (hand.y - previous.handY)).squareRoot()
                    // Lagging the hand is not a jump; moving further than it in one frame is.
                    current.jump = max(current.jump, moved - handMoved)
                }
                let offX = state.x - state.targetX, offY = state.y - state.targetY
                if (offX * offX + offY * offY).squareRoot() <= Self.settledDistance {
                    acquisition.add(Double(presentation &- current.time))
                    captureJump.add(current.jump)
                    capture = nil
                } else {
                    capture = current
                }
            }
        }
        if let hand { previous = (state.x, state.y, hand.x, hand.y) }
    }

    /// A capture that ends before it settles: its jump counts, it has no acquisition time.
    private mutating func finishCapture() {
        if let capture { captureJump.add(capture.jump) }
        capture = nil
    }

    /// The end of the run.
    mutating func finish() {
        finishCapture()
    }
}
