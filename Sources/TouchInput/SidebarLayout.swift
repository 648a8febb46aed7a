/// The geometry of the `sidebar` reference scene, shared with synthesis so that a synthesized
/// swipe aims at the stop it means (as ``MenuLayout`` is for the menu).
///
/// A sidebar revealed from the left edge stops at three places: closed (0), open (its width:
/// 320 pt, or 45 % of a narrow screen) and, pulled on past it, a third column (twice the
/// width). A released sidebar goes to the stop nearest where its momentum would carry it, so
/// each stop owns the reveals up to halfway to its neighbours.
public struct SidebarLayout: Sendable, Hashable {
    /// The sidebar's width on a wide screen, points.
    public static let preferredWidth = 320.0
    /// The share of a narrow screen's width the sidebar takes at most.
    public static let widthShare = 0.45

    /// The reveal of each stop: closed, open, third column.
    public let stops: [Double]

    /// The sidebar of a screen `screenWidth` points wide.
    public init(screenWidth: Double) {
        let open = min(Self.preferredWidth, Self.widthShare * screenWidth)
        stops = [0, open, 2 * open]
    }

    /// The open sidebar's width.
    public var openWidth: Double { stops[1] }
    /// The furthest stop: past it the sidebar rubber-bands.
    public var lastStop: Double { stops[2] }

    /// The destination of the stop nearest `reveal`.
    public func nearestStop(to reveal: Double) -> Destination {
        if reveal < openWidth / 2 { return .sidebarClosed }
        return reveal < (openWidth + lastStop) / 2 ? .sidebarOpen : .thirdColumn
    }

    /// The reveal of a stop's destination (closed for any other destination).
    public func reveal(of destination: Destination) -> Double {
        switch destination {
        case .sidebarOpen: openWidth
        case .thirdColumn: lastStop
        default: 0
        }
    }
}
