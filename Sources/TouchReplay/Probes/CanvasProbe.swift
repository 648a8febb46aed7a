import TouchInput

/// Latency per input role on a canvas (docs/METRICS.md "Canvas"), from the scene's
/// ``SceneSignal/inkDrawn(time:contact:kind:)`` and ``SceneSignal/canvasMoved(time:kind:)``:
///
/// - `ink_latency_ms`: each pencil sample → the presentation of the first frame whose ink
///   shows its point;
/// - `canvas_latency_ms`: each finger sample that moved the canvas → the presentation of the
///   first frame showing the canvas moved by it;
/// - `scrub_latency_ms`: each finger sample that grabbed or slid the scrubber's thumb → the
///   presentation of the first frame showing it;
/// - `finger_ink_strokes`: finger contacts that drew ink (the finger never draws: 0);
/// - `pencil_canvas_moves`: pencil samples that moved the canvas or its scrubber (the pencil
///   only draws: 0).
///
/// Reported only for runs whose scene drew or moved a canvas.
struct CanvasProbe: Sendable {
    private(set) var ink = MetricAccumulator.milliseconds()
    private(set) var canvas = MetricAccumulator.milliseconds()
    private(set) var scrub = MetricAccumulator.milliseconds()
    private(set) var fingerStrokes = 0
    private(set) var pencilMoves = 0
    private(set) var isMeasured = false
    /// The finger contacts down that have drawn: each counts once until it lifts.
    private var inking: [UInt32] = []

    mutating func frame(_ frame: FrameContext) {
        let presentation = frame.record.presentation
        for signal in frame.signals {
            switch signal {
            case .inkDrawn(let time, let contact, let kind):
                isMeasured = true
                if kind == .pencil {
                    ink.add(Double(presentation &- time))
                } else if !inking.contains(contact) {
                    inking.append(contact)
                    fingerStrokes += 1
                }
            case .canvasMoved(let time, let kind):
                isMeasured = true
                if kind == .pencil {
                    pencilMoves += 1
                } else {
                    canvas.add(Double(presentation &- time))
                }
            case .scrubbed(let time, _, let kind):
                isMeasured = true
                if kind == .pencil {
                    pencilMoves += 1
                } else {
                    scrub.add(Double(presentation &- time))
                }
            default:
                continue
            }
        }
        guard !inking.isEmpty else { return }
        for sample in frame.batch where sample.kind == .touch && sample.phase.isTerminal {
            inking.removeAll { $0 == sample.id }
        }
    }
}
