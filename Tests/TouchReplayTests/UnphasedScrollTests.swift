import Testing
import TouchInput
import TouchReplay

/// Real recordings (evdev imports, pointer events) give scroll steps only a `moved` phase:
/// the scroll scene ends such a scroll 100 ms after its last step, or when a finger lands.
@Suite("Unphased scrolls")
struct UnphasedScrollTests {
    /// A wheel notch with no phase of its own, as an evdev import gives it.
    static func notch(_ ms: Double, dy: Double) -> InputSample {
        InputSample(time: Int64(ms * 1e6), kind: .scroll, phase: .moved, x: 195, y: 400, scrollDelta: (0, dy))
    }

    @Test("a wheel scroll past the bottom edge with no end phase springs back to the edge and settles")
    func unphasedOverscrollSettles() {
        var driver = SceneDriver(ScrollScene())
        let bottom = -2 * 844.0
        // 844 pt to the edge, then 240 pt past it: twelve notches of 90 pt, 30 ms apart.
        for k in 0..<12 { driver.feed(Self.notch(Double(k) * 30, dy: 90)) }
        let banded = driver.show().y
        #expect(banded < bottom - 10, "\(banded)")
        // Still the wheel's for 100 ms after the last step (330 ms): nothing moves yet.
        driver.render(until: 420_000_000)
        #expect(driver.scene.state.y == banded)
        driver.render(until: 3_000_000_000)
        #expect(driver.scene.state.y == bottom && !driver.scene.state.isAnimating)
        // The spring left at the deadline: the first frame after 430 ms moved toward the edge.
        let moved = driver.frames.first { $0.vsync > 330_000_000 && $0.state.y != banded }
        #expect(moved.map { $0.vsync > 430_000_000 && $0.vsync <= 430_000_000 + SceneDriver<ScrollScene>.frame } == true)
    }

    @Test("wheel, then a drag, then the wheel again: the second wheel scroll starts from where the drag left the content")
    func wheelDragWheelKeepsTheDrag() {
        var driver = SceneDriver(ScrollScene())
        for k in 0..<3 { driver.feed(Self.notch(Double(k) * 20, dy: 30)) }
        // A finger lands 20 ms after the last notch (before the scroll's deadline) and drags
        // the content down 200 pt, holding still 200 ms before it lifts.
        for k in 0...30 { driver.feed(touch(k == 0 ? .began : .moved, 60 + Double(k) * 8, x: 195, y: 300 + min(200, Double(k) * 10))) }
        driver.feed(touch(.ended, 500, x: 195, y: 500))
        driver.render(until: 2_000_000_000)
        let dragged = driver.scene.state.y
        // The wheel moved it 90 pt up; the drag 180 pt down: its travel from the first
        // sample past the 10 pt hysteresis (20 pt) to the lift.
        #expect(abs(dragged - (-844 - 90 + 180)) < 1e-9, "\(dragged)")
        driver.feed(Self.notch(2_100, dy: 30))
        #expect(abs(driver.show().y - (dragged - 30)) < 1e-9)
    }

    @Test("a finger landing ends a scroll at once, without waiting for the deadline")
    func fingerEndsScroll() {
        var scene = ScrollScene()
        scene.handle(Self.notch(0, dy: 100))
        scene.handle(touch(.began, 5, x: 195, y: 300))
        scene.handle(touch(.moved, 10, x: 195, y: 350))
        scene.handle(touch(.moved, 15, x: 195, y: 400))
        scene.handle(touch(.ended, 300, x: 195, y: 400))
        scene.advance(to: 2_000_000_000)
        let dragged = scene.state.y
        scene.handle(Self.notch(2_010, dy: 10))
        scene.advance(to: 2_016_000_000)
        #expect(abs(scene.state.y - (dragged - 10)) < 1e-9)
    }

    /// The same through the replayer, which renders a frame only for input or while the
    /// scene animates: the scroll must keep it rendering until its deadline, or the content
    /// stays past the edge until some unrelated input finds it at rest.
    static func replayed(_ samples: [InputSample], scene: any Scene = ScrollScene()) throws -> RunRecord {
        try Replayer.replay(samples: samples, scene: scene,
                            settings: ReplaySettings(display: DisplayModel(refresh: .fixed(120)), recordsSeries: true))
    }

    @Test("through the replayer: an unphased overscroll springs back to the edge and is shown doing it")
    func replayedOverscrollSettles() throws {
        let run = try Self.replayed((0..<12).map { Self.notch(Double($0) * 30, dy: 90) })
        let series = try #require(run.series)
        // The wheel's 12 frames, the wait to the deadline (430 ms), then the spring back.
        #expect(run.frames > 40, "\(run.frames)")
        #expect(abs((series.visible.last ?? .nan) - (-2 * 844)) < 0.5, "\(series.visible.suffix(3))")
        #expect((series.visible.min() ?? 0) < -2 * 844 - 10)
    }

    @Test("through the replayer: wheel, a pause past the deadline, one notch back: a new scroll from the edge")
    func replayedPauseStartsANewScroll() throws {
        var samples = (0..<12).map { Self.notch(Double($0) * 30, dy: 90) }
        samples.append(Self.notch(1_500, dy: -10))
        let run = try Self.replayed(samples)
        let series = try #require(run.series)
        #expect(abs((series.visible.last ?? .nan) - (-2 * 844 + 10)) < 1e-6, "\(series.visible.suffix(3))")
    }

    @Test("a trackpad scroll that began keeps going while the fingers rest, until its end phase")
    func phasedScrollWaitsForItsEnd() {
        var driver = SceneDriver(ScrollScene())
        func step(_ phase: SamplePhase, _ ms: Double, dy: Double) -> InputSample {
            InputSample(time: Int64(ms * 1e6), kind: .scroll, phase: phase, x: 195, y: 400, scrollDelta: (0, dy))
        }
        for k in 0..<12 { driver.feed(step(k == 0 ? .began : .moved, Double(k) * 30, dy: 90)) }
        let banded = driver.show().y
        // Fingers resting 400 ms on the trackpad: still the same scroll, held past the edge.
        driver.render(until: 730_000_000)
        #expect(driver.scene.state.y == banded)
        driver.feed(step(.moved, 740, dy: 10))
        #expect(abs(driver.show().y - banded) > 0 && driver.scene.state.y < banded)
        driver.feed(step(.ended, 760, dy: 0))
        driver.render(until: 3_000_000_000)
        #expect(driver.scene.state.y == -2 * 844)
    }
}

