import TouchGestures
import TouchInput

/// A recognizer that tracks its contacts with a ``PanRecognizer``: the pan itself, or an
/// edge pan. Lets ``ScenePan`` drive either with the same code.
protocol PanSource: GestureRecognizer {
    /// Lends the pan doing the tracking to `body`, without copying it out (a copy of the pan,
    /// its fingers and its tracker, per sample was a tenth of a scene's work).
    func withPan<Result>(_ body: (PanRecognizer) -> Result) -> Result
    /// Takes a sample as ``GestureRecognizer/handle(_:events:)`` does, without building events.
    mutating func follow(_ sample: InputSample)
}

extension PanRecognizer: PanSource {
    @inline(__always)
    func withPan<Result>(_ body: (PanRecognizer) -> Result) -> Result { body(self) }
}

extension EdgePanRecognizer: PanSource {
    @inline(__always)
    func withPan<Result>(_ body: (PanRecognizer) -> Result) -> Result { body(pan) }
}
