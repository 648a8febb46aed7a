import TouchInput

/// Time to first item highlight (docs/METRICS.md "Menu"): for each `highlight` marker — the
/// instant a synthesized finger first enters one of a menu's items — the time from the marker
/// to the presentation of the first frame, at or after it, that shows an item highlighted
/// (a ``Destination/menuItem(_:)`` destination). A marker whose gesture ends first (the next
/// touch-down after it) or whose run ends is not timed; `intent_accuracy` counts that gesture.
struct HighlightProbe: Sendable {
    /// The marker's label (TraceSynthesis' `GroundTruthMarker.highlight`).
    static let label = "highlight"

    private(set) var latency = MetricAccumulator.milliseconds()
    /// How many markers the run had: without any, the metric is not reported.
    private(set) var markers = 0
    private var pending: Int64?

    @inline(__always)
    mutating func observe(_ sample: InputSample) {
        if sample.kind == .marker {
            guard sample.label == Self.label else { return }
            pending = sample.time
            markers += 1
        } else if let marker = pending, sample.kind.isContact, sample.phase == .began, sample.time > marker {
            pending = nil
        }
    }

    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        guard let marker = pending, frame.record.vsync >= marker else { return }
        if case .menuItem = frame.state.destination {
            latency.add(Double(frame.record.presentation &- marker))
            pending = nil
        }
    }
}
