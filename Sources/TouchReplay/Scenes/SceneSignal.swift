import TouchGestures
import TouchInput

/// Something a scene decided during a frame that the screen alone does not show, reported
/// as a typed value so that probes can time it (scenes carry no fields for probes).
public enum SceneSignal: Sendable, Hashable {
    /// A tap was committed `delay` nanoseconds after it was recognized: a single tap waits
    /// for the double tap to fail; a double tap is committed at once (0).
    case tapCommitted(delay: Int64)
    /// A pause detector reported the current contact's first pause at the sample time
    /// `time` (nanoseconds).
    case pauseDetected(time: Int64, detector: PauseDetectorKind)
    /// Content coasting with momentum reached an edge at `time` (nanoseconds, the instant of
    /// contact, between two frames) and handed over to its bounce: the hand-off probe
    /// measures the velocity jump there (docs/METRICS.md "Hand-offs").
    case edgeBounce(time: Int64)
    /// A pointer target captured the pointer because of the sample at `time` (nanoseconds):
    /// the pointer probe times its settling and the jump it shows (docs/METRICS.md "Pointer").
    case pointerCaptured(time: Int64)
    /// From this frame on, the ink shows the point drawn by the sample of `contact` (of
    /// `kind`) at `time` (nanoseconds): the canvas probe times the ink per input role and
    /// counts strokes a finger drew (docs/METRICS.md "Canvas").
    case inkDrawn(time: Int64, contact: UInt32, kind: SampleKind)
    /// From this frame on, the canvas's shown offset or zoom reflects the sample of `kind` at
    /// `time` (nanoseconds), which moved it.
    case canvasMoved(time: Int64, kind: SampleKind)
    /// From this frame on, the canvas's scrubber shows the sample of `contact` (of `kind`) at
    /// `time` (nanoseconds): the landing that grabbed its thumb, or a move that slid it. The
    /// canvas probe times it per input role (docs/METRICS.md "Canvas").
    case scrubbed(time: Int64, contact: UInt32, kind: SampleKind)
    /// From this frame on, a force-press control's shown scale reflects the force of the
    /// sample at `time` (nanoseconds): the press probe times the feedback (docs/METRICS.md
    /// "Press").
    case forceShown(time: Int64)
}
