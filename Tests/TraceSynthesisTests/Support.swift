import TouchInput
@testable import TraceSynthesis

/// A trace for `gesture` with the given options (a session is shortened to keep tests quick).
func synthesize(
    _ gesture: Gesture, seed: UInt64 = 1, rate: Int = 120, device: DeviceProfile = .phone,
    noise: NoiseModel = .standard, sessionDuration: Double = 90
) throws -> SynthesizedTrace {
    let options = SynthesisOptions(seed: seed, rate: rate, device: device, noise: noise, sessionDuration: sessionDuration)
    return try GestureSynthesizer(options: options).synthesize(gesture)
}

/// The first planned episode of `gesture` and its samples.
func firstEpisode(
    _ gesture: Gesture, seed: UInt64 = 1, rate: Int = 120, noise: NoiseModel = .standard
) throws -> RenderedEpisode? {
    let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: rate, noise: noise))
    var episodes = EpisodeIterator(synthesizer: synthesizer, gesture: gesture)
    return episodes.next()
}

/// A contact's identity within a trace.
struct ContactKey: Hashable, Comparable {
    var kind: UInt8
    var id: UInt32
    static func < (a: ContactKey, b: ContactKey) -> Bool { (a.kind, a.id) < (b.kind, b.id) }
}

/// The samples of each contact (touch, pencil, pointer), in time order.
func contacts(of samples: [InputSample]) -> [(key: ContactKey, samples: [InputSample])] {
    var groups: [ContactKey: [InputSample]] = [:]
    for sample in samples where sample.kind.isContact {
        groups[ContactKey(kind: sample.kind.rawValue, id: sample.id), default: []].append(sample)
    }
    return groups.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
}

func markers(_ label: GroundTruthMarker, in samples: [InputSample]) -> [InputSample] {
    samples.filter { $0.kind == .marker && $0.label == label.label }
}

func median(_ values: [Int64]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
}

/// Whether a contact's phases follow its life: a finger begins, moves and ends; a pencil
/// hovers in, touches, lifts and hovers out; a pointer hovers from entering to exiting, and a
/// mouse's button held in between begins, moves and ends as a finger does.
func hasValidLifecycle(_ samples: [InputSample]) -> Bool {
    guard let kind = samples.first?.kind else { return false }
    let phases = samples.map(\.phase)
    let inContact: Set<SamplePhase> = [.moved, .stationary]
    switch kind {
    case .touch:
        guard phases.count >= 2, phases.first == .began, phases.last == .ended else { return false }
        return phases.dropFirst().dropLast().allSatisfy(inContact.contains)
    case .pencil:
        guard phases.first == .hoverEntered, phases.last == .hoverExited,
            let began = phases.firstIndex(of: .began), let ended = phases.firstIndex(of: .ended), began < ended,
            phases.filter({ $0 == .began }).count == 1, phases.filter({ $0 == .ended }).count == 1
        else { return false }
        let before = phases[1..<began], during = phases[(began + 1)..<ended], after = phases[(ended + 1)..<(phases.count - 1)]
        return before.allSatisfy { $0 == .hoverMoved } && during.allSatisfy(inContact.contains)
            && after.allSatisfy { $0 == .hoverMoved }
    case .pointer:
        guard phases.count >= 2, phases.first == .hoverEntered, phases.last == .hoverExited else { return false }
        var pressed = false
        for phase in phases.dropFirst().dropLast() {
            switch phase {
            case .hoverMoved where !pressed: continue
            case .began where !pressed: pressed = true
            case .moved, .stationary: if !pressed { return false }
            case .ended where pressed: pressed = false
            default: return false
            }
        }
        return !pressed
    default:
        return false
    }
}

/// The sample kinds each gesture must produce (markers included).
func expectedKinds(of gesture: Gesture) -> Set<SampleKind> {
    switch gesture {
    case .tap, .doubleTap, .longPress, .pinch, .rotate, .multiFinger: [.touch]
    case .drag, .flick, .reversal, .catch, .pause, .homeFlick, .backToApp, .pipThrow, .sheetDismiss,
         .launchTap, .launchSwitcher, .launchClose, .menuSelect, .menuDismiss, .menuScroll, .appSwitch, .appSwitchHome,
         .appSwitchCatch, .sidebarOpen, .sidebarThirdColumn, .sidebarCatch: [.touch, .marker]
    case .pencilStroke: [.pencil]
    case .pencilAndPan, .pencilAndPinch, .pencilAndScrub: [.pencil, .touch, .marker]
    case .forcePress: [.touch, .marker]
    case .pointerHover: [.pointer]
    case .pointerTargets: [.pointer, .marker]
    case .scrollWheel, .trackpadScroll: [.pointer, .scroll]
    case .modifierTap: [.touch, .key]
    case .optionDrag, .shiftSelect: [.touch, .key, .marker]
    case .commandClick: [.touch, .pointer, .key, .marker]
    case .parity: [.touch, .pointer, .scroll, .marker]
    case .session: Set(SampleKind.allCases)
    }
}

/// How many markers of each label a single-gesture trace carries.
func expectedMarkers(of gesture: Gesture) -> [GroundTruthMarker: Int] {
    switch gesture {
    case .flick, .homeFlick, .pipThrow, .sheetDismiss, .launchTap, .appSwitch, .appSwitchHome: [.release: 1]
    case .appSwitchCatch: [.release: 2]
    case .sidebarOpen: [.release: 1]
    case .sidebarCatch: [.release: 6]
    case .launchSwitcher: [.release: 1, .pause: 1]
    case .launchClose: [.release: 2]
    case .reversal: [.redirect: 1]
    case .catch, .backToApp: [.release: 1, .redirect: 1]
    case .pause: [.pause: 1]
    case .menuSelect: [.highlight: 1]
    case .parity: [.parity: 4]
    default: [:]
    }
}

/// The destinations the intent markers of a single-gesture trace name, in order, without
/// their numbers (a PIP corner as "corner", a menu item as "item", a board object's outcome
/// as "moved", the app before or after as "beside", a pointer cell by its kind alone: the
/// plan draws them at random).
func expectedIntents(of gesture: Gesture) -> [String] {
    switch gesture {
    case .homeFlick: ["home"]
    case .backToApp: ["app"]
    case .pause: ["appSwitcher"]
    case .pipThrow: ["corner"]
    // As traces of their own, with seed 1: each clearly means a PIP corner.
    case .drag, .flick, .reversal, .catch: ["corner"]
    case .sheetDismiss: ["open", "closed"]
    case .launchTap: ["home", "app", "app"]
    case .launchSwitcher: ["home", "app", "appSwitcher"]
    case .launchClose: ["home", "app", "home"]
    case .pointerTargets: ["target", "target", "hovered", "target"]
    case .menuSelect: ["item"]
    case .menuDismiss, .menuScroll: ["menu", "dismissed"]
    case .appSwitch: ["beside"]
    case .appSwitchHome: ["home"]
    case .appSwitchCatch: ["beside", "beside"]
    case .optionDrag: ["copied", "moved"]
    case .shiftSelect: ["selected", "selected", "selected"]
    case .commandClick: ["activated", "activated"]
    case .sidebarOpen: ["sidebarOpen"]
    case .sidebarThirdColumn: ["thirdColumn"]
    case .sidebarCatch: ["sidebarOpen", "sidebarClosed", "sidebarOpen", "sidebarClosed", "sidebarOpen", "sidebarClosed"]
    case .forcePress: ["on", "on", "off"]
    case .pencilAndPan: ["ink+pan"]
    case .pencilAndPinch: ["ink+zoom"]
    case .pencilAndScrub: ["ink+scrub"]
    default: []
    }
}

func quantized(_ value: Double) -> Double { (value * 256).rounded() / 256 }
