import RunRecord
import Testing
import TouchBenchSupport
import TouchGestures
import TouchInput
import TouchReplay
import TraceSynthesis

/// The pointer scene's cost does not grow with the screen: its targets are computed from
/// their index and hit-tested only around the pointer (hostile review F12: a 100 000 pt
/// screen took 19.5 s and 178 MB for 472 samples, the layout being listed to fill it).
@Suite struct PointerScreenSizeTests {
    /// Hit-testing the few cells around a point finds exactly what testing every target finds,
    /// on and off the screen, for both bar layouts.
    @Test(arguments: PointerScene.BarHitRegions.allCases)
    func nearbyCellsHitTestLikeTheWholeList(bar: PointerScene.BarHitRegions) {
        let targets = PointerScene(context: SceneContext(width: 390, height: 844),
                                   parameters: PointerScene.Parameters(barHitRegions: bar)).targets
        #expect(targets.count == 6 + 3 * 7)
        let listed = (0..<targets.count).compactMap(targets.target(at:))
        #expect(listed.count == targets.count && targets.target(at: targets.count) == nil && targets.target(at: -1) == nil)
        let computed = HoverRecognizer(targets: targets), whole = HoverRecognizer(targets: listed)
        var hits = 0
        for y in stride(from: -40.0, through: 900, by: 3.5) {
            for x in stride(from: -40.0, through: 430, by: 3.5) {
                let point = Point(x: x, y: y)
                let found = computed.target(containing: point)
                #expect(found == whole.target(containing: point), "(\(x), \(y))")
                if found != nil { hits += 1 }
            }
        }
        // Most of the screen lies in some target's region (the comparison is not vacuous).
        #expect(hits > 10_000)
        #expect(computed.target(containing: Point(x: 1e300, y: -1e300)) == nil)
        #expect(computed.target(containing: Point(x: .nan, y: 30)) == nil)
    }

    /// The same pointer-targets trace on a 10^6 pt screen (the largest a trace may declare)
    /// replays through the real replayer to the same metrics, in about the time of the small one.
    @Test(arguments: [1, 3] as [UInt64])
    func aMillionPointScreenReplaysLikeItsOwn(seed: UInt64) throws {
        let trace = try synthesize(.pointerTargets, seed: seed, rate: 120, noise: .standard)
        var huge = trace.metadata
        huge.screen = TraceMetadata.Screen(width: 1_000_000, height: 1_000_000, scale: 2)
        let settings = ReplaySettings(mode: .virtual)
        // CPU time of this thread, not the wall clock: the suite shares the machine.
        var start = ThreadCPUTime.now()
        let own = try Replayer.replay(samples: trace.samples, metadata: trace.metadata, sceneNamed: "pointer", settings: settings)
        let ownCost = ThreadCPUTime.now() - start
        start = ThreadCPUTime.now()
        let big = try Replayer.replay(samples: trace.samples, metadata: huge, sceneNamed: "pointer", settings: settings)
        let bigCost = ThreadCPUTime.now() - start
        // Listing the layout took minutes and gigabytes here; computed, it costs what the
        // phone's screen does (twice that and 0.2 s allowed for noise).
        #expect(bigCost < 2 * ownCost + 200_000_000, "\(bigCost) ns against \(ownCost) ns")
        #expect(own[.intentAccuracy].meanValue == 1)
        for name in [MetricName.intentAccuracy, .pointerAcquisition, .pointerCaptureJump, .pointerFlickers] {
            #expect(big[name] == own[name], "\(name)")
        }
    }
}
