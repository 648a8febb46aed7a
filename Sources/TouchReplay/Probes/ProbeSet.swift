import TouchInput

/// Every probe of a run: turns delivered samples and rendered frames into the metrics of
/// docs/METRICS.md. Per-sample and per-frame work is O(1) and allocation-free once the
/// histograms have grown to the range of the values.
struct ProbeSet: Sendable {
    private let virtual: Bool
    private var eventLatency = MetricAccumulator.milliseconds()
    private var frameLatency = MetricAccumulator.milliseconds()
    private var deliveryError = MetricAccumulator.milliseconds()
    private var frameStartError = MetricAccumulator.milliseconds()
    private var cpu = MetricAccumulator(quantum: 10, unit: 1e-3)
    private var tracking = MetricAccumulator(quantum: 1e-6)
    private var tapDelay = MetricAccumulator.milliseconds()
    private var hitch: Int64 = 0
    private var displayTime: Int64 = 0
    private var dropped: Int64 = 0
    private(set) var redirections = RedirectionProbe()
    // The 1:1 tracking anchor: element and finger positions when tracking by `trackedID` began.
    private var trackedID: UInt32?
    private var elementX0 = 0.0, elementY0 = 0.0, fingerX0 = 0.0, fingerY0 = 0.0

    init(virtual: Bool) {
        self.virtual = virtual
    }

    /// A sample as it arrives, before the frame that consumes it is rendered; `downBefore`
    /// counts the contacts that were down before it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, previousIsAnimating: Bool, downBefore: Int) {
        redirections.observe(sample, previousIsAnimating: previousIsAnimating, downBefore: downBefore)
    }

    /// Wall-clock modes: a sample was delivered `lateness` real nanoseconds after its deadline.
    mutating func delivered(lateness: Int64) {
        deliveryError.add(Double(lateness))
    }

    /// A rendered frame with the samples it consumed and the state it shows.
    mutating func frame(_ frame: FrameContext) {
        let record = frame.record, state = frame.state
        var newest = Int64.min
        for sample in frame.batch {
            eventLatency.add(Double(record.presentation &- sample.time))
            if sample.time > newest { newest = sample.time }
        }
        if newest != .min { frameLatency.add(Double(record.presentation &- newest)) }
        if record.cpuMeasured { cpu.add(Double(record.cpu)) }
        if let error = record.startError { frameStartError.add(Double(error)) }
        hitch &+= record.hitch
        displayTime &+= record.displayTime
        dropped &+= record.lateFrames
        measureTracking(state, contacts: frame.contacts)
        for signal in frame.signals {
            if case .tapCommitted(let delay) = signal { tapDelay.add(Double(delay)) }
        }
        redirections.frame(frame)
    }

    private mutating func measureTracking(_ state: SceneState, contacts: ContactPositions) {
        guard let id = state.tracking, let finger = contacts.position(of: id) else {
            trackedID = nil
            return
        }
        if trackedID != id {
            trackedID = id
            elementX0 = state.x; elementY0 = state.y
            fingerX0 = finger.x; fingerY0 = finger.y
        }
        let ex = (state.x - elementX0) - (finger.x - fingerX0)
        let ey = (state.y - elementY0) - (finger.y - fingerY0)
        tracking.add((ex * ex + ey * ey).squareRoot())
    }

    /// The metrics and events of the run.
    func results() -> (metrics: [MetricName: MetricSummary], events: [ReplayEvent]) {
        let behaviour: MetricKind = virtual ? .deterministic : .timing
        var metrics: [MetricName: MetricSummary] = [:]
        metrics[.eventLatency] = eventLatency.summary(kind: behaviour)
        metrics[.frameLatency] = frameLatency.summary(kind: behaviour)
        metrics[.latencyJitter] = frameLatency.count > 0
            ? .single(frameLatency.standardDeviation, kind: behaviour) : MetricSummary(kind: behaviour)
        metrics[.frameIntervalJitter] = frameStartError.count > 0
            ? .single(frameStartError.standardDeviation, kind: .timing) : MetricSummary(kind: .timing)
        metrics[.deliveryError] = deliveryError.summary(kind: .timing)
        metrics[.cpuPerFrame] = cpu.summary(kind: .timing)
        metrics[.trackingError] = tracking.summary(kind: behaviour)
        metrics[.tapDelay] = tapDelay.summary(kind: behaviour)
        let seconds = Double(displayTime) / 1e9
        metrics[.hitchTimeRatio] = seconds > 0
            ? .single(Double(hitch) / 1e6 / seconds, kind: behaviour) : MetricSummary(kind: behaviour)
        metrics[.droppedFrames] = .single(Double(dropped), kind: behaviour)
        let events = redirections.finished()
        var response = MetricAccumulator.milliseconds()
        var detection = MetricAccumulator.milliseconds()
        var timer = MetricAccumulator.milliseconds()
        for event in events {
            // Millisecond values back to whole nanoseconds so that flooring stays exact.
            if let value = event.responseMs { response.add((value * 1e6).rounded()) }
            if let value = event.detectionMs { detection.add((value * 1e6).rounded()) }
            if let value = event.timerDetectionMs { timer.add((value * 1e6).rounded()) }
        }
        metrics[.redirectionResponse] = response.summary(kind: behaviour)
        metrics[.pauseDetection] = detection.summary(kind: behaviour)
        metrics[.pauseDetectionTimer] = timer.summary(kind: behaviour)
        return (metrics, events)
    }
}
