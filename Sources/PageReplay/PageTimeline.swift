import TouchBenchSupport
import TouchInput
import TouchReplay

/// Puts what the page did on the run's timeline and feeds it to the probes: samples in
/// time order as they reached the page, each frame with the samples it consumed and what
/// it showed, exactly as the replay engine feeds them for a reference scene.
///
/// Times: the page counts milliseconds from its time origin (`NavigationStart` on the
/// browser's clock); the run counts nanoseconds on the trace's timeline from its first sample. A sample's
/// deadline, its command's timestamp and its event's `timeStamp` are the same instant, so a
/// frame consumed every sample no later than the newest event it had handled.
///
/// Presentation: headless Chromium has no glass, so a frame's presentation P is modelled
/// on what was measured: the first vsync (on the frames' own grid) by which its main-thread
/// work had ended, plus the presentation delay. A frame that began later than one period
/// after the frame before (the main thread was busy) counts the vsyncs it missed as late.
struct PageTimeline {
    private let samples: [InputSample]
    private let times: [Int64]
    private let dispatched: [Bool]
    private let outcome: [Int64?]
    private let observation: PageObservation
    /// Page milliseconds to run nanoseconds: run = (page − pageAtStart) · 10⁶ + firstTime.
    private let pageAtStart: Double
    private let firstTime: Int64
    private let scaleX: Double, scaleY: Double
    private let delay: Int64
    private let period: Double
    /// On the page clock: no dispatch lateness (nothing waits for a deadline) and no input
    /// delay (input waits for the frame by construction).
    private let pageClock: Bool

    /// `pageAtStart`: the page time (ms) of the run's first sample.
    init(samples: [InputSample], schedule: DispatchSchedule, outcome: DispatchOutcome, observation: PageObservation,
         pageAtStart: Double, scale: (Double, Double), presentationDelay: Int, pageClock: Bool = false) {
        self.samples = samples
        firstTime = samples.first?.time ?? 0
        times = schedule.offsets.map { $0 &+ (samples.first?.time ?? 0) }
        dispatched = outcome.lateness.map { $0 != nil }
        self.outcome = outcome.lateness
        self.observation = observation
        self.pageAtStart = pageAtStart
        (scaleX, scaleY) = scale
        delay = Int64(presentationDelay)
        period = observation.period
        self.pageClock = pageClock
    }

    private func runTime(_ page: Double) -> Int64 {
        Int64(((page - pageAtStart) * 1e6).rounded()) &+ firstTime
    }

    /// What frame `frame` showed, in trace points, with the contact it tracks; where it gave
    /// no position (the selector matched nothing, the hook reported none), the one `before` it.
    private func state(of frame: PageObservation.Frame, trackedContact: ContactKey?, before: SceneState? = nil) -> SceneState {
        var state = SceneState()
        state.reportsTarget = false
        state.x = frame.x.isFinite ? frame.x / scaleX : before?.x ?? 0
        state.y = frame.y.isFinite ? frame.y / scaleY : before?.y ?? 0
        if frame.hooked {
            state.destination = Self.destination(frame.destination)
            state.isAnimating = frame.state == "animating"
            state.tracking = frame.state == "tracking" ? trackedContact : nil
        } else {
            state.tracking = trackedContact
        }
        return state
    }

    /// The metrics that need the element's position (docs/PAGES.md): empty in a run where no
    /// frame gave one, not measured against a made-up origin.
    static let positionMetrics: [MetricName] = [
        .response, .feedback, .deadTravel, .trackingError, .presentedGap, .presentedLag, .reversalResponse,
        .catchResponse, .catchVelocityJump, .settle, .throwDistance, .projectionError, .velocityJump,
        .retargetVelocityJump, .bounceVelocityJump, .overshoot, .oscillations,
    ]

    /// The hook's `destination` as a typed one, by the names traces and reports use
    /// (`corner0`…`corner3`, `home`, `app`, `appSwitcher`, `open`, `closed`, `tap`, …);
    /// an unknown name is none.
    static func destination(_ name: String) -> Destination {
        Destination(name: name) ?? .none
    }

    /// Feeds the probes and returns the record, with the page's own metrics added.
    mutating func record(trace: String, scene: String, settings: ReplaySettings) -> RunRecord {
        let frames = observation.frames
        let startPage = pageAtStart
        // The state shown when the first sample was sent: the last frame begun before it.
        let before = frames.lastIndex { $0.begin < startPage } ?? -1
        // Where the element first shows, when the frame before the run shows none (an element
        // that appears later): the probes start from there, not from the page's origin (a late
        // selector element read a dead travel of -763.9 pt).
        var positionSeen = before >= 0 && frames[before].showsPosition
        let initial = positionSeen ? before : frames.indices.first { $0 >= max(before, 0) && frames[$0].showsPosition }
        var shown = initial.map { state(of: frames[$0], trackedContact: nil) } ?? SceneState()
        var run = ObservedRun(initial: shown)
        if !pageClock { for lateness in outcome { if let lateness { run.delivered(lateness: lateness) } } }
        var next = 0, consumedUpTo = 0, batchedUpTo = 0
        var down: [ContactKey] = []
        var changedFrames = 0, longFrames = 0
        var previousBegin: Double?
        var lastFedChanged = false
        // Until a frame gives a position (a selector's element that appears later), there is
        // nothing shown to measure: those frames are not fed, and the samples they consumed go
        // with the first frame that shows the element.
        var batch: [InputSample] = []
        let periodMs = period / 1e6
        for index in frames.indices where index > before {
            let frame = frames[index]
            // Samples whose events the page had handled before the frame began.
            batch.removeAll(keepingCapacity: true)
            if let known = frame.consumedUpTo {
                consumedUpTo = max(consumedUpTo, min(known, samples.count))
            } else if frame.newestInput >= 0 {
                let newest = runTime(frame.newestInput) &+ 1_000_000
                while consumedUpTo < samples.count, times[consumedUpTo] <= newest {
                    consumedUpTo += 1
                }
            }
            let vsync = runTime(frame.begin)
            // Observed as the page consumed them (a contact's position is the newest the page
            // had seen, as the engine's is the newest its scene had).
            while next < consumedUpTo {
                var sample = samples[next]
                sample.time = times[next]
                run.observe(sample)
                if sample.kind.isContact, sample.phase.isInContact {
                    if sample.phase.isTerminal { down.removeAll { $0 == sample.contact } } else if !down.contains(sample.contact) { down.append(sample.contact) }
                }
                next += 1
            }
            positionSeen = positionSeen || frame.showsPosition
            guard positionSeen else { previousBegin = frame.begin; continue }
            while batchedUpTo < consumedUpTo {
                if dispatched[batchedUpTo] {
                    var sample = samples[batchedUpTo]
                    sample.time = times[batchedUpTo]
                    batch.append(sample)
                }
                batchedUpTo += 1
            }
            let current = state(of: frame, trackedContact: down.first, before: shown)
            let changed = abs(current.x - shown.x) + abs(current.y - shown.y) > 1e-6 || current.destination != shown.destination
            // The vsync it should have begun at: one period after the frame before.
            let expected = previousBegin.map { frame.begin - $0 > 1.5 * periodMs ? $0 + periodMs : frame.begin } ?? frame.begin
            previousBegin = frame.begin
            if frame.workEnd - frame.begin > 50 { longFrames += 1 }
            guard !batch.isEmpty || !down.isEmpty || changed || current.isAnimating || lastFedChanged else { continue }
            let missed = max(0, ((frame.workEnd - frame.begin - periodMs) / periodMs).rounded(.up))
            let shownAt = frame.begin + (missed + Double(delay)) * periodMs
            let onTime = expected + Double(delay) * periodMs
            let hitch = max(0, runTime(shownAt) &- runTime(onTime))
            let late = Int64((Double(hitch) / period).rounded())
            run.frame(ObservedFrame(vsync: vsync, presentation: runTime(shownAt), lateFrames: late, hitch: hitch,
                                    displayTime: Int64(period.rounded()) &+ hitch, workEnd: runTime(frame.workEnd), state: current),
                      consumed: batch)
            if changed { changedFrames += 1 }

            lastFedChanged = changed
            shown = current
        }
        while next < samples.count {
            var sample = samples[next]
            sample.time = times[next]
            run.observe(sample)
            next += 1
        }
        for event in observation.events where event.timeStamp >= startPage - 1 {
            if !pageClock { run.add(.pageInputDelay, nanoseconds: (event.start - event.timeStamp) * 1e6) }
            run.add(.pageEventProcessing, nanoseconds: (event.end - event.start) * 1e6)
        }
        var record = run.record(trace: trace, scene: scene, settings: settings)
        if !frames.contains(where: \.showsPosition) {
            // No frame gave a position: nothing was measured where the element was.
            for name in Self.positionMetrics { record.metrics[name] = MetricSummary(kind: record.metrics[name]?.kind ?? .deterministic) }
        }
        let delivered = observation.events.filter { $0.timeStamp >= startPage - 1 }.reduce(0) { $0 + $1.samples }
        // Timing where the browser took touches for itself: when it did varies (``PageObservation/cancels``).
        record.metrics[.pageEventsDelivered] = .single(Double(delivered), kind: observation.cancels == 0 ? .deterministic : .timing)
        // Timing, not exact: a loaded machine drops real frames, and an animation then changes in fewer.
        record.metrics[.pageFramesChanged] = .single(Double(changedFrames), kind: .timing)
        record.metrics[.pageLongFrames] = .single(Double(longFrames), kind: .timing)
        return record
    }
}
