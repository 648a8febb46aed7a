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
    /// A frame's finger landings, ink and lifts in time order (kept to reuse its storage).
    private var strokeSteps: [StrokeStep] = []

    /// A finger landing, drawing or lifting: at one time, a landing comes first and a lift
    /// last, so that ink drawn at a landing or a lift belongs to that stroke.
    private struct StrokeStep: Comparable {
        enum Kind: Int { case landing, ink, lift }
        var time: Int64
        var kind: Kind
        var id: UInt32
        static func < (a: StrokeStep, b: StrokeStep) -> Bool { (a.time, a.kind.rawValue) < (b.time, b.kind.rawValue) }
    }

    mutating func frame(_ frame: FrameContext) {
        let presentation = frame.record.presentation
        var fingerInk = false
        for signal in frame.signals {
            switch signal {
            case .inkDrawn(let time, _, let kind):
                isMeasured = true
                if kind == .pencil { ink.add(Double(presentation &- time)) } else { fingerInk = true }
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
        if fingerInk {
            countStrokes(frame)
        } else if !inking.isEmpty {
            for sample in frame.batch where sample.kind == .touch && sample.phase.isTerminal {
                inking.removeAll { $0 == sample.id }
            }
        }
    }

    /// Counts the strokes a finger drew this frame, taking its landings, ink and lifts in
    /// time order: a finger that lifts and another that lands with its id within one frame
    /// are two strokes (counting the ink first and the lifts after took the second for the
    /// first, and then forgot it).
    private mutating func countStrokes(_ frame: FrameContext) {
        strokeSteps.removeAll(keepingCapacity: true)
        for sample in frame.batch where sample.kind == .touch && (sample.phase == .began || sample.phase.isTerminal) {
            strokeSteps.append(StrokeStep(time: sample.time, kind: sample.phase == .began ? .landing : .lift, id: sample.id))
        }
        for signal in frame.signals {
            if case .inkDrawn(let time, let contact, let kind) = signal, kind != .pencil {
                strokeSteps.append(StrokeStep(time: time, kind: .ink, id: contact))
            }
        }
        strokeSteps.sort()
        for step in strokeSteps {
            switch step.kind {
            case .landing, .lift:
                inking.removeAll { $0 == step.id }
            case .ink:
                if !inking.contains(step.id) {
                    inking.append(step.id)
                    fingerStrokes += 1
                }
            }
        }
    }
}
