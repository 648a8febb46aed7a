import TouchGestures

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
}
