import TouchInput

/// Makes deterministic, realistic input traces of gestures, with ground-truth markers.
///
/// ```swift
/// let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 7, rate: 240))
/// let trace = synthesizer.synthesize(.reversal)     // metadata + time-ordered samples
/// for sample in synthesizer.samples(of: .session) { … }   // streamed, bounded memory
/// ```
///
/// The same options and gesture give identical samples on any machine: every random choice
/// comes from a seeded xoshiro256** stream, and the arithmetic avoids C-library functions
/// whose last bits vary between platforms.
public struct GestureSynthesizer: Sendable {
    public let options: SynthesisOptions

    /// A synthesizer for `options`; throws when an option is out of range.
    public init(options: SynthesisOptions = SynthesisOptions()) throws(SynthesisError) {
        try options.validate()
        self.options = options
    }

    /// The whole trace of `gesture` in memory. For long sessions prefer ``samples(of:)``.
    public func synthesize(_ gesture: Gesture) -> SynthesizedTrace {
        var samples: [InputSample] = []
        var segments: [GestureSegment] = []
        var episodes = EpisodeIterator(synthesizer: self, gesture: gesture)
        while let rendered = episodes.next() {
            samples.append(contentsOf: rendered.samples)
            if let first = rendered.samples.first, let last = rendered.samples.last {
                segments.append(GestureSegment(gesture: rendered.episode.gesture, start: first.time, end: last.time))
            }
        }
        return SynthesizedTrace(metadata: metadata(for: gesture), samples: samples, segments: segments)
    }

    /// The samples of `gesture`, generated lazily one episode at a time: a one-hour session
    /// streams in memory bounded by its longest gesture.
    public func samples(of gesture: Gesture) -> SynthesizedSamples {
        SynthesizedSamples(synthesizer: self, gesture: gesture)
    }

    /// The metadata of a trace of `gesture`: source `synth`, the device, its screen and rates,
    /// and `extra` keys recording how the trace was made.
    public func metadata(for gesture: Gesture) -> TraceMetadata {
        let usesPencil = gesture == .pencilStroke || gesture == .session
        var extra: [String: String] = [
            "gesture": gesture.name,
            "seed": String(options.seed),
            "noise": options.noise.isEnabled ? "on" : "off",
            "generator": "TraceSynthesis/\(Self.modelVersion)",
            "touchHz": String(options.rate),
            "restSpeedPtPerS": String(GroundTruthMarker.restSpeed),
        ]
        if usesPencil { extra["pencilHz"] = String(SynthesisOptions.pencilRate) }
        if gesture == .session { extra["sessionSeconds"] = String(options.sessionDuration) }
        return TraceMetadata(
            device: options.device.deviceName, screen: options.device.screen,
            digitizerHz: Double(gesture == .pencilStroke ? SynthesisOptions.pencilRate : options.rate),
            displayHz: Double(options.device.displayHz), source: "synth", extra: extra)
    }

    /// Bumped whenever a change to the model changes the samples produced for given options,
    /// so that stored synthetic traces say which model made them.
    public static let modelVersion = 1

    // MARK: Internals shared by the episode iterator

    var renderSettings: RenderSettings {
        RenderSettings(
            screen: options.device.screen, quanta: .standard, noise: options.noise,
            display: DisplayTiming(hertz: options.device.displayHz))
    }

    var touchClock: SampleClock {
        SampleClock(
            hertz: options.rate, jitterFraction: options.noise.timingJitter,
            salt: SeededRandom.hash(options.seed, [4, 0]))
    }

    var pencilClock: SampleClock {
        SampleClock(
            hertz: SynthesisOptions.pencilRate, jitterFraction: options.noise.timingJitter,
            salt: SeededRandom.hash(options.seed, [4, 1]))
    }

    /// Plans episode number `index` of a trace: `gesture` starting at `origin`, the whole
    /// trace or one episode of a session.
    func plan(_ gesture: Gesture, index: Int, origin: Int64, firstID: UInt32, isWholeTrace: Bool = true) -> EpisodeBuilder {
        var builder = EpisodeBuilder(
            gesture: gesture, origin: origin,
            random: SeededRandom(seed: options.seed, stream: 1, UInt64(index)),
            screen: options.device.screen, touchClock: touchClock, pencilClock: pencilClock, firstID: firstID,
            throwSpeed: options.throwSpeed, isWholeTrace: isWholeTrace)
        switch gesture {
        case .tap: builder.planTap()
        case .doubleTap: builder.planDoubleTap()
        case .longPress: builder.planLongPress()
        case .drag: builder.planDrag()
        case .flick: builder.planFlick()
        case .reversal: builder.planReversal()
        case .catch: builder.planCatch()
        case .pause: builder.planPause()
        case .homeFlick: builder.planHomeFlick()
        case .backToApp: builder.planBackToApp()
        case .pinch: builder.planPinch()
        case .rotate: builder.planRotate()
        case .pencilStroke: builder.planPencilStroke()
        case .pointerHover: builder.planPointerHover()
        case .scrollWheel: builder.planScrollWheel()
        case .trackpadScroll: builder.planTrackpadScroll()
        case .modifierTap: builder.planModifierTap()
        case .multiFinger: builder.planMultiFinger()
        case .pipThrow: builder.planPipThrow()
        case .sheetDismiss: builder.planSheetDismiss()
        case .launchTap: builder.planLaunchInterruption(.tap)
        case .launchSwitcher: builder.planLaunchInterruption(.switcher)
        case .launchClose: builder.planLaunchInterruption(.close)
        case .pointerTargets: builder.planPointerTargets()
        case .menuSelect: builder.planMenu(.select)
        case .menuDismiss: builder.planMenu(.dismiss)
        case .menuScroll: builder.planMenu(.scroll)
        case .appSwitch: builder.planAppSwitch(.single)
        case .appSwitchHome: builder.planAppSwitch(.home)
        case .appSwitchCatch: builder.planAppSwitch(.caught)
        case .optionDrag: builder.planBoard(.optionDrag)
        case .shiftSelect: builder.planBoard(.shiftSelect)
        case .commandClick: builder.planBoard(.commandClick)
        case .parity: builder.planBoard(.parity)
        case .sidebarOpen: builder.planSidebar(.open)
        case .sidebarThirdColumn: builder.planSidebar(.thirdColumn)
        case .sidebarCatch: builder.planSidebar(.caught)
        case .pencilAndPan: builder.planPencilWithTouch(.pan)
        case .pencilAndPinch: builder.planPencilWithTouch(.pinch)
        case .pencilAndScrub: builder.planPencilAndScrub()
        case .forcePress: builder.planForcePress()
        case .session: break  // a session is a sequence of the others; see EpisodeIterator
        }
        return builder
    }

    /// The samples of `episode` (number `index`), time-ordered.
    func render(_ episode: Episode, index: Int) -> [InputSample] {
        let settings = renderSettings
        var keyed: [(time: Int64, order: Int, sample: InputSample)] = []
        for (contactIndex, contact) in episode.contacts.enumerated() {
            var renderer = ContactRenderer(
                plan: contact, origin: episode.origin, settings: settings,
                stream: SeededRandom(seed: options.seed, stream: 2, UInt64(index), UInt64(contactIndex)))
            for sample in renderer.render() { keyed.append((sample.time, keyed.count, sample)) }
        }
        for event in episode.events { keyed.append((event.time, keyed.count, event)) }
        // Equal times keep the order of planning (contacts first, then keys, scrolls and
        // markers), which makes the order total and so independent of the sort algorithm.
        keyed.sort { $0.time != $1.time ? $0.time < $1.time : $0.order < $1.order }
        return keyed.map(\.sample)
    }
}
