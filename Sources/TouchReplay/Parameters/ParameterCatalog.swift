/// The one registry of every tunable of the reference scenes, the recognizers they use and
/// the display model: `touchbench scenes` lists it, `--set` checks against it, and a test
/// replays each parameter's ``Parameter/Sensitivity`` so that none can be added without the
/// evidence that a gate notices it.
public enum ParameterCatalog {
    private typealias S = Parameter.Sensitivity

    /// Every parameter, grouped by owner, in the order `touchbench scenes` lists them.
    public static let all: [Parameter] = [
        Parameter("pan.hysteresis", "How far a finger travels before a pan begins and the element follows it.",
                  unit: "pt", default: 10, range: 0...200, step: 5,
                  source: "UIKit's and Android's touch slop, about 10 pt (PanRecognizer's default)",
                  sensitivity: S(trace: "drag.touchtrace", scene: "scroll", metric: "dead_travel_pt")),
        Parameter("scroll.deceleration_rate", "Velocity kept per millisecond by released content (0.998 normal, 0.99 fast).",
                  unit: "per ms", default: 0.998, range: 0.9...0.9999, step: -0.001,
                  source: "UIScrollView.DecelerationRate.normal",
                  sensitivity: S(trace: "flick.touchtrace", scene: "scroll", metric: "throw_distance_pt")),
        Parameter("scroll.catches_moving_content", "Whether a touch on moving content stops it under the finger.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "scroll views stop on touch-down",
                  sensitivity: S(trace: "catch.touchtrace", scene: "scroll", metric: "catch_response_ms")),
        Parameter("pip.damping_ratio", "Damping ratio of the spring that takes the window to its corner.",
                  unit: "ratio", default: 0.85, range: 0.05...4, step: -0.2,
                  source: "the fluid-interfaces talk's PIP spring (damping 0.85)",
                  sensitivity: S(trace: "pip-throw.touchtrace", scene: "pip", metric: "overshoot_pct")),
        Parameter("pip.response", "Response of the corner spring: its period when undamped.",
                  unit: "s", default: 0.5, range: 0.05...5, step: 0.1,
                  source: "the fluid-interfaces talk's PIP spring (response 0.5 s)",
                  sensitivity: S(trace: "pip-throw.touchtrace", scene: "pip", metric: "settle_ms")),
        Parameter("pip.corner_policy", "How a thrown window picks its corner: from the projection of its momentum or where it is at the lift.",
                  unit: "choice", default: 0, range: 0...1, step: 1, choices: ["projection", "nearestCorner"],
                  source: "projection, as the fluid-interfaces talk has it",
                  sensitivity: S(trace: "pip-flick-fast.touchtrace", scene: "pip", metric: "intent_accuracy")),
        Parameter("pip.carries_release_velocity", "Whether the corner spring starts with the release velocity or from rest.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "momentum is handed over at the lift",
                  sensitivity: S(trace: "pip-throw.touchtrace", scene: "pip", metric: "settle_ms")),
        Parameter("home.edge", "Height of the bottom-edge region where a home swipe must start.",
                  unit: "pt", default: 44, range: 1...400, step: -43,
                  source: "the home indicator's region",
                  sensitivity: S(trace: "home-flick.touchtrace", scene: "home", metric: "intent_accuracy")),
        Parameter("home.pause_detector", "Which detector commits the app switcher: the finger's deceleration or a dwell timer.",
                  unit: "choice", default: 0, range: 0...1, step: 1, choices: ["deceleration", "timer"],
                  source: "deceleration, as the fluid-interfaces talk has it",
                  sensitivity: S(trace: "pause.touchtrace", scene: "home", metric: "pause_response_ms")),
        Parameter("home.destination_rule", "How a swipe without a pause picks between home, the app and its neighbours: where it is going, where it has been, or where it is.",
                  unit: "choice", default: 0, range: 0...2, step: 1, choices: ["projection", "furthestReach", "position"],
                  source: "projection (the fluid way)",
                  sensitivity: S(trace: "back-to-app.touchtrace", scene: "home", metric: "intent_accuracy")),
        Parameter("pause.minimum_deceleration", "Deceleration spike the deceleration detector needs to call a pause.",
                  unit: "pt/s²", default: 1000, range: 0...1_000_000, step: 7000,
                  source: "tuned on 240 Hz traces (docs/GESTURES.md)",
                  sensitivity: S(trace: "pause.touchtrace", scene: "home", metric: "pause_response_ms")),
        Parameter("pause.speed_fraction", "Share of the peak speed under which a decelerating finger counts as paused.",
                  unit: "ratio", default: 0.6, range: 0.01...1, step: -0.5,
                  source: "tuned on 240 Hz traces (docs/GESTURES.md)",
                  sensitivity: S(trace: "pause.touchtrace", scene: "home", metric: "pause_detection_ms")),
        Parameter("timer.duration_ms", "How long the dwell-timer detector waits under its speed threshold before calling a pause.",
                  unit: "ms", default: 100, range: 1...5000, step: 50,
                  source: "the usual dwell timer (TimerPauseDetector's default)",
                  sensitivity: S(trace: "pause.touchtrace", scene: "home", metric: "pause_detection_timer_ms")),
        Parameter("timer.speed_threshold", "Speed under which the dwell timer runs.",
                  unit: "pt/s", default: 20, range: 0.1...10_000, step: -10,
                  source: "above tremor and digitizer noise (TimerPauseDetector's default)",
                  sensitivity: S(trace: "pause.touchtrace", scene: "home", metric: "pause_detection_timer_ms")),
        Parameter("button.double_tap_timeout_ms", "How long a single tap waits for a second one before it commits.",
                  unit: "ms", default: 300, range: 0...5000, step: 50,
                  source: "the platforms' double-tap timeout, about 300 ms",
                  sensitivity: S(trace: "tap.touchtrace", scene: "button", metric: "tap_delay_ms")),
        Parameter("button.highlight_on_touch_down", "Whether the button highlights the moment the finger lands or only at the lift.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "buttons highlight on touch-down",
                  sensitivity: S(trace: "tap.touchtrace", scene: "button", metric: "feedback_ms")),
        Parameter("button.hit_slop", "How far outside the button a finger may stray and still tap it.",
                  unit: "pt", default: 70, range: 0...1000, step: -69,
                  source: "UIKit buttons' tracking slop, about 70 pt",
                  sensitivity: S(trace: "reversal.touchtrace", scene: "button", metric: "reversal_response_ms")),
        Parameter("sheet.open_damping_ratio", "Damping ratio of the spring that opens the sheet.",
                  unit: "ratio", default: 1, range: 0.05...4, step: -0.3,
                  source: "sheets open critically damped",
                  sensitivity: S(trace: "tap.touchtrace", scene: "sheet", metric: "overshoot_pct")),
        Parameter("sheet.open_response", "Response of the opening spring.",
                  unit: "s", default: 0.35, range: 0.05...5, step: 0.1,
                  source: "a sheet's presentation, about 0.35 s",
                  sensitivity: S(trace: "tap.touchtrace", scene: "sheet", metric: "settle_ms")),
        Parameter("sheet.dismiss_damping_ratio", "Damping ratio of the spring that dismisses the sheet.",
                  unit: "ratio", default: 0.8, range: 0.05...4, step: -0.3,
                  source: "the fluid-interfaces talk (damping 0.8 for a dismissal)",
                  sensitivity: S(trace: "sheet-dismiss.touchtrace", scene: "sheet", metric: "overshoot_pct")),
        Parameter("sheet.dismiss_response", "Response of the dismissing spring.",
                  unit: "s", default: 0.4, range: 0.05...5, step: 0.2,
                  source: "the fluid-interfaces talk",
                  sensitivity: S(trace: "sheet-dismiss.touchtrace", scene: "sheet", metric: "settle_ms")),
        Parameter("display.presentation_delay", "Frames from the vsync at which the app works to the one at which the glass shows it.",
                  unit: "frames", default: 2, range: 0...16, step: 1, integer: true,
                  source: "app at N, render server at N+1, glass at N+2",
                  sensitivity: S(trace: "tap.touchtrace", scene: "button", metric: "event_latency_ms")),
        Parameter("pinch.hysteresis", "How far two fingers must deform their pair (half the span's change, or the arc) before the photo scales or turns.",
                  unit: "pt", default: 10, range: 0...200, step: 10,
                  source: "the pan's hysteresis, as PinchRecognizer and RotationRecognizer default to",
                  sensitivity: S(trace: "pinch.touchtrace", scene: "pinch", metric: "response_ms")),
        // Added after the display's so the typed accessors below keep their indices;
        // `touchbench scenes` lists each scene's parameters together whatever the order here.
        // The pinch and pointer springs move no release metric (the release probe follows
        // positions, not the photo's scale or the pointer's capture), but they change how
        // long the scene animates: `frames`, which compare checks exactly.
        Parameter("scroll.bounce_damping_ratio", "Damping ratio of the spring that brings content back from past an edge.",
                  unit: "ratio", default: 1, range: 0.05...4, step: -0.5,
                  source: "scroll views bounce back without overshoot (critically damped)",
                  sensitivity: S(trace: "catch.touchtrace", scene: "scroll", metric: "overshoot_pct")),
        Parameter("scroll.bounce_response", "Response of the edge bounce spring.",
                  unit: "s", default: 0.4, range: 0.05...5, step: 0.2,
                  source: "a scroll view's bounce, about 0.4 s",
                  sensitivity: S(trace: "catch.touchtrace", scene: "scroll", metric: "settle_ms")),
        Parameter("pinch.snap_damping_ratio", "Damping ratio of the spring that settles the photo's scale, angle and position at the lift.",
                  unit: "ratio", default: 0.85, range: 0.05...4, step: -0.3,
                  source: "the fluid-interfaces talk's snapping spring (damping 0.85)",
                  sensitivity: S(trace: "pinch.touchtrace", scene: "pinch", metric: "frames")),
        Parameter("pinch.snap_response", "Response of the photo's settling spring.",
                  unit: "s", default: 0.5, range: 0.05...5, step: 0.2,
                  source: "the fluid-interfaces talk's snapping spring (response 0.5 s)",
                  sensitivity: S(trace: "pinch.touchtrace", scene: "pinch", metric: "frames")),
        Parameter("pointer.magnetism", "How hard a target pulls the pointer toward its centre (0 none, 1 onto it).",
                  unit: "ratio", default: 0.3, range: 0...1, step: 0.3,
                  source: "the iPadOS pointer's gentle pull (HoverRecognizer's default)",
                  sensitivity: S(trace: "pointer-hover.touchtrace", scene: "pointer", metric: "frames")),
        Parameter("pointer.capture_response", "Response of the critically damped spring that moves the pointer onto a target and off it.",
                  unit: "s", default: 0.15, range: 0.01...2, step: 0.15,
                  source: "quick interface feedback, about 0.15 s",
                  sensitivity: S(trace: "pointer-hover.touchtrace", scene: "pointer", metric: "frames")),
        Parameter("scroll.bounce_keeps_velocity", "Whether content that reaches an edge while coasting hands its velocity to the bounce (rubber-banding past the edge) or stops dead there.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "scroll views rubber-band past an edge with their momentum",
                  sensitivity: S(trace: "flick.touchtrace", scene: "scroll", metric: "bounce_velocity_jump_pt_per_s")),
        Parameter("sheet.retarget_keeps_velocity", "Whether a tap that turns a moving sheet around retargets its spring keeping position and velocity, or restarts it from rest.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "interruptible animations keep their velocity (the fluid-interfaces talk)",
                  sensitivity: S(trace: "double-tap.touchtrace", scene: "sheet", metric: "retarget_velocity_jump_pt_per_s")),
        Parameter("pointer.bar_hit_regions", "How the bar buttons' hit regions are laid: edge to edge, or each button's own frame (gaps where the pointer is free).",
                  unit: "choice", default: 0, range: 0...1, step: 1, choices: ["contiguous", "frames"],
                  source: "the iPadOS pointer guidelines: bar buttons' hit regions touch, so the pointer never flickers crossing a bar",
                  sensitivity: S(trace: "pointer-targets.touchtrace", scene: "pointer", metric: "pointer_flickers")),
        Parameter("pointer.magnetizes_hover_effects", "Whether hover-effect elements capture the pointer too, as highlight buttons do.",
                  unit: "bool", default: 0, range: 0...1, step: 1, integer: true,
                  source: "the iPadOS pointer guidelines: no magnetism on hover-effect elements",
                  sensitivity: S(trace: "pointer-targets.touchtrace", scene: "pointer", metric: "intent_accuracy")),
        Parameter("canvas.shared_roles", "Whether every contact has the same role on the canvas: the first one down draws, pencil or finger, the others navigate.",
                  unit: "bool", default: 0, range: 0...1, step: 1, integer: true,
                  source: "the seeds' pencil with touch: the pencil draws, fingers navigate",
                  sensitivity: S(trace: "pencil-and-pan.touchtrace", scene: "canvas", metric: "finger_ink_strokes")),
        Parameter("canvas.ink_slop", "How far the pencil travels from its landing before its ink shows (held points are drawn at once).",
                  unit: "pt", default: 0, range: 0...100, step: 10,
                  source: "ink follows the tip with no more latency than the pipeline's",
                  sensitivity: S(trace: "pencil-and-pan.touchtrace", scene: "canvas", metric: "ink_latency_ms")),
        Parameter("canvas.simultaneous", "Whether fingers move the canvas while the pencil draws, or wait for it to lift.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "the seeds: several inputs at once, none waits for another",
                  sensitivity: S(trace: "pencil-and-pinch.touchtrace", scene: "canvas", metric: "canvas_latency_ms")),
        Parameter("press.commit_force", "The normalised force at which a force press switches.",
                  unit: "force", default: 0.6, range: 0.05...1, step: 0.2,
                  source: "about two thirds of a firm press (ForceSwitch.commitForce)",
                  sensitivity: S(trace: "force-press.touchtrace", scene: "press", metric: "intent_accuracy")),
        Parameter("press.hysteresis", "How far below the commit force the force must fall before the switch re-arms.",
                  unit: "force", default: 0.2, range: 0...0.5, step: -0.2,
                  source: "a threshold with hysteresis does not flicker (ForceSwitch.hysteresis)",
                  sensitivity: S(trace: "force-press.touchtrace", scene: "press", metric: "press_flickers")),
        Parameter("press.follows_force", "Whether the control's scale follows the force continuously, or shows nothing until it commits.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "the seeds' Control Center and flashlight: the press hints at its outcome",
                  sensitivity: S(trace: "force-press.touchtrace", scene: "press", metric: "press_feedback_ms")),
        Parameter("canvas.scrubs_while_drawing", "Whether the scrubber follows its finger while the pencil draws, or is locked until the pencil lifts.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "the seeds: a finger scrubs a control while the pencil draws",
                  sensitivity: S(trace: "pencil-and-scrub.touchtrace", scene: "canvas", metric: "intent_accuracy")),
        Parameter("sidebar.responds_while_animating", "Whether a touch landing while the sidebar moves catches it, or is ignored until it rests.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "the seeds: every animation can be interrupted",
                  sensitivity: S(trace: "sidebar-catch.touchtrace", scene: "sidebar", metric: "intent_accuracy")),
        Parameter("menu.responds_while_animating", "Whether touches and scroll steps act while the menu opens, or are swallowed until it rests.",
                  unit: "bool", default: 1, range: 0...1, step: -1, integer: true,
                  source: "the seeds: a menu is responsive while it animates",
                  sensitivity: S(trace: "menu-dismiss.touchtrace", scene: "menu", metric: "intent_accuracy")),
    ]

    private static let byName: [String: Parameter] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The parameter `name`, or `nil`.
    public static func parameter(_ name: String) -> Parameter? { byName[name] }

    /// The parameter `name`, or an error naming the owners that exist.
    public static func named(_ name: String) throws(ParameterError) -> Parameter {
        guard let parameter = byName[name] else {
            let owners = all.map(\.owner).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            throw ParameterError(name: name, reason: "no such parameter; the parameters are under \(owners.joined(separator: ", ")) (run 'touchbench scenes')")
        }
        return parameter
    }

    /// The owners whose parameters act in `scene` (its own, its recognizers', the display's).
    public static func owners(of scene: SceneKind) -> [String] {
        switch scene {
        case .scroll: ["pan", "scroll", "display"]
        case .pip: ["pan", "pip", "display"]
        case .home: ["pan", "home", "pause", "timer", "display"]
        case .button: ["button", "display"]
        case .sheet: ["pan", "sheet", "display"]
        case .pinch: ["pinch", "display"]
        case .pointer: ["pointer", "display"]
        case .menu: ["pan", "menu", "display"]
        case .board: ["pan", "display"]
        case .sidebar: ["pan", "sidebar", "display"]
        case .canvas: ["pan", "canvas", "display"]
        case .press: ["press", "display"]
        }
    }

    /// The parameters that act in `scene`.
    public static func parameters(of scene: SceneKind) -> [Parameter] {
        let owners = owners(of: scene)
        return all.filter { owners.contains($0.owner) }
    }

    // Typed accessors the scenes read, so a parameter's name is spelt once.
    static let panHysteresis = all[0]
    static let scrollDeceleration = all[1]
    static let scrollCatches = all[2]
    static let pipDamping = all[3]
    static let pipResponse = all[4]
    static let pipCorner = all[5]
    static let pipCarries = all[6]
    static let homeEdge = all[7]
    static let homePause = all[8]
    static let homeRule = all[9]
    static let pauseDeceleration = all[10]
    static let pauseSpeedFraction = all[11]
    static let timerDuration = all[12]
    static let timerSpeed = all[13]
    static let buttonTimeout = all[14]
    static let buttonHighlight = all[15]
    static let buttonSlop = all[16]
    static let sheetOpenDamping = all[17]
    static let sheetOpenResponse = all[18]
    static let sheetDismissDamping = all[19]
    static let sheetDismissResponse = all[20]
    static let presentationDelay = all[21]
    static let pinchHysteresis = all[22]
    static let scrollBounceDamping = all[23]
    static let scrollBounceResponse = all[24]
    static let pinchSnapDamping = all[25]
    static let pinchSnapResponse = all[26]
    static let pointerMagnetism = all[27]
    static let pointerCaptureResponse = all[28]
    static let scrollBounceKeeps = all[29]
    static let sheetRetargetKeeps = all[30]
    static let pointerBarHitRegions = all[31]
    static let pointerMagnetizesHoverEffects = all[32]
    static let canvasSharedRoles = all[33]
    static let canvasInkSlop = all[34]
    static let canvasSimultaneous = all[35]
    static let pressCommitForce = all[36]
    static let pressHysteresis = all[37]
    static let pressFollowsForce = all[38]
    static let canvasScrubsWhileDrawing = all[39]
    static let sidebarResponds = all[40]
    static let menuResponds = all[41]
}
