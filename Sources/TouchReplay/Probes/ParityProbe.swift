import TouchInput

/// Input parity (docs/METRICS.md "Input parity"): a trace that reaches one intended outcome
/// several times, once per input kind (a touch drag, a mouse drag, a trackpad scroll, wheel
/// notches), marks the start of each attempt with a `parity` marker. For each attempt the
/// probe takes the element's displacement, from the frame before the marker to the last frame
/// before the next marker (or the run's end), and its response: from the attempt's first input
/// (a touch-down, a button press, a scroll step; hovering is not one) to the presentation of
/// the first frame that shows the element moved. The run-level results are the largest
/// difference between two attempts: of displacement (`parity_spread_pt`) and of response
/// (`parity_response_spread_ms`, an attempt nothing answered counting as ``unanswered``).
struct ParityProbe: Sendable {
    /// The marker's label (TraceSynthesis' `GroundTruthMarker.parity`).
    static let label = "parity"
    /// The response an attempt that nothing answered counts as (the response probe's horizon).
    static let unanswered: Int64 = 1_000_000_000
    /// Attempts compared: the spread compares every pair, so a run keeps its first 1 024
    /// (a parity check is a handful of attempts; a hostile trace of a million markers must
    /// not cost a million squared).
    static let maximumAttempts = 1024

    private struct Attempt: Sendable {
        var startX: Double, startY: Double
        var endX: Double, endY: Double
        var firstInput: Int64?
        var baseX = 0.0, baseY = 0.0
        var response: Int64?
    }

    private var attempts: [Attempt] = []
    private var open: Attempt?
    /// The latest input that could start an attempt, and what was shown then: a marker at its
    /// time starts with it, whichever came first (decisions are by time, not arrival order).
    private var lastStart: (time: Int64, x: Double, y: Double)?
    private var shown: (x: Double, y: Double)

    init(initial state: SceneState) {
        shown = (state.x, state.y)
    }

    /// Whether the run had attempts to compare.
    var isMeasured: Bool { attempts.count >= 2 }

    @inline(__always)
    mutating func observe(_ sample: InputSample) {
        if sample.kind == .marker {
            guard sample.label == Self.label else { return }
            // An input at the marker's own time belongs to the attempt the marker starts.
            if let start = lastStart, start.time == sample.time, open?.firstInput == start.time {
                open?.firstInput = nil
                open?.response = nil
            }
            close()
            var attempt = Attempt(startX: shown.x, startY: shown.y, endX: shown.x, endY: shown.y)
            if let start = lastStart, start.time == sample.time {
                (attempt.firstInput, attempt.baseX, attempt.baseY) = (start.time, start.x, start.y)
                (attempt.startX, attempt.startY) = (start.x, start.y)
            }
            open = attempt
            return
        }
        let starts = sample.kind == .scroll || (sample.kind.isContact && sample.phase == .began)
        guard starts else { return }
        lastStart = (sample.time, shown.x, shown.y)
        guard var attempt = open, attempt.firstInput == nil else { return }
        attempt.firstInput = sample.time
        attempt.baseX = shown.x
        attempt.baseY = shown.y
        open = attempt
    }

    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        let state = frame.state
        shown = (state.x, state.y)
        guard var attempt = open else { return }
        attempt.endX = state.x
        attempt.endY = state.y
        if let first = attempt.firstInput, attempt.response == nil, frame.record.vsync >= first,
           abs(state.x - attempt.baseX) + abs(state.y - attempt.baseY) > ResponseProbe.visibleChange {
            attempt.response = frame.record.presentation &- first
        }
        open = attempt
    }

    mutating func finish() { close() }

    private mutating func close() {
        if let attempt = open, attempts.count < Self.maximumAttempts { attempts.append(attempt) }
        open = nil
    }

    /// The largest distance between two attempts' displacements, points.
    var spread: Double {
        var largest = 0.0
        for (i, a) in attempts.enumerated() {
            for b in attempts[(i + 1)...] {
                let dx = (a.endX - a.startX) - (b.endX - b.startX), dy = (a.endY - a.startY) - (b.endY - b.startY)
                largest = max(largest, (dx * dx + dy * dy).squareRoot())
            }
        }
        return largest
    }

    /// The largest difference between two attempts' responses, nanoseconds.
    var responseSpread: Int64 {
        let responses = attempts.map { $0.firstInput == nil ? Self.unanswered : ($0.response ?? Self.unanswered) }
        guard let low = responses.min(), let high = responses.max() else { return 0 }
        return high - low
    }
}
