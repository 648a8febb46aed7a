/// A gesture the synthesizer can produce, named as on the command line
/// (`touchbench synth GESTURE`).
public enum Gesture: String, Sendable, Hashable, CaseIterable, Codable {
    case tap = "tap"
    case doubleTap = "double-tap"
    case longPress = "long-press"
    case drag = "drag"
    case flick = "flick"
    case reversal = "reversal"
    case `catch` = "catch"
    case pause = "pause"
    case homeFlick = "home-flick"
    case backToApp = "back-to-app"
    case pinch = "pinch"
    case rotate = "rotate"
    case pencilStroke = "pencil-stroke"
    case pointerHover = "pointer-hover"
    case scrollWheel = "scroll-wheel"
    case trackpadScroll = "trackpad-scroll"
    case modifierTap = "modifier-tap"
    case multiFinger = "multi-finger"
    case pipThrow = "pip-throw"
    case sheetDismiss = "sheet-dismiss"
    case launchTap = "launch-tap"
    case launchSwitcher = "launch-switcher"
    case launchClose = "launch-close"
    case pointerTargets = "pointer-targets"
    case menuSelect = "menu-select"
    case menuDismiss = "menu-dismiss"
    case menuScroll = "menu-scroll"
    case appSwitch = "app-switch"
    case appSwitchHome = "app-switch-home"
    case appSwitchCatch = "app-switch-catch"
    case optionDrag = "option-drag"
    case shiftSelect = "shift-select"
    case commandClick = "command-click"
    case parity = "parity"
    case sidebarOpen = "sidebar-open"
    case sidebarThirdColumn = "sidebar-third-column"
    case sidebarCatch = "sidebar-catch"
    case pencilAndPan = "pencil-and-pan"
    case pencilAndPinch = "pencil-and-pinch"
    case pencilAndScrub = "pencil-and-scrub"
    case forcePress = "force-press"
    case session = "session"

    /// Whether the gesture's lift speeds come from ``SynthesisOptions/throwSpeed`` (a recipe's
    /// `speed`).
    public var usesThrowSpeed: Bool { self == .pipThrow || self == .appSwitch || self == .appSwitchCatch }

    /// The command-line name, for example `double-tap`.
    public var name: String { rawValue }

    /// The gesture with the given command-line name, or `nil`.
    public init?(name: String) { self.init(rawValue: name) }

    /// The gesture with the given command-line name; throws ``SynthesisError/unknownGesture(_:)``.
    public init(parsing name: String) throws(SynthesisError) {
        guard let gesture = Gesture(name: name) else { throw .unknownGesture(name) }
        self = gesture
    }

    /// Every gesture a session mixes: all but `session` itself and the gestures made for one
    /// scene's starting state (``pipThrow`` grabs a window resting bottom right,
    /// ``sheetDismiss`` opens a closed sheet, the launch interruptions start from the app
    /// shown in `home`, the menu gestures a closed menu, the board gestures a board at its top, the
    /// pencil-with-touch gestures a canvas, the force presses a switch that is off; ``trackpadScroll`` came after the session's mix was fixed, and adding
    /// it there would change every bundled session), whose intent would not hold in a mix.
    public static let elementary: [Gesture] = allCases.filter { $0 != .session && !$0.isSceneSpecific }

    /// Whether the gesture is planned for the starting state of one reference scene.
    public var isSceneSpecific: Bool {
        switch self {
        case .pipThrow, .sheetDismiss, .trackpadScroll, .launchTap, .launchSwitcher, .launchClose, .pointerTargets, .menuSelect,
             .menuDismiss, .menuScroll, .appSwitch, .appSwitchHome, .appSwitchCatch, .optionDrag, .shiftSelect, .commandClick,
             .parity, .sidebarOpen, .sidebarThirdColumn, .sidebarCatch, .pencilAndPan, .pencilAndPinch, .pencilAndScrub, .forcePress: true
        default: false
        }
    }

    /// One line saying what the gesture exercises, for `touchbench synth --list`.
    public var summary: String {
        switch self {
        case .tap: "touch down and lift in place: highlight, hit slop, tap recognition"
        case .doubleTap: "two quick taps at one spot: multi-tap disambiguation delay"
        case .longPress: "a press held still for most of a second: long-press timing"
        case .drag: "one minimum-jerk move that stops before lifting: 1:1 tracking, no momentum"
        case .flick: "a fast move lifted in flight: velocity at lift, momentum projection (release)"
        case .reversal: "a drag that turns back without lifting: redirection response (redirect)"
        case .catch: "a flick, then a second touch on the still-moving element: catch (release, redirect)"
        case .pause: "an edge swipe up that stops dead mid-screen: app-switcher pause detection (pause)"
        case .homeFlick: "a fast edge swipe up lifted in flight: go home (release)"
        case .backToApp: "an edge swipe up that turns down before lifting: back to the app (redirect, release)"
        case .pinch: "two fingers spreading or closing: pinch scale with bell-shaped rate"
        case .rotate: "two fingers turning about their midpoint: rotation recognition"
        case .pencilStroke: "a 240 Hz pencil stroke with hover before and after: force, altitude, azimuth"
        case .pointerHover: "a trackpad pointer travelling to targets and decelerating onto them: hover, magnetism"
        case .scrollWheel: "a pointer parks over content and the wheel scrolls in accelerating bursts"
        case .trackpadScroll: "a pointer parks over content and two fingers pan on the trackpad: scroll steps per scan"
        case .modifierTap: "a tap while option or shift is held: key samples around modified touches"
        case .multiFinger: "three to five fingers landing, swiping together and lifting: multi-touch"
        case .pipThrow: "a picture-in-picture window thrown from bottom right toward another corner (release, intent)"
        case .sheetDismiss: "a tap that opens a bottom sheet, then a flick down that dismisses it (release, intents)"
        case .launchTap: "home flick, a tap that launches the app, a second tap on the card 80-250 ms later (intents)"
        case .launchSwitcher: "home flick, a tap that launches the app, an edge swipe pausing during the launch (intents)"
        case .launchClose: "home flick, a tap that launches the app, a flick home during the launch (release, intents)"
        case .pointerTargets: "a pointer glides along a bar, onto a hover-effect element, onto a button (intents)"
        case .menuSelect: "a press opens a menu, drags onto an item and lifts, mostly while it opens (highlight, intent)"
        case .menuDismiss: "a tap opens a menu, a tap outside 40-150 ms later dismisses it while it opens (intents)"
        case .menuScroll: "a tap opens a menu, a drag outside 40-150 ms later dismisses it and scrolls (intents)"
        case .appSwitch: "a swipe thrown along the home indicator to the app beside, either way (release, intent)"
        case .appSwitchHome: "a swipe along the home indicator that turns up into a home flick (release, intent)"
        case .appSwitchCatch: "an app switch, then a swipe back 80-250 ms later catching the cards (release, intents)"
        case .optionDrag: "Option-drag copies a board object (Option let go before the lift), a plain drag moves one (intents)"
        case .shiftSelect: "a tap selects a board object, Shift-tap adds one, a Shift-drag marquee adds a third (intents)"
        case .commandClick: "Command held, a tap and a mouse click act on board objects at once (intents)"
        case .parity: "the board scrolled 240 pt by finger drag, mouse drag, trackpad pan and wheel (parity)"
        case .sidebarOpen: "a throw in from the left edge that opens a sidebar (release, intent)"
        case .sidebarThirdColumn: "a pull from the left edge past the sidebar to a third column, overpulled and held (intent)"
        case .sidebarCatch: "a sidebar caught while it closes and thrown open, then while it opens and thrown closed (intents)"
        case .pencilAndPan: "a pencil stroke while a finger pans (lands 50-200 ms before or 50-150 ms after): roles (intent)"
        case .pencilAndPinch: "a pencil stroke while two fingers zoom (land 50-200 ms before or 50-150 ms after): roles (intent)"
        case .pencilAndScrub: "a pencil stroke while a finger slides a scrubber strip 3 or more steps: input roles (intent)"
        case .forcePress: "three force presses on a switch: past the threshold, below it, wavering about it (intents)"
        case .session: "minutes of idle gaps and every other gesture, shuffled: realistic mixed use"
        }
    }
}
