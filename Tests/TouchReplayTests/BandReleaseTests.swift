import Testing
import TouchDynamics
import TouchInput
import TouchReplay

/// A release from the rubber band hands the spring the velocity the element is shown moving
/// at (the finger's times the band's slope), not the finger's (hostile review F13: a finger
/// moving 50 000 pt per scan past the third column flung the sidebar to 148 426 pt, home's
/// cards to −195 802 pt).
@Suite struct BandReleaseTests {
    @Test("the band's slope is its derivative: 1 inside, c at the edge, c·d²/(x·c+d)² past it")
    func slope() {
        let band = RubberBand(range: 0...100, dimension: 400)
        #expect(band.slope(at: 50) == 1 && band.slope(at: 0) == 1)
        #expect(band.slope(at: 100.000_001) == 0.55 * 400 / (0.000_001 * 0.55 + 400) * 400 / (0.000_001 * 0.55 + 400))
        #expect(band.slope(at: -400) == 0.55 * 400 * 400 / ((400 * 0.55 + 400) * (400 * 0.55 + 400)))
        // Numerically the derivative of banded(_:).
        for x in [-900.0, -10, 130, 700, 5_000] {
            let numeric = (band.banded(x + 1e-4) - band.banded(x - 1e-4)) / 2e-4
            #expect(abs(band.slope(at: x) - numeric) < 1e-6, "\(x)")
        }
        #expect(band.slope(at: 1e308) == 0 && RubberBand(range: 0...1, dimension: 0).slope(at: 5) == 0)
    }

    /// A finger from `start` moving `step` pt along x each 1/120 s scan for six scans, lifted.
    static func fling(_ start: (x: Double, y: Double), step: Double) -> [InputSample] {
        (0...6).map { i in
            touch(i == 0 ? .began : i == 6 ? .ended : .moved, 20 + Double(i) * 8.333,
                  x: start.x + step * Double(min(i, 5)), y: start.y)
        }
    }

    /// Renders `samples` through `scene` for two seconds: the state at the lift's frame and
    /// the furthest x shown from then on (in the direction of `sign`).
    static func afterLift<S: Scene>(_ scene: S, _ samples: [InputSample], sign: Double) -> (atLift: Double, furthest: Double, end: SceneState) {
        var driver = SceneDriver(scene)
        for sample in samples { driver.feed(sample) }
        let atLift = driver.show().x
        driver.render(until: 2_000_000_000)
        let furthest = driver.frames.filter { $0.vsync >= samples[samples.count - 1].time }.map { $0.state.x * sign }.max() ?? .nan
        return (atLift, furthest * sign, driver.scene.state)
    }

    @Test("sidebar: a fling far past the third column settles back without swinging out")
    func sidebarFling() {
        let context = SceneContext(width: 1024, height: 1366)
        let layout = SidebarLayout(screenWidth: 1024)
        let out = Self.afterLift(SidebarScene(context: context), Self.fling((1, 600), step: 50_000), sign: 1)
        // Held by the band under one screen width past the third column, and never further after.
        #expect(out.atLift > layout.lastStop && out.atLift < layout.lastStop + 1024)
        #expect(out.furthest <= out.atLift + 0.5, "\(out.atLift) → \(out.furthest)")
        #expect(out.end.destination == .thirdColumn && abs(out.end.x - layout.lastStop) < 0.01 && !out.end.isAnimating)
    }

    @Test("home: cards pulled far past the last app settle on the next app without flying off")
    func homeFling() {
        let context = SceneContext(width: 1024, height: 1366)
        // Along the indicator from the middle app, leftwards past the last (two spacings over).
        let out = Self.afterLift(HomeScene(context: context), Self.fling((1000, 1360), step: -50_000), sign: -1)
        let spacing = 1024.0 + 20
        #expect(out.atLift < -2 * spacing && out.atLift > -2 * spacing - 1024)
        #expect(out.furthest >= out.atLift - 0.5, "\(out.atLift) → \(out.furthest)")
        // The projection picks the next app, one spacing over.
        #expect(out.end.destination == .nextApp && abs(out.end.x + spacing) < 0.01 && !out.end.isAnimating, "\(out.end.x)")
    }
}
