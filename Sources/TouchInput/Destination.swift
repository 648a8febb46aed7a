/// Where a scene is committed to take the element, as a typed value: probes compare it
/// across frames (a pause is answered when it changes) and with the intent a trace states
/// (an `intent:<destination>` marker, see ``intentLabel``).
///
/// It lives with the sample vocabulary because traces speak it too: synthesis writes the
/// destination a gesture means, replay compares the scene's with it.
public enum Destination: Sendable, Hashable, CustomStringConvertible {
    /// No destination (a scroll view, an idle button).
    case none
    /// The home scene's outcomes: back to the app, home, the app switcher, or along the home
    /// indicator to the app before or after the one the gesture started from.
    case app, home, appSwitcher, previousApp, nextApp
    /// A picture-in-picture corner: 0 top left, 1 top right, 2 bottom left, 3 bottom right.
    case corner(Int)
    /// A sheet's resting states.
    case open, closed
    /// A button's committed gesture.
    case tap, doubleTap
    /// A photo being pinched or rotated.
    case pinching
    /// A pointer target captured by magnetism, by grid column and row.
    case target(column: Int, row: Int)
    /// A hover-effect element under the pointer, which keeps its shape and is not captured.
    case hovered(column: Int, row: Int)
    /// A menu's outcomes: open with nothing highlighted, an item (0 at the top) highlighted
    /// under the finger or chosen, dismissed without a choice.
    case menuOpen, menuItem(Int), dismissed
    /// A sidebar's stops: closed, open, and pulled further to show a third column.
    case sidebarClosed, sidebarOpen, thirdColumn
    /// A board's outcomes for object `index` (as laid out by ``BoardLayout``): dragged to a
    /// new place, copied (the original stays), acted on at once (opened); and how many objects
    /// are selected after a click, a Shift-click or a Shift-drag.
    case moved(Int), copied(Int), activated(Int), selected(Int)
    /// A force-press switch's states (the flashlight): a press past the force threshold
    /// switches it; one lifted before the threshold leaves it as it was.
    case switchedOn, switchedOff
    /// What a gesture on a canvas did: who drew and what the other hand changed
    /// (``CanvasOutcome``: `ink+pan`, `ink+scrub7`, …).
    case canvas(CanvasOutcome)

    /// The name timelines and reports show: `home`, `corner3`, `target 0,1`, … (empty for
    /// ``none``).
    public var description: String {
        switch self {
        case .none: ""
        case .app: "app"
        case .home: "home"
        case .appSwitcher: "appSwitcher"
        case .previousApp: "previousApp"
        case .nextApp: "nextApp"
        case .corner(let index): "corner\(index)"
        case .open: "open"
        case .closed: "closed"
        case .tap: "tap"
        case .doubleTap: "doubleTap"
        case .pinching: "pinching"
        case .target(let column, let row): "target \(column),\(row)"
        case .hovered(let column, let row): "hovered \(column),\(row)"
        case .menuOpen: "menu"
        case .menuItem(let index): "item\(index)"
        case .dismissed: "dismissed"
        case .sidebarClosed: "sidebarClosed"
        case .sidebarOpen: "sidebarOpen"
        case .thirdColumn: "thirdColumn"
        case .moved(let index): "moved\(index)"
        case .copied(let index): "copied\(index)"
        case .activated(let index): "activated\(index)"
        case .selected(let count): "selected\(count)"
        case .switchedOn: "on"
        case .switchedOff: "off"
        case .canvas(let outcome): outcome.description
        }
    }

    /// The destination named `name` as ``description`` spells it (`home`, `corner2`,
    /// `target 1,3`, `hovered 0,2`), or `nil` for any other text (``none`` has no name to parse).
    public init?(name: String) {
        switch name {
        case "app": self = .app
        case "home": self = .home
        case "appSwitcher": self = .appSwitcher
        case "previousApp": self = .previousApp
        case "nextApp": self = .nextApp
        case "sidebarClosed": self = .sidebarClosed
        case "sidebarOpen": self = .sidebarOpen
        case "thirdColumn": self = .thirdColumn
        case "open": self = .open
        case "closed": self = .closed
        case "tap": self = .tap
        case "doubleTap": self = .doubleTap
        case "pinching": self = .pinching
        case "menu": self = .menuOpen
        case "dismissed": self = .dismissed
        case "on": self = .switchedOn
        case "off": self = .switchedOff
        default:
            if name.hasPrefix("corner"), let index = Int(name.dropFirst(6)), (0...3).contains(index),
               "corner\(index)" == name {
                self = .corner(index)
            } else if let cell = Self.cell(in: name, after: "target ") {
                self = .target(column: cell.column, row: cell.row)
            } else if let cell = Self.cell(in: name, after: "hovered ") {
                self = .hovered(column: cell.column, row: cell.row)
            } else if let index = Self.index(in: name, after: "item") {
                self = .menuItem(index)
            } else if let index = Self.index(in: name, after: "moved") {
                self = .moved(index)
            } else if let index = Self.index(in: name, after: "copied") {
                self = .copied(index)
            } else if let index = Self.index(in: name, after: "activated") {
                self = .activated(index)
            } else if let count = Self.index(in: name, after: "selected") {
                self = .selected(count)
            } else if let outcome = CanvasOutcome(name: name) {
                self = .canvas(outcome)
            } else {
                return nil
            }
        }
    }

    /// The number of a destination's name, `PREFIX index` in canonical digits.
    private static func index(in name: String, after prefix: String) -> Int? {
        guard name.hasPrefix(prefix), let index = Int(name.dropFirst(prefix.count)), index >= 0,
              "\(prefix)\(index)" == name else { return nil }
        return index
    }

    /// The grid cell of a pointer destination's name, `PREFIX column,row` in canonical digits.
    private static func cell(in name: String, after prefix: String) -> (column: Int, row: Int)? {
        guard name.hasPrefix(prefix) else { return nil }
        let cell = name.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)
        guard cell.count == 2, let column = Int(cell[0]), let row = Int(cell[1]), column >= 0, row >= 0,
              "\(prefix)\(column),\(row)" == name else { return nil }
        return (column, row)
    }

    /// What kind of place it is: a destination is only ever compared with intents of its
    /// own family (a PIP corner means nothing to the home scene).
    public enum Family: Int, Sendable, Hashable, CaseIterable {
        case none, home, corner, sheet, button, pinch, pointer, menu, sidebar, board, press, canvas
    }

    /// The family of this destination. Inlined: several probes ask it of every frame, and as a
    /// call it cost more than its table lookup.
    @inlinable @inline(__always) public var family: Family {
        switch self {
        case .none: .none
        case .app, .home, .appSwitcher, .previousApp, .nextApp: .home
        case .corner: .corner
        case .open, .closed: .sheet
        case .tap, .doubleTap: .button
        case .pinching: .pinch
        case .target, .hovered: .pointer
        case .menuOpen, .menuItem, .dismissed: .menu
        case .sidebarClosed, .sidebarOpen, .thirdColumn: .sidebar
        case .moved, .copied, .activated, .selected: .board
        case .switchedOn, .switchedOff: .press
        case .canvas: .canvas
        }
    }

    // MARK: Intent markers

    /// The prefix of an intent marker's label: `intent:home`, `intent:corner2`.
    public static let intentPrefix = "intent:"

    /// The label of the marker saying a gesture means this destination.
    public var intentLabel: String { Self.intentPrefix + description }

    /// The destination an intent marker's label names, or `nil` when `label` is not an
    /// intent (or names no destination).
    public init?(intentLabel label: String) {
        guard label.hasPrefix(Self.intentPrefix) else { return nil }
        self.init(name: String(label.dropFirst(Self.intentPrefix.count)))
    }
}
