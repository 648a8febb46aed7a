import RunRecord
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
    private var tapDelay = MetricAccumulator.milliseconds()
    private var hitch: Int64 = 0
    private var displayTime: Int64 = 0
    private var dropped: Int64 = 0
    private(set) var redirections = RedirectionProbe()
    private var response: ResponseProbe
    private var gap = GapProbe()
    private var release = ReleaseProbe()
    private var handOff = HandOffProbe()
    private var intent: IntentProbe
    private var stuck = StuckProbe()
    private var pointer = PointerProbe()
    private var highlight = HighlightProbe()
    private var swallow: SwallowProbe
    private var parity: ParityProbe
    private var canvas = CanvasProbe()
    private var press = PressProbe()
    /// Probes for a run on a virtual or wall clock of a scene that starts showing `initial`
    /// and promises to answer `responsive`.
    init(virtual: Bool, initial: SceneState, responsive: ResponsiveInputs) {
        self.virtual = virtual
        response = ResponseProbe(initial: initial, responsive: responsive)
        intent = IntentProbe(initial: initial)
        swallow = SwallowProbe(initial: initial, responsive: responsive)
        parity = ParityProbe(initial: initial)
    }

    /// A sample as it arrives, before the frame that consumes it is rendered; `downBefore`
    /// and `downAfter` count the contacts down before and after it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, previousIsAnimating: Bool, downBefore: Int, downAfter: Int) {
        redirections.observe(sample, previousIsAnimating: previousIsAnimating, downBefore: downBefore)
        response.observe(sample, downBefore: downBefore)
        gap.observe(sample)
        release.observe(sample, downAfter: downAfter)
        handOff.observe(sample, downBefore: downBefore)
        intent.observe(sample, downAfter: downAfter)
        highlight.observe(sample)
        swallow.observe(sample)
        parity.observe(sample)
    }

    /// Wall-clock modes: a sample was delivered `lateness` real nanoseconds after its deadline.
    mutating func delivered(lateness: Int64) {
        deliveryError.add(Double(lateness))
    }

    /// A rendered frame with the samples it consumed and the state it shows.
    mutating func frame(_ frame: FrameContext) {
        let record = frame.record
        var newest = Int64.min
        var summary = BatchSummary()
        for sample in frame.batch {
            eventLatency.add(Double(record.presentation &- sample.time))
            if sample.time > newest { newest = sample.time }
            summary.add(sample)
        }
        if newest != .min { frameLatency.add(Double(record.presentation &- newest)) }
        if record.cpuMeasured { cpu.add(Double(record.cpu)) }
        if let error = record.startError { frameStartError.add(Double(error)) }
        hitch &+= record.hitch
        displayTime &+= record.displayTime
        dropped &+= record.lateFrames
        response.frame(frame)
        gap.frame(frame)
        release.frame(frame)
        handOff.frame(frame, batch: summary)
        intent.frame(frame)
        stuck.frame(frame)
        pointer.frame(frame, batch: summary)
        highlight.frame(frame)
        swallow.frame(frame)
        parity.frame(frame)
        canvas.frame(frame)
        press.frame(frame, batch: summary)
        for signal in frame.signals {
            if case .tapCommitted(let delay) = signal { tapDelay.add(Double(delay)) }
        }
        redirections.frame(frame)
    }

    /// Measures what waits for the rest of the trace (the finger after the last frames).
    mutating func finish() {
        gap.finish()
        handOff.finish()
        intent.finish()
        pointer.finish()
        swallow.finish()
        parity.finish()
    }

    /// The metrics and events of the run.
    func results() -> (metrics: [MetricName: MetricSummary], events: [RunEvent]) {
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
        metrics[.trackingError] = gap.tracking.summary(kind: behaviour)
        metrics[.presentedGap] = gap.gap.summary(kind: behaviour)
        metrics[.presentedLag] = gap.lag.summary(kind: behaviour)
        metrics[.response] = response.response.summary(kind: behaviour)
        metrics[.responseRecognition] = response.recognition.summary(kind: behaviour)
        metrics[.responsePipeline] = response.pipeline.summary(kind: behaviour)
        metrics[.feedback] = response.feedback.summary(kind: behaviour)
        metrics[.deadTravel] = response.deadTravel.summary(kind: behaviour)
        metrics[.projectionError] = release.projectionError.summary(kind: behaviour)
        metrics[.throwDistance] = release.throwDistance.summary(kind: behaviour)
        metrics[.settle] = release.settle.summary(kind: behaviour)
        metrics[.overshoot] = release.overshoot.summary(kind: behaviour)
        metrics[.oscillations] = release.oscillations.summary(kind: behaviour)
        metrics[.velocityJump] = release.velocityJump.summary(kind: behaviour)
        metrics[.catchVelocityJump] = handOff.catchJump.summary(kind: behaviour)
        metrics[.retargetVelocityJump] = handOff.retargetJump.summary(kind: behaviour)
        metrics[.bounceVelocityJump] = handOff.bounceJump.summary(kind: behaviour)
        metrics[.intent] = intent.latency.summary(kind: behaviour)
        metrics[.intentAccuracy] = intent.accuracy.summary(kind: behaviour)
        metrics[.unansweredInputs] = .single(Double(response.finishedUnanswered()), kind: behaviour)
        if stuck.isMeasured { metrics[.stuckAnimations] = .single(Double(stuck.count), kind: behaviour) }
        if pointer.isMeasured {
            metrics[.pointerAcquisition] = pointer.acquisition.summary(kind: behaviour)
            metrics[.pointerCaptureJump] = pointer.captureJump.summary(kind: behaviour)
            metrics[.pointerFlickers] = .single(Double(pointer.flickers), kind: behaviour)
        }
        // Reported only where they apply, so other runs' records stay as they were.
        if highlight.markers > 0 { metrics[.highlight] = highlight.latency.summary(kind: behaviour) }
        if swallow.isMeasured { metrics[.swallowedInputs] = .single(Double(swallow.count), kind: behaviour) }
        if intent.accuracy.count > 0 { metrics[.arrival] = intent.arrival.summary(kind: behaviour) }
        if parity.isMeasured {
            metrics[.paritySpread] = .single(parity.spread, kind: behaviour)
            metrics[.parityResponseSpread] = .single(Double(parity.responseSpread) / 1e6, kind: behaviour)
        }
        if canvas.isMeasured {
            metrics[.inkLatency] = canvas.ink.summary(kind: behaviour)
            metrics[.canvasLatency] = canvas.canvas.summary(kind: behaviour)
            metrics[.scrubLatency] = canvas.scrub.summary(kind: behaviour)
            metrics[.fingerInkStrokes] = .single(Double(canvas.fingerStrokes), kind: behaviour)
            metrics[.pencilCanvasMoves] = .single(Double(canvas.pencilMoves), kind: behaviour)
        }
        if press.isMeasured {
            metrics[.pressFeedback] = press.feedback.summary(kind: behaviour)
            metrics[.pressFlickers] = .single(Double(press.flickers), kind: behaviour)
        }
        metrics[.tapDelay] = tapDelay.summary(kind: behaviour)
        let seconds = Double(displayTime) / 1e9
        metrics[.hitchTimeRatio] = seconds > 0
            ? .single(Double(hitch) / 1e6 / seconds, kind: behaviour) : MetricSummary(kind: behaviour)
        metrics[.droppedFrames] = .single(Double(dropped), kind: behaviour)
        let events = redirections.finished()
        var reversal = MetricAccumulator.milliseconds()
        var caught = MetricAccumulator.milliseconds()
        var paused = MetricAccumulator.milliseconds()
        var detection = MetricAccumulator.milliseconds()
        var timer = MetricAccumulator.milliseconds()
        for event in events {
            // Millisecond values back to whole nanoseconds so that flooring stays exact.
            if let value = event.responseMs {
                let nanoseconds = (value * 1e6).rounded()
                if event.cause == .reversal {
                    reversal.add(nanoseconds)
                } else if event.cause == .catch {
                    caught.add(nanoseconds)
                } else if event.cause == .pause {
                    paused.add(nanoseconds)
                }
            }
            if let value = event.detectionMs { detection.add((value * 1e6).rounded()) }
            if let value = event.timerDetectionMs { timer.add((value * 1e6).rounded()) }
        }
        metrics[.reversalResponse] = reversal.summary(kind: behaviour)
        metrics[.catchResponse] = caught.summary(kind: behaviour)
        metrics[.pauseResponse] = paused.summary(kind: behaviour)
        metrics[.pauseDetection] = detection.summary(kind: behaviour)
        metrics[.pauseDetectionTimer] = timer.summary(kind: behaviour)
        return (metrics, events)
    }
}
