import TouchDynamics
import TouchGestures

extension PointerScene {
    /// A target's place: its column and row (the bar is row 0, the grid's rows follow).
    struct Cell: Sendable, Hashable {
        var column: Int
        var row: Int
    }

    /// The bar: its height, its buttons' size and their pitch, points.
    static let bar = (height: 60.0, button: 44.0, pitch: 60.0)
    /// The grid's elements and their spacing, points.
    static let element = (width: 80.0, height: 44.0)
    static let spacing = (x: 120.0, y: 100.0)

    /// The targets that fit a `width` × `height` screen, with their cells: the bar's buttons
    /// left to right, then the grid row by row: every third grid row (the third, sixth, …) holds
    /// hover-effect elements, the others highlight buttons, bordered on even rows (the first,
    /// fifth, …) and borderless on odd ones.
    static func layout(width: Double, height: Double, barHitRegions: BarHitRegions) -> [(target: HoverTarget, cell: Cell)] {
        var layout: [(target: HoverTarget, cell: Cell)] = []
        let buttons = max(1, Int(width / bar.pitch))
        for column in 0..<buttons {
            let left = Double(column) * bar.pitch
            let frame = Rect(x: left + (bar.pitch - bar.button) / 2, y: (bar.height - bar.button) / 2,
                             width: bar.button, height: bar.button)
            let region = barHitRegions == .contiguous ? Rect(x: left, y: 0, width: bar.pitch, height: bar.height) : frame
            layout.append((HoverTarget(frame: frame, hasBorder: false, effect: .highlight, hitRegion: region),
                           Cell(column: column, row: 0)))
        }
        let columns = max(1, Int(width / spacing.x))
        let rows = max(1, Int((height - bar.height) / spacing.y))
        for row in 0..<rows {
            for column in 0..<columns {
                let frame = Rect(
                    x: spacing.x / 2 + Double(column) * spacing.x - element.width / 2,
                    y: bar.height + spacing.y / 2 + Double(row) * spacing.y - element.height / 2,
                    width: element.width, height: element.height)
                let target = row % 3 == 2
                    ? HoverTarget(frame: frame, hasBorder: false, effect: .hover)
                    : HoverTarget(frame: frame, hasBorder: row % 2 == 0, effect: .highlight)
                layout.append((target, Cell(column: column, row: row + 1)))
            }
        }
        return layout
    }
}
