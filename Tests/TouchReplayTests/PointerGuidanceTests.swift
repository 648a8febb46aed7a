import Foundation
import RunRecord
import Testing
import TestSupport
import TouchGestures
import TouchInput
import TouchReplay
import TouchTrace

/// The pointer scene as the iPadOS pointer guidelines lay it out: no magnetism on
/// hover-effect elements, bar buttons whose hit regions touch, and the metrics that see a
/// capture (docs/METRICS.md "Pointer").
@Suite struct PointerGuidanceTests {
    static let context = SceneContext(width: 390, height: 844)

    /// The destinations a pointer gliding from `start` to `end` at 60 pt/s shows, in order,
    /// each once per run of frames.
    static func destinations(_ parameters: PointerScene.Parameters, from start: (Double, Double),
                             to end: (Double, Double)) -> [Destination] {
        var driver = SceneDriver(PointerScene(context: context, parameters: parameters))
        let length = ((end.0 - start.0) * (end.0 - start.0) + (end.1 - start.1) * (end.1 - start.1)).squareRoot()
        let steps = Int(length / 60 * 120)
        var seen: [Destination] = []
        for step in 0...steps {
            let f = Double(step) / Double(steps)
            driver.feed(pointer(step == 0 ? .hoverEntered : .hoverMoved, Double(step) * 8.333,
                                x: start.0 + (end.0 - start.0) * f, y: start.1 + (end.1 - start.1) * f))
            let destination = driver.show().destination
            if seen.last != destination { seen.append(destination) }
        }
        return seen
    }

    @Test("bar buttons' hit regions meet edge to edge: a slow glide along the bar is never free")
    func contiguousBar() {
        let along = Self.destinations(PointerScene.Parameters(), from: (30, 30), to: (270, 30))
        #expect(along == (0...4).map { Destination.target(column: $0, row: 0) })
        // Their frames alone leave 16 pt gaps, where the pointer is let go between buttons.
        let gapped = Self.destinations(PointerScene.Parameters(barHitRegions: .frames), from: (30, 30), to: (270, 30))
        #expect(gapped.filter { $0 == .none }.count == 4)
        #expect(gapped.filter { $0 != .none } == along)
    }

    @Test("a hover-effect element is reported under the pointer, which keeps tracking the hand")
    func noMagnetismOnHoverEffects() {
        // The grid's third row (rows 1 and 2 hold highlight buttons) is hover-effect elements:
        // the one in column 1 spans x 140–220, y 288–332.
        var driver = SceneDriver(PointerScene(context: Self.context))
        driver.feed(pointer(.hoverEntered, 0, x: 200, y: 300))
        var state = driver.show()
        #expect(state.destination == .hovered(column: 1, row: 3))
        #expect(state.x == 200 && state.y == 300 && state.tracking == ContactKey(kind: .pointer, id: 1))
        driver.feed(pointer(.hoverMoved, 100, x: 205, y: 320))
        state = driver.show()
        #expect(state.x == 205 && state.y == 320 && !state.isAnimating)

        // Against the guidelines, the same element captures it and pulls it 30 % to its centre.
        var magnetic = SceneDriver(PointerScene(context: Self.context, parameters: .init(magnetizesHoverEffects: true)))
        magnetic.feed(pointer(.hoverEntered, 0, x: 200, y: 300))
        magnetic.show()
        for step in 1...60 { magnetic.feed(pointer(.hoverMoved, Double(step) * 8.333, x: 200, y: 300)) }
        state = magnetic.show()
        #expect(state.destination == .target(column: 1, row: 3))
        #expect(abs(state.x - (200 + 0.3 * (180 - 200))) < 0.05 && abs(state.y - (300 + 0.3 * (310 - 300))) < 0.05)
    }

    static func run(_ settings: [String] = []) throws -> RunRecord {
        let path = Golden.packageRoot.appendingPathComponent("Traces/pointer-targets.touchtrace").path
        let reader = try TraceReader(path: path)
        var values = ParameterValues()
        for setting in settings { try values.apply(setting) }
        return try Replayer.replay(reader: reader, sceneNamed: "pointer", settings: ReplaySettings(mode: .virtual, parameters: values),
                                   traceName: "pointer-targets.touchtrace")
    }

    @Test("the bundled pointer-targets trace: every intent met, and each regression moves its metric")
    func bundledTraceAndRegressions() throws {
        let base = try Self.run()
        #expect(base[.intentAccuracy].mean == 1)
        #expect(base[.intentAccuracy].count == 4)
        #expect(base[.pointerFlickers].mean == 7)
        let settle = try #require(base[.pointerAcquisition].p50)
        #expect(abs(settle - 283.484) < 0.001)

        // Bar hit regions that are only the buttons' frames: four more flickers.
        let gapped = try Self.run(["pointer.bar_hit_regions=frames"])
        #expect(gapped[.pointerFlickers].mean == 11)
        // Magnetism on hover-effect elements: the element meant as hovered ends captured.
        let magnetic = try Self.run(["pointer.magnetizes_hover_effects=true"])
        #expect(magnetic[.intentAccuracy].mean == 0.75)
        // A capture with next to no spring jumps onto the target (p50 9.1 → 29.7 pt) and
        // settles at once; a spring of twice the response takes about 158 ms longer to settle.
        let snapping = try Self.run(["pointer.capture_response=0.01"])
        let baseJump = try #require(base[.pointerCaptureJump].p50)
        let snapJump = try #require(snapping[.pointerCaptureJump].p50)
        #expect(snapJump > 2.5 * baseJump, "\(baseJump) → \(snapJump)")
        let slow = try Self.run(["pointer.capture_response=0.3"])
        let slower = try #require(slow[.pointerAcquisition].p50)
        #expect(abs(slower - 441.817) < 0.001)
    }

    @Test("pointer metrics appear only where a scene shows a pointer")
    func onlyForPointerScenes() throws {
        let path = Golden.packageRoot.appendingPathComponent("Traces/drag.touchtrace").path
        let reader = try TraceReader(path: path)
        let run = try Replayer.replay(reader: reader, sceneNamed: "scroll", settings: ReplaySettings(mode: .virtual),
                                      traceName: "drag.touchtrace")
        #expect(run.metrics[.pointerFlickers] == nil && run.metrics[.pointerAcquisition] == nil)
    }

    @Test("a click on the captured button keeps the capture: no flicker, no second capture")
    func aClickKeepsTheCapture() throws {
        // Rest on bar button 1 (x 60–120), then click it (100 ms), then rest again.
        var samples = [pointer(.hoverEntered, 0, x: 90, y: 30)]
        for step in 1...30 { samples.append(pointer(.hoverMoved, Double(step) * 8.333, x: 90, y: 30)) }
        var down = InputSample(time: 300_000_000, kind: .pointer, phase: .began, id: 1, x: 90, y: 30)
        down.buttons = 1
        samples.append(down)
        samples.append(InputSample(time: 400_000_000, kind: .pointer, phase: .ended, id: 1, x: 90, y: 30))
        for step in 1...30 { samples.append(pointer(.hoverMoved, 400 + Double(step) * 8.333, x: 90, y: 30)) }
        let run = try Replayer.replay(samples: samples, scene: PointerScene(context: Self.context),
                                      settings: ReplaySettings(display: DisplayModel(refresh: .fixed(120))))
        #expect(run[.pointerFlickers].mean == 0)
        #expect(run[.pointerAcquisition].count == 1)
    }
}

