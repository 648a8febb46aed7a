/// The geometry of the `menu` reference scene, shared with synthesis so that a synthesized
/// press-drag-select aims at the item it means (as ``Destination`` is shared for intents).
///
/// Six items of 44 pt in a 220 pt wide menu (the example page Pages/menu.html's sizes). The
/// menu opens beside the press, not under it, so a press alone highlights nothing: centred
/// on the press horizontally and 24 pt below it, or 24 pt above it when it would not fit
/// below, kept 10 pt inside the screen.
public struct MenuLayout: Sendable, Hashable {
    public static let itemCount = 6
    public static let itemHeight = 44.0
    public static let width = 220.0
    /// The gap between the press and the menu's nearest edge, points.
    public static let gap = 24.0
    /// How far inside the screen's edges the menu stays, points.
    public static let margin = 10.0

    /// The menu's top-left corner and whether it opened above the press.
    public let left: Double
    public let top: Double
    public let opensAbove: Bool

    public static var height: Double { Double(itemCount) * itemHeight }

    /// The menu a press at (`x`, `y`) opens on a `width` × `height` screen.
    public init(pressX x: Double, y: Double, screenWidth: Double, screenHeight: Double) {
        left = max(Self.margin, min(x - Self.width / 2, screenWidth - Self.margin - Self.width))
        let below = y + Self.gap
        opensAbove = below + Self.height > screenHeight - Self.margin
        top = max(Self.margin, opensAbove ? y - Self.gap - Self.height : below)
    }

    /// Whether (`x`, `y`) is inside the menu.
    public func contains(x: Double, y: Double) -> Bool {
        x >= left && x <= left + Self.width && y >= top && y <= top + Self.height
    }

    /// The item under (`x`, `y`), 0 at the top, or `nil` outside the menu.
    public func item(atX x: Double, y: Double) -> Int? {
        guard contains(x: x, y: y) else { return nil }
        return min(Self.itemCount - 1, Int((y - top) / Self.itemHeight))
    }

    /// The centre of item `index`.
    public func centre(ofItem index: Int) -> (x: Double, y: Double) {
        (left + Self.width / 2, top + (Double(index) + 0.5) * Self.itemHeight)
    }
}
