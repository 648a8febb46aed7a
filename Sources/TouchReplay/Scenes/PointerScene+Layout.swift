import TouchDynamics
import TouchGestures
import TouchInput

extension PointerScene {
    /// A target's place: its column and row (the bar is row 0, the grid's rows follow).
    struct Cell: Sendable, Hashable {
        var column: Int
        var row: Int
    }

    /// The targets that fit a `width` × `height` screen (``PointerLayout``), with their cells:
    /// the bar's buttons left to right, then the grid row by row; highlight buttons are
    /// bordered on the grid's first, third, fifth … rows and borderless on the others.
    static func layout(width: Double, height: Double, barHitRegions: BarHitRegions) -> [(target: HoverTarget, cell: Cell)] {
        typealias L = PointerLayout
        var layout: [(target: HoverTarget, cell: Cell)] = []
        for column in 0..<L.barButtons(screenWidth: width) {
            let centre = L.centre(column: column, row: 0)
            let frame = Rect(x: centre.x - L.barButton / 2, y: centre.y - L.barButton / 2, width: L.barButton, height: L.barButton)
            let region = barHitRegions == .contiguous
                ? Rect(x: centre.x - L.barPitch / 2, y: 0, width: L.barPitch, height: L.barHeight) : frame
            layout.append((HoverTarget(frame: frame, hasBorder: false, effect: .highlight, hitRegion: region),
                           Cell(column: column, row: 0)))
        }
        for row in 1...L.gridRows(screenHeight: height) {
            for column in 0..<L.gridColumns(screenWidth: width) {
                let centre = L.centre(column: column, row: row)
                let frame = Rect(x: centre.x - L.elementWidth / 2, y: centre.y - L.elementHeight / 2,
                                 width: L.elementWidth, height: L.elementHeight)
                let target = L.holdsHoverEffects(row: row)
                    ? HoverTarget(frame: frame, hasBorder: false, effect: .hover)
                    : HoverTarget(frame: frame, hasBorder: row % 2 == 1, effect: .highlight)
                layout.append((target, Cell(column: column, row: row)))
            }
        }
        return layout
    }
}
