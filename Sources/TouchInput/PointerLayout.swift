/// The geometry of the `pointer` reference scene, shared with synthesis so that a synthesized
/// pointer aims at the targets the scene lays out (as ``MenuLayout`` is for the menu).
///
/// After the iPadOS pointer guidelines: a bar of 44 pt buttons every 60 pt along the top 60 pt,
/// and below it a grid of 80 × 44 pt elements every 120 pt across and 100 pt down. Cells count
/// rows from the bar (row 0); every third grid row (cell rows 3, 6, …) holds hover-effect
/// elements, the others highlight buttons.
public enum PointerLayout {
    /// The bar's height, its buttons' size and their pitch, points.
    public static let barHeight = 60.0
    public static let barButton = 44.0
    public static let barPitch = 60.0
    /// A grid element's size and the grid's spacing, points.
    public static let elementWidth = 80.0
    public static let elementHeight = 44.0
    public static let spacingX = 120.0
    public static let spacingY = 100.0

    /// How many bar buttons fit a screen `width` points wide (at least one).
    public static func barButtons(screenWidth width: Double) -> Int { max(1, Int(width / barPitch)) }

    /// How many grid columns fit a screen `width` points wide (at least one).
    public static func gridColumns(screenWidth width: Double) -> Int { max(1, Int(width / spacingX)) }

    /// How many grid rows fit below the bar on a screen `height` points tall (at least one).
    public static func gridRows(screenHeight height: Double) -> Int { max(1, Int((height - barHeight) / spacingY)) }

    /// The centre of the target in `column` of cell `row` (0: the bar).
    public static func centre(column: Int, row: Int) -> (x: Double, y: Double) {
        if row == 0 { return (barPitch * (Double(column) + 0.5), barHeight / 2) }
        return (spacingX * (Double(column) + 0.5), barHeight + spacingY * (Double(row - 1) + 0.5))
    }

    /// Whether the grid's cell row `row` (1 or more) holds hover-effect elements.
    public static func holdsHoverEffects(row: Int) -> Bool { row > 0 && (row - 1) % 3 == 2 }
}
