import TouchBenchSupport
import TouchInput

extension EpisodeBuilder {
    /// The pointer visits targets where the `pointer` scene lays them out (``PointerLayout``:
    /// a bar of buttons along the top, a grid below it whose third row holds hover-effect
    /// elements). It travels onto a bar button, glides slowly along the bar
    /// two to four buttons on (50–70 pt/s, as when reading them: slow enough that gaps between
    /// hit regions would let the pointer go), travels to a spot inside a hover-effect element,
    /// then onto a highlight button of the grid's first row, resting 0.3–0.6 s on each.
    /// `intent:target c,0`, `intent:hovered c,3` and `intent:target c,1` as each movement starts.
    mutating func planPointerTargets() {
        let buttons = max(3, PointerLayout.barButtons(screenWidth: width))
        let columns = PointerLayout.gridColumns(screenWidth: width)
        func centre(_ column: Int, _ row: Int) -> Vector {
            let centre = PointerLayout.centre(column: column, row: row)
            return Vector(x: centre.x, y: centre.y)
        }
        var position = Vector(x: random.uniform(0.3, 0.7) * width, y: random.uniform(0.6, 0.8) * height)
        var path = MovementPath(start: position)
        var t = 0.05
        func visit(_ destination: Destination, at spot: Vector, rest: ClosedRange<Double>) {
            addIntent(destination, atLocal: t)
            t = travel(&path, from: position, to: spot, at: t) + random.uniform(rest.lowerBound, rest.upperBound)
            position = spot
        }
        let first = random.integer(in: 0...(buttons - 3))
        visit(.target(column: first, row: 0),
              at: centre(first, 0) + Vector(x: random.uniform(-5, 5), y: random.uniform(-5, 5)), rest: 0.3...0.5)
        let last = min(buttons - 1, first + random.integer(in: 2...4))
        addIntent(.target(column: last, row: 0), atLocal: t)
        let along = centre(last, 0) - position
        let glide = along.length / random.uniform(50, 70)
        path.move(by: along, from: t, over: glide)
        t += glide + random.uniform(0.3, 0.5)
        position = position + along
        let card = random.integer(in: 0...(columns - 1))
        visit(.hovered(column: card, row: 3),
              at: centre(card, 3) + Vector(x: random.uniform(-25, 25), y: random.uniform(-12, 12)), rest: 0.4...0.6)
        let button = random.integer(in: 0...(columns - 1))
        visit(.target(column: button, row: 1),
              at: centre(button, 1) + Vector(x: random.uniform(-20, 20), y: random.uniform(-10, 10)), rest: 0.4...0.6)
        _ = addPointer(path, until: t)
    }
}
