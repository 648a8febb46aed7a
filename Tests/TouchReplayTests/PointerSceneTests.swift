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
        // Row 0 has borders (12 pt padding), row 1 none (24 pt).
        #expect(targets[0].frame == Rect(x: 20, y: 28, width: 80, height: 44) && targets[0].hasBorder)
        #expect(targets[3].frame == Rect(x: 20, y: 128, width: 80, height: 44) && !targets[3].hasBorder)

        // Between the rows, clear of both padded regions: the pointer is the hand.
        driver.feed(pointer(.hoverEntered, 0, x: 120, y: 95))
        var state = driver.show()
        #expect(state.x == 120 && state.y == 95)
        #expect(state.destination == .none && state.tracking == 1)

        // Slowly into the first target's 12 pt padding, just right of its frame.
        glide(&driver, from: (120, 95), to: (106, 60), at: 10, over: 200, hold: 400)
        state = driver.scene.state
        #expect(state.destination == .target(column: 0, row: 0))
        #expect(state.tracking == nil)
        // Pulled 30 % of the way toward the centre (60, 50).
        #expect(abs(state.x - (106 + 0.3 * (60 - 106))) < 0.05)
        #expect(abs(state.y - (60 + 0.3 * (50 - 60))) < 0.05)

        // Out of it again, to where nothing pulls: the pointer springs back to the hand.
        glide(&driver, from: (106, 60), to: (120, 95), at: 700, over: 200, hold: 400)
        state = driver.scene.state
        #expect(state.destination == .none)
        #expect(abs(state.x - 120) < 0.05 && abs(state.y - 95) < 0.05)
    }

    @Test func aBorderlessTargetPullsFromTwentyFourPoints() {
        var driver = SceneDriver(PointerScene(context: SceneContext(width: 390, height: 844)))
        driver.feed(pointer(.hoverEntered, 0, x: 60, y: 95))
        driver.show()
        // 22 pt above the borderless target of row 1 (frame from y = 128): inside its 24 pt
        // padding, outside the 12 pt of the bordered row above (which ends at y = 84).
        glide(&driver, from: (60, 95), to: (60, 106), at: 10, over: 100, hold: 400)
        #expect(driver.scene.state.destination == .target(column: 0, row: 1))
        #expect(abs(driver.scene.state.y - (106 + 0.3 * (150 - 106))) < 0.05)
    }
}
