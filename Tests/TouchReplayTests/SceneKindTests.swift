import Testing
import TouchGestures
import TouchInput
import TouchReplay
import TraceSynthesis

/// The scene registry and the typed signals scenes emit instead of fields for probes.
@Suite struct SceneKindTests {
    @Test func theRegistryNamesEveryScene() throws {
        #expect(SceneKind.names == ["scroll", "pip", "home", "button", "sheet", "pinch", "pointer", "menu", "board", "sidebar", "canvas", "press"])
        for kind in SceneKind.allCases {
            #expect(SceneKind(name: kind.name) == kind)
            #expect(!kind.summary.isEmpty)
            #expect(try SceneKind.named(kind.name) == kind)
        }
        #expect(SceneKind(name: "Scroll") == nil)
        #expect(throws: ReplayError.self) { try SceneKind.named("scrol") }
        do {
            _ = try SceneKind.named("scrol")
        } catch {
            #expect(error.description == "unknown scene 'scrol'; the scenes are scroll, pip, home, button, sheet, pinch, pointer, menu, board, sidebar, canvas, press")
        }
    }

    @Test func eachFactoryBuildsItsSceneInItsRestingState() {
        let context = SceneContext(width: 390, height: 844)
        #expect(SceneKind.pip.make(context: context).state.destination == .corner(3))
        #expect(SceneKind.sheet.make(context: context).state.destination == .closed)
        #expect(SceneKind.home.make(context: context).state.destination == .app)
        #expect(SceneKind.scroll.make(context: context).state.x == -390)
        #expect(SceneKind.button.make(context: context).state.destination == .none)
        #expect(Destination.target(column: 2, row: 1).description == "target 2,1")
        #expect(Destination.none.description == "")
    }

    @Test func theHomeSceneSignalsEachDetectorsFirstPauseOnce() throws {
        let trace = try synthesize(.pause, seed: 3, rate: 240)
        var driver = SceneDriver(HomeScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120)))
        for sample in trace.samples { driver.feed(sample) }
        driver.render(until: (trace.samples.last?.time ?? 0) + 1_000_000_000)
        let pauses = driver.frames.flatMap(\.signals).compactMap { signal -> (Int64, PauseDetectorKind)? in
            if case .pauseDetected(let time, let detector) = signal { return (time, detector) }
            return nil
        }
        #expect(pauses.map(\.1) == [.deceleration, .timer], "the deceleration detector answers first, each once")
        let marker = try #require(trace.samples.first { $0.label == "pause" }).time
        // Within 200 ms of the ground-truth rest instant (docs/GESTURES.md bounds both).
        for (time, _) in pauses { #expect(abs(time - marker) < 200_000_000) }
        #expect(driver.scene.state.destination == .appSwitcher)
    }
}
