import TouchGestures

/// A recognizer that tracks its contacts with a ``PanRecognizer``: the pan itself, or an
/// edge pan. Lets ``ScenePan`` drive either with the same code.
protocol PanSource: GestureRecognizer {
    /// The pan doing the tracking.
    var panRecognizer: PanRecognizer { get }
}

extension PanRecognizer: PanSource {
    var panRecognizer: PanRecognizer { self }
}

extension EdgePanRecognizer: PanSource {
    var panRecognizer: PanRecognizer { pan }
}
