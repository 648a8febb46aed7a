import Testing
import TouchGestures
import TouchInput
import TouchReplay

/// The pointer scene on TouchGestures' hover recognizer: padded hit regions and magnetism.
@Suite struct PointerSceneTests {
    /// Hover samples every 1/120 s from `from` to `to` over `duration` ms, then held still
    /// for `hold` ms.
    func glide(_ driver: inout SceneDriver<PointerScene>, from start: (Double, Double), to end: (Double, Double),
               at begin: Double, over duration: Double, hold: Double) {
        let steps = Int(duration / 8.333)
        for step in 0...steps {
            let f = Double(step) / Double(steps)
            driver.feed(pointer(.hoverMoved, begin + Double(step) * 8.333,
                                x: start.0 + (end.0 - start.0) * f, y: start.1 + (end.1 - start.1) * f))
        }
        var t = begin + Double(steps) * 8.333
        while t < begin + duration + hold {
            t += 8.333
            driver.feed(pointer(.hoverMoved, t, x: end.0, y: end.1))
        }
        driver.show()
    }

    @Test func thePointerIsPulledOntoATargetAndLetGo() throws {
        var driver = SceneDriver(PointerScene(context: SceneContext(width: 390, height: 844)))
        let targets = driver.scene.targets
        // Six bar buttons first (row 0), then the grid: its first row has borders (12 pt
        // padding), its second none (24 pt).
        #expect(targets.target(at: 6)?.frame == Rect(x: 20, y: 88, width: 80, height: 44) && targets.target(at: 6)?.hasBorder == true)
        #expect(targets.target(at: 9)?.frame == Rect(x: 20, y: 188, width: 80, height: 44) && targets.target(at: 9)?.hasBorder == false)

        // Between the rows, clear of both padded regions: the pointer is the hand.
        driver.feed(pointer(.hoverEntered, 0, x: 120, y: 155))
        var state = driver.show()
        #expect(state.x == 120 && state.y == 155)
        #expect(state.destination == .none && state.tracking == ContactKey(kind: .pointer, id: 1))

        // Slowly into the first element's 12 pt padding, just right of its frame.
        glide(&driver, from: (120, 155), to: (106, 120), at: 10, over: 200, hold: 400)
        state = driver.scene.state
        #expect(state.destination == .target(column: 0, row: 1))
        #expect(state.tracking == nil)
        // Pulled 30 % of the way toward the centre (60, 110).
        #expect(abs(state.x - (106 + 0.3 * (60 - 106))) < 0.05)
        #expect(abs(state.y - (120 + 0.3 * (110 - 120))) < 0.05)

        // Out of it again, to where nothing pulls: the pointer springs back to the hand.
        glide(&driver, from: (106, 120), to: (120, 155), at: 700, over: 200, hold: 400)
        state = driver.scene.state
        #expect(state.destination == .none)
        #expect(abs(state.x - 120) < 0.05 && abs(state.y - 155) < 0.05)
    }

    @Test func aBorderlessTargetPullsFromTwentyFourPoints() {
        var driver = SceneDriver(PointerScene(context: SceneContext(width: 390, height: 844)))
        driver.feed(pointer(.hoverEntered, 0, x: 60, y: 155))
        driver.show()
        // 22 pt above the borderless element of the grid's second row (frame from y = 188):
        // inside its 24 pt padding, outside the 12 pt of the bordered row above (ending at 144).
        glide(&driver, from: (60, 155), to: (60, 166), at: 10, over: 100, hold: 400)
        #expect(driver.scene.state.destination == .target(column: 0, row: 2))
        #expect(abs(driver.scene.state.y - (166 + 0.3 * (210 - 166))) < 0.05)
    }
}
