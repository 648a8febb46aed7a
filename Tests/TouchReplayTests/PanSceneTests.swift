import Testing
import TouchInput
import TouchReplay

/// The scroll scene on TouchGestures' pan: hysteresis, the touch offset kept, the catch.
@Suite struct PanSceneTests {
    @Test func contentWaitsForTheHysteresisThenFollowsWithoutSnapping() {
        var driver = SceneDriver(ScrollScene(context: SceneContext(width: 390, height: 844)))
        let start = driver.show()
        driver.feed(touch(.began, 0, x: 200, y: 400))
        driver.feed(touch(.moved, 8, x: 200, y: 394))
        #expect(driver.show().y == start.y, "6 pt: not a pan yet")
        // Crosses 10 pt here: the pan begins and the content stays where it is.
        driver.feed(touch(.moved, 16, x: 200, y: 388))
        #expect(driver.show().y == start.y)
        #expect(driver.scene.state.tracking == ContactKey(kind: .touch, id: 1))
        // From then on 1:1 from the crossing point, never snapped to the touch-down.
        driver.feed(touch(.moved, 24, x: 203, y: 358))
        let state = driver.show()
        #expect(state.y == start.y - 30 && state.x == start.x + 3)
    }

    @Test func aTouchCatchesCoastingContentAtOnce() {
        var driver = SceneDriver(ScrollScene(context: SceneContext(width: 390, height: 844)))
        driver.feed(touch(.began, 0, x: 200, y: 600))
        for step in 1...10 { driver.feed(touch(.moved, Double(step) * 4, x: 200, y: 600 - Double(step) * 12)) }
        driver.feed(touch(.ended, 44, x: 200, y: 480))
        driver.render(until: 150_000_000)
        #expect(driver.scene.state.isAnimating, "flicked: coasting")
        driver.feed(touch(.began, 160, x: 200, y: 500, id: 2))
        let caught = driver.show()
        #expect(!caught.isAnimating)
        driver.render(until: 300_000_000)
        #expect(driver.scene.state.y == caught.y, "stays under the still finger")
    }
}
