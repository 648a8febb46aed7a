import TouchDynamics
import TouchGestures
import TouchInput

extension PointerScene {
    /// A target's place: its column and row (the bar is row 0, the grid's rows follow).
    struct Cell: Sendable, Hashable {
        var column: Int
        var row: Int
    }

    /// The targets that fit a `width` × `height` screen (``PointerLayout``), indexed the bar's
    /// buttons left to right, then the grid row by row; highlight buttons are bordered on the
    /// grid's first, third, fifth … rows and borderless on the others.
    ///
    /// Computed from the index, never listed: the layout fills the screen, so a list would
    /// grow with its area (10^8 targets on a 10^6 pt screen), and hit-testing looks only at
    /// the cells around a point, so a sample costs the same on any screen.
    public struct Targets: HoverTargetSet {
        /// How many bar buttons, grid columns and grid rows fit the screen.
        let barButtons: Int, columns: Int, rows: Int
        let barHitRegions: BarHitRegions

        init(width: Double, height: Double, barHitRegions: BarHitRegions) {
            barButtons = PointerLayout.barButtons(screenWidth: width)
            columns = PointerLayout.gridColumns(screenWidth: width)
            rows = PointerLayout.gridRows(screenHeight: height)
            self.barHitRegions = barHitRegions
        }

        /// How many targets there are.
        public var count: Int { barButtons + columns * rows }
        public var isEmpty: Bool { false }

        /// The cell of target `index`, `nil` for an index that names none.
        func cell(of index: Int) -> Cell? {
            guard index >= 0, index < count else { return nil }
            if index < barButtons { return Cell(column: index, row: 0) }
            let grid = index - barButtons
            return Cell(column: grid % columns, row: grid / columns + 1)
        }

        public func target(at index: Int) -> HoverTarget? {
            typealias L = PointerLayout
            guard let cell = cell(of: index) else { return nil }
            let centre = L.centre(column: cell.column, row: cell.row)
            if cell.row == 0 {
                let frame = Rect(x: centre.x - L.barButton / 2, y: centre.y - L.barButton / 2,
                                 width: L.barButton, height: L.barButton)
                let region = barHitRegions == .contiguous
                    ? Rect(x: centre.x - L.barPitch / 2, y: 0, width: L.barPitch, height: L.barHeight) : frame
                return HoverTarget(frame: frame, hasBorder: false, effect: .highlight, hitRegion: region)
            }
            let frame = Rect(x: centre.x - L.elementWidth / 2, y: centre.y - L.elementHeight / 2,
                             width: L.elementWidth, height: L.elementHeight)
            return L.holdsHoverEffects(row: cell.row)
                ? HoverTarget(frame: frame, hasBorder: false, effect: .hover)
                : HoverTarget(frame: frame, hasBorder: cell.row % 2 == 1, effect: .highlight)
        }

        /// The bar buttons in the pitch under `point` and its neighbours, then the grid cells
        /// in the 3 × 3 block around it: a hit region reaches at most 64 pt across and 46 pt
        /// down from its centre (an 80 × 44 pt element padded by 24 pt), less than one
        /// spacing, so no other target's region can contain the point.
        public func candidates(near point: Point) -> [Int] {
            typealias L = PointerLayout
            guard point.x.isFinite, point.y.isFinite else { return [] }
            var found: [Int] = []
            found.reserveCapacity(12)
            if point.y >= -1, point.y <= L.barHeight + 1 {
                let column = Self.slot(point.x / L.barPitch, count: barButtons)
                for c in max(0, column - 1)...min(barButtons - 1, column + 1) { found.append(c) }
            }
            let column = Self.slot(point.x / L.spacingX, count: columns)
            let row = Self.slot((point.y - L.barHeight) / L.spacingY, count: rows) + 1
            for r in max(1, row - 1)...min(rows, row + 1) {
                for c in max(0, column - 1)...min(columns - 1, column + 1) {
                    found.append(barButtons + (r - 1) * columns + c)
                }
            }
            return found
        }

        /// The slot `position` falls in, clamped to −1 … `count` (just outside either end),
        /// so that a point far off the screen converts without overflow; the ranges above
        /// are then never empty (count ≥ 1).
        private static func slot(_ position: Double, count: Int) -> Int {
            Int(min(max(position.rounded(.down), -1), Double(count)))
        }
    }
}
