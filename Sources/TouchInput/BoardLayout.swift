/// The geometry of the `board` reference scene, shared with synthesis so that a synthesized
/// drag or click aims at the object it means and a pan lands on the empty board between them
/// (as ``MenuLayout`` is shared for the menu).
///
/// Objects of 80 pt in a grid of three columns and ``rows`` rows, 40 pt apart across and
/// 50 pt apart down, on a board three screens tall that scrolls vertically. Positions are in
/// board coordinates: at scroll offset `o` (0 at the top, negative further down) a board
/// point (x, y) is shown at (x, y + o).
public struct BoardLayout: Sendable, Hashable {
    public static let columns = 3
    public static let rows = 12
    public static let side = 80.0
    public static let gapX = 40.0
    public static let gapY = 50.0
    /// The top of the first row on the board, points.
    public static let top = 120.0

    /// The left edge of the first column.
    public let left: Double

    /// The layout on a screen `screenWidth` wide: the grid centred across it.
    public init(screenWidth: Double) {
        let span = Double(Self.columns) * Self.side + Double(Self.columns - 1) * Self.gapX
        left = (screenWidth - span) / 2
    }

    /// How many objects the board starts with.
    public static var count: Int { columns * rows }

    /// The top-left corner of object `index` on the board as laid out (row by row).
    public func origin(of index: Int) -> (x: Double, y: Double) {
        let column = index % Self.columns, row = index / Self.columns
        return (left + Double(column) * (Self.side + Self.gapX), Self.top + Double(row) * (Self.side + Self.gapY))
    }

    /// The centre of object `index` as laid out, on the board.
    public func centre(of index: Int) -> (x: Double, y: Double) {
        let origin = origin(of: index)
        return (origin.x + Self.side / 2, origin.y + Self.side / 2)
    }

    /// The middle of the gap right of column `column` (0 or 1), across: a finger landing
    /// there touches no object.
    public func gapX(rightOf column: Int) -> Double {
        left + Double(column + 1) * (Self.side + Self.gapX) - Self.gapX / 2
    }

    /// The middle of the gap below row `row`, down the board.
    public static func gapY(below row: Int) -> Double {
        top + Double(row + 1) * (side + gapY) - gapY / 2
    }
}
