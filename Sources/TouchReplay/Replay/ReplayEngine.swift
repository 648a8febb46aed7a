import TouchInput
import TouchBenchSupport

/// The frame loop: batches each sample to the next vsync, renders frames on the display
/// model while there is input or animation, and feeds the probes. Generic over the scene
/// and the clock so that the whole loop is specialised and allocation-free per sample.
struct ReplayEngine<S: Scene, C: ReplayClock> {
    var scene: S
    var clock: C
    let display: DisplayModel
    /// The display resolved once (the loop asks it for several vsyncs every frame).
    private let grid: VsyncGrid
    private(set) var probes: ProbeSet
    /// What the probes see of the frame being filled and rendered: its batch of samples,
    /// every contact's newest position (kept once for all probes) and the scene's signals.
    /// Kept in place and updated rather than built for each frame: building one retained
    /// and released its three arrays every frame (a twentieth of a replay, in atomics).
    private var context: FrameContext
    let timeline: TimelineRecorder?
    /// The cost model's charge per frame (virtual clock only).
    let frameCost: FrameCost
    /// Takes every frame's measured time (`replay --record-frame-cost`).
    let costRecorder: FrameCostRecorder?
    /// The per-frame series, when the settings ask for it.
    private(set) var series: SeriesRecording?
    /// The vsync index of the frame being filled, if any, and its time (compared with every
    /// sample's, so kept rather than recomputed).
    private var pending: Int64? {
        didSet { pendingVsync = pending.map { grid.vsync($0) } ?? .max }
    }
    private var pendingVsync = Int64.max
    /// Whether the pending frame is only the scene's wake-up (``Scene/wakeTime``): input brings
    /// its own frame forward.
    private var pendingWakes = false
    /// The first vsync at which the app is free again after its last frame.
    private var earliest = Int64.min
    private var previousX = 0.0, previousY = 0.0
    private(set) var frames = 0
    private(set) var samples = 0
    private(set) var lastTime = Int64.min
    private(set) var firstTime: Int64?

    init(scene: S, clock: C, display: DisplayModel, timeline: TimelineRecorder?, recordsSeries: Bool = false,
         frameCost: FrameCost = FrameCost(), costRecorder: FrameCostRecorder? = nil) {
        // Only the charged terms are virtual-clock time; busy: is CPU really spent, on any clock.
        var wallCost = FrameCost()
        wallCost.busy = frameCost.busy
        self.frameCost = clock.isVirtual ? frameCost : wallCost
        self.costRecorder = costRecorder
        self.scene = scene
        self.clock = clock
        self.display = display
        grid = VsyncGrid(display)
        self.timeline = timeline
        series = recordsSeries ? SeriesRecording() : nil
        // Charging measured CPU makes the behaviour metrics as noisy as a wall clock's.
        probes = ProbeSet(virtual: clock.isVirtual && !self.frameCost.isMeasured, initial: scene.state,
                          responsive: scene.responsiveInputs)
        context = FrameContext(state: scene.state)
        previousX = scene.state.x
        previousY = scene.state.y
    }

    /// Takes the next sample of the trace (in time order; an earlier time is treated as the
    /// previous one's); `relanding` says it lands a contact that is down already, as
    /// ``ReplaySpan`` follows them all (the positions the probes see hold eight).
    @inline(__always)
    mutating func feed(_ sample: InputSample, relanding: Bool) {
        var sample = sample
        if sample.time < lastTime { sample.time = lastTime }
        lastTime = sample.time
        if firstTime == nil { firstTime = sample.time }
        renderFrames(before: sample.time)
        if sample.phase == .began, relanding || context.contacts.isTouching(sample.contact) {
            end(before: sample, as: .cancelled)
        } else if sample.phase == .hoverEntered, context.contacts.isHovering(sample.contact) {
            end(before: sample, as: .hoverExited)
        }
        let downBefore = context.contacts.down
        context.contacts.update(sample)
        probes.observe(sample, previousIsAnimating: scene.state.isAnimating, downBefore: downBefore,
                       downAfter: context.contacts.down)
        timeline?.sample(sample)
        guard sample.kind != .marker else { return }
        samples += 1
        if !clock.isVirtual { probes.delivered(lateness: clock.wait(until: sample.time)) }
        consume(sample)
    }

    /// A contact landing again without having lifted is cancelled where it was last seen and
    /// starts afresh (docs/GESTURES.md), as the gesture arena has it, and one entering hover
    /// again without having left ends its hover there first: the scene and the probes are
    /// handed that end (`phase`) before the new landing. Fed the landing alone, a scene's pan
    /// took it for a second finger of the same gesture, which then never ended; cancelled
    /// where it lands, the element it held jumped there (a presented gap of 694 pt).
    @inline(never)
    private mutating func end(before sample: InputSample, as phase: SamplePhase) {
        var end = sample
        end.phase = phase
        if let last = context.contacts.position(of: sample.contact) { end.location = last }
        let downBefore = context.contacts.down
        context.contacts.update(end)
        probes.observe(end, previousIsAnimating: scene.state.isAnimating, downBefore: downBefore,
                       downAfter: context.contacts.down)
        timeline?.sample(end)
        consume(end)
    }

    /// Puts a sample in the batch of the next frame, which it makes due.
    @inline(__always)
    private mutating func consume(_ sample: InputSample) {
        if pending == nil || pendingWakes {
            // A wake-up frame before the sample was rendered above: this one is at or after it.
            pending = Swift.max(grid.index(atOrAfter: sample.time), earliest)
            pendingWakes = false
        }
        context.batch.append(sample)
    }

    /// Renders what is still due after the last sample: its frame, and the animation after
    /// it for at most `tail` nanoseconds.
    mutating func finish(tail: Int64) {
        let limit = lastTime == .min ? Int64.min : lastTime &+ tail
        while let index = pending, pendingVsync <= limit || !context.batch.isEmpty {
            render(index)
        }
        pending = nil
        probes.finish()
    }

    @inline(__always)
    private mutating func renderFrames(before time: Int64) {
        while let index = pending, pendingVsync < time {
            render(index)
        }
    }

    /// Spends `nanoseconds` of this thread's CPU time (`--frame-cost busy:`): CPU time, not
    /// wall time, so that the work is all done even when a loaded machine preempts the spin.
    private static func spin(_ nanoseconds: Int64) {
        let start = ThreadCPUTime.now()
        while ThreadCPUTime.now() &- start < nanoseconds {}
    }

    private mutating func render(_ index: Int64) {
        let vsync = pendingVsync
        let startError = clock.wait(until: vsync)
        let workStart = clock.now()
        // Reading the clock costs about as much as a simple frame, so the virtual clock times
        // every fourth frame (wall clocks time them all, and so does a recording).
        let timed = !clock.isVirtual || frames & 3 == 0 || frameCost.isMeasured || costRecorder != nil
        let cpuStart = timed ? MonotonicTime.now() : 0
        for sample in context.batch { scene.handle(sample) }
        scene.advance(to: vsync)
        if frameCost.busy > 0 { Self.spin(frameCost.busy) }
        let cpu: Int64? = timed ? MonotonicTime.now() &- cpuStart : nil
        if let cpu { costRecorder?.frame(cpu: cpu) }
        scene.takeSignals(into: &context.signals)
        clock.spend(scene.virtualCost &+ frameCost.cost(frame: frames, samples: context.batch.count, cpu: cpu ?? 0))
        let workEnd = Swift.max(clock.now(), vsync)
        let shownAt = grid.presentationIndex(frame: index, vsync: vsync, workEnd: workEnd)
        let late = shownAt - index - grid.presentationDelay
        let onTime = grid.vsync(index + grid.presentationDelay)
        let presentation = late == 0 ? onTime : grid.vsync(shownAt)
        context.record = FrameRecord(
            index: index, vsync: vsync, presentation: presentation, lateFrames: late,
            hitch: presentation &- onTime, displayTime: grid.vsync(shownAt + 1) &- onTime,
            cpu: cpu ?? 0, cpuMeasured: cpu != nil, workStart: workStart, workEnd: workEnd,
            startError: clock.isVirtual ? nil : startError)
        context.state = scene.state
        probes.frame(context)
        context.signals.empty()
        series?.frame(context.record, batch: context.batch, state: scene.state, contacts: context.contacts)
        timeline?.frame(context.record, batch: context.batch, scene: scene)
        frames += 1
        let consumedInput = !context.batch.isEmpty
        context.batch.empty()
        earliest = workEnd <= grid.vsync(index + 1) ? index + 1 : grid.index(atOrAfter: workEnd)
        let x = scene.state.x, y = scene.state.y
        if scene.state.isAnimating {
            let moved = abs(x - previousX) + abs(y - previousY)
            let active = consumedInput || context.contacts.down > 0 || moved > 1
            pending = Swift.max(index + (active ? 1 : grid.idleStride), earliest)
            pendingWakes = false
        } else if let wake = scene.wakeTime, wake > vsync {
            // Nothing moves, but the scene's own timer is due: render its frame then (a
            // render-on-demand app wakes for its timers too).
            pending = Swift.max(grid.index(atOrAfter: wake), earliest)
            pendingWakes = true
        } else {
            pending = nil
            pendingWakes = false
        }
        previousX = x
        previousY = y
    }
}
