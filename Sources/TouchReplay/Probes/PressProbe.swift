import TouchInput

/// A force-press switch (docs/METRICS.md "Press"): how fast its look follows the pressure and
/// whether it flickers.
///
/// - `press_feedback_ms`: for each ``SceneSignal/forceShown(time:)`` — a sample whose force
///   the shown scale now reflects — the presentation of the frame that shows it − the
///   sample's time;
/// - `press_flickers`: switch flips (the destination turning on or off) beyond the first
///   within one press, from a first finger landing to the next: a force wavering about the
///   threshold flips it back and forth.
///
/// Reported only for runs whose scene showed a switch.
struct PressProbe: Sendable {
    private(set) var feedback = MetricAccumulator.milliseconds()
    private(set) var flickers = 0
    private(set) var isMeasured = false
    private var shown: Destination?
    /// The contacts on the glass and the flips since the first of them landed.
    private var down: [ContactKey] = []
    private var flips = 0

    /// Takes a rendered frame; `batch` summarises its samples.
    mutating func frame(_ frame: FrameContext, batch: BatchSummary) {
        let presentation = frame.record.presentation, destination = frame.state.destination
        for signal in frame.signals {
            if case .forceShown(let time) = signal { feedback.add(Double(presentation &- time)) }
        }
        // Only landings and lifts change the contacts down.
        if batch.hasTouchDownOrLift { track(frame.batch) }
        guard destination.family == .press else { return }
        isMeasured = true
        if let shown, shown != destination {
            flips += 1
            if flips > 1 { flickers += 1 }
        }
        shown = destination
    }

    /// Follows the contacts landing and lifting in a frame's samples.
    private mutating func track(_ samples: [InputSample]) {
        for sample in samples where sample.kind.isContact {
            if sample.phase == .began {
                if down.isEmpty { flips = 0 }
                if !down.contains(sample.contact) { down.append(sample.contact) }
            } else if sample.phase.isTerminal {
                down.removeAll { $0 == sample.contact }
            }
        }
    }
}
