import TouchBenchSupport
import TouchInput

/// Gestures for the `menu` scene (``MenuLayout``): a press that opens the menu and drags to an
/// item in one gesture (`menu-select`), and a tap that opens it followed, while it still
/// opens, by a tap outside (`menu-dismiss`) or a drag started outside (`menu-scroll`).
/// The menu's spring (damping 0.8, response 0.3 s) settles to 1 % about 0.28 s after the
/// press, so each second input lands during the opening animation.
extension EpisodeBuilder {
    /// What follows the press.
    enum MenuAction {
        case select, dismiss, scroll
    }

    /// When the opening animation is interrupted: 40–150 ms after the opening tap's lift
    /// (60–100 ms after its press), so 100–250 ms into the 280 ms animation.
    static let menuInterruption = 0.04...0.15

    mutating func planMenu(_ action: MenuAction) {
        // In the upper part of the screen, so the menu opens below the press.
        let press = Vector(x: random.uniform(0.3, 0.7) * width, y: random.uniform(0.15, 0.35) * height)
        let layout = MenuLayout(pressX: press.x, y: press.y, screenWidth: width, screenHeight: height)
        switch action {
        case .select:
            pressDragSelect(from: press, layout: layout)
        case .dismiss, .scroll:
            let hold = random.uniform(0.06, 0.1)
            let opening = addFinger(.movements(restingPath(from: 0, for: hold, slip: 0.2...0.9).translated(by: press)),
                                    landing: 0, lifting: hold)
            addIntent(.menuOpen, at: opening.upTime)
            let land = opening.up + random.uniform(Self.menuInterruption.lowerBound, Self.menuInterruption.upperBound)
            // Below the menu, at least 40 pt clear of it.
            let spot = Vector(x: random.uniform(0.2, 0.8) * width,
                              y: random.uniform(layout.top + MenuLayout.height + 40, height - 60))
            if action == .dismiss {
                let tapHold = random.uniform(0.06, 0.1)
                let tap = addFinger(.movements(restingPath(from: land, for: tapHold, slip: 0.2...0.9).translated(by: spot)),
                                    landing: land, lifting: land + tapHold)
                addIntent(.dismissed, at: tap.downTime)
            } else {
                // A drag up the list that comes to rest before the lift (no momentum).
                var path = MovementPath(start: spot)
                let duration = random.uniform(0.25, 0.4)
                path.move(by: Vector(x: random.uniform(-10, 10), y: -random.uniform(150, 300)), from: land + 0.02, over: duration)
                let drag = addFinger(.movements(path), landing: land, lifting: land + 0.02 + duration + random.uniform(0.05, 0.1))
                addIntent(.dismissed, at: drag.downTime)
            }
        }
    }

    /// A press that opens the menu, then, 30–60 ms later, a drag onto item k over 0.15–0.3 s,
    /// held 40–100 ms, lifted: `highlight` where the finger's model path crosses into the
    /// menu, `intent:item<k>` where it crosses into item k (the same instant for item 0).
    private mutating func pressDragSelect(from press: Vector, layout: MenuLayout) {
        let item = random.integer(in: 0...(MenuLayout.itemCount - 1))
        let centre = layout.centre(ofItem: item)
        let aim = Vector(x: centre.x + random.uniform(-40, 40), y: centre.y + random.uniform(-12, 12))
        let start = random.uniform(0.03, 0.06), duration = random.uniform(0.15, 0.3)
        var path = MovementPath(start: press)
        path.move(by: aim - press, from: start, over: duration)
        let lift = start + duration + random.uniform(0.04, 0.1)
        addFinger(.movements(path), landing: 0, lifting: lift)
        // The menu opens below the press and the path runs down: first y past each edge.
        func crossing(_ y: Double) -> Double { bisect(start...(start + duration)) { path.position(at: $0).y < y } }
        addMarker(.highlight, atLocal: crossing(layout.top))
        addIntent(.menuItem(item), atLocal: crossing(layout.top + Double(item) * MenuLayout.itemHeight))
    }
}
