import TouchInput

/// The arena `touchbench gestures` runs: every recognizer with its default settings (or those
/// of a ``Tuning``), wired as an app would wire them.
///
/// - Order (who sees a sample first, and wins a tie): double tap, tap, long press, pinch,
///   rotation, edge pan, pan, then the observers. Pinch and rotation come before the pans
///   because a finger turning about its partner crosses 10 pt of arc and 10 pt of travel
///   on the same sample; they only begin when their motion outweighs the translation.
/// - The tap waits for the double tap to fail; pinch and rotation may recognize together.
/// - The edge pan takes precedence over the pan for contacts that land at an edge: both
///   cross their hysteresis on the same sample and the earlier one claims it.
public struct StandardArena: Sendable {
    public var arena: GestureArena
    public let doubleTap: RecognizerHandle<MultiTapRecognizer>
    public let tap: RecognizerHandle<TapRecognizer>
    public let longPress: RecognizerHandle<LongPressRecognizer>
    public let edgePan: RecognizerHandle<EdgePanRecognizer>
    public let pan: RecognizerHandle<PanRecognizer>
    public let pinch: RecognizerHandle<PinchRecognizer>
    public let rotation: RecognizerHandle<RotationRecognizer>
    public let decelerationPause: RecognizerHandle<DecelerationPauseDetector>
    public let timerPause: RecognizerHandle<TimerPauseDetector>
    public let hover: RecognizerHandle<HoverRecognizer<[HoverTarget]>>

    /// The standard arena for a screen (`nil` when unknown: no edge pans then) and hover
    /// targets (none: hover reports the pointer coming and going), its recognizers tuned by
    /// `tuning` (their defaults when left out).
    public init(screen: Rect?, hoverTargets: [HoverTarget] = [], tuning: Tuning = Tuning()) {
        var arena = GestureArena()
        doubleTap = arena.add(MultiTapRecognizer())
        tap = arena.add(TapRecognizer())
        longPress = arena.add(LongPressRecognizer())
        pinch = arena.add(PinchRecognizer(hysteresis: tuning.pinchHysteresis))
        rotation = arena.add(RotationRecognizer(hysteresis: tuning.pinchHysteresis))
        edgePan = arena.add(EdgePanRecognizer(screen: screen, pan: PanRecognizer(hysteresis: tuning.panHysteresis)))
        pan = arena.add(PanRecognizer(hysteresis: tuning.panHysteresis))
        decelerationPause = arena.add(DecelerationPauseDetector(minimumDeceleration: tuning.pauseMinimumDeceleration,
                                                                speedFraction: tuning.pauseSpeedFraction))
        timerPause = arena.add(TimerPauseDetector(speedThreshold: tuning.timerSpeedThreshold, duration: tuning.timerDuration))
        hover = arena.add(HoverRecognizer(targets: hoverTargets))
        arena.require(tap, toFail: doubleTap)
        arena.allowSimultaneous(pinch, rotation)
        self.arena = arena
    }

    /// Runs `samples` through a fresh standard arena on a virtual clock — every timer at
    /// its exact deadline, every remaining timer flushed after the last sample — and
    /// returns every state change.
    public static func events(
        of samples: some Sequence<InputSample>, screen: Rect?, hoverTargets: [HoverTarget] = []
    ) -> [GestureEvent] {
        var standard = StandardArena(screen: screen, hoverTargets: hoverTargets)
        var events: [GestureEvent] = []
        for sample in samples { standard.handle(sample, into: &events) }
        events += standard.finish()
        return events
    }

    /// Fires the timers due by the sample's time at their exact deadlines, then delivers it.
    public mutating func handle(_ sample: InputSample) -> [GestureEvent] {
        var events: [GestureEvent] = []
        handle(sample, into: &events)
        return events
    }

    /// Delivers `sample` like ``handle(_:)``, appending the state changes to `events`.
    public mutating func handle(_ sample: InputSample, into events: inout [GestureEvent]) {
        arena.advance(throughDeadlinesUpTo: sample.time, into: &events)
        arena.handle(sample, into: &events)
    }

    /// Fires every remaining timer at its deadline: the end of a trace.
    public mutating func finish() -> [GestureEvent] {
        var events: [GestureEvent] = []
        while let deadline = arena.nextDeadline, deadline > arena.time {
            events += arena.advance(to: deadline)
        }
        return events
    }
}

extension Rect {
    /// The screen of a trace's metadata, at the origin.
    public init?(screen: TraceMetadata.Screen?) {
        guard let screen, screen.width > 0, screen.height > 0 else { return nil }
        self.init(x: 0, y: 0, width: screen.width, height: screen.height)
    }
}
