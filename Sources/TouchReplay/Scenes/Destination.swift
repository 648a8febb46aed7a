/// Where a scene is committed to take the element, as a typed value: probes compare it
/// across frames (a pause is answered when it changes) and with the intent a trace states.
public enum Destination: Sendable, Hashable, CustomStringConvertible {
    /// No destination (a scroll view, an idle button).
    case none
    /// The home scene's outcomes: back to the app, home, the app switcher.
    case app, home, appSwitcher
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

    /// The name timelines and reports show: `home`, `corner3`, `target 0,1`, … (empty for
    /// ``none``).
    public var description: String {
        switch self {
        case .none: ""
        case .app: "app"
        case .home: "home"
        case .appSwitcher: "appSwitcher"
        case .corner(let index): "corner\(index)"
        case .open: "open"
        case .closed: "closed"
        case .tap: "tap"
        case .doubleTap: "doubleTap"
        case .pinching: "pinching"
        case .target(let column, let row): "target \(column),\(row)"
        }
    }
}
