import Foundation
import Testing
import TouchInput
import TouchReplay
import TouchTrace
import TraceSynthesis

/// Intent (issue 13): synthesis writes the destination each gesture means, the intent probe
/// times the scene's commitment to it and counts the gestures that end there.
@Suite("Intent")
struct IntentTests {
    static let root = GoldenReplayTests.root

    /// Replays a bundled trace as `bench` does (virtual clock, the trace's display rate, delay 2).
    static func replayBundled(_ trace: String, scene: (SceneContext) -> any Scene, name: String) throws -> RunRecord {
        let reader = try TraceReader(path: root.appendingPathComponent("Traces/\(trace).touchtrace").path)
        let hz = reader.metadata.displayHz ?? 120
        let settings = ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(hz), presentationDelay: 2))
        return try Replayer.replay(reader: reader, scene: scene(SceneContext(metadata: reader.metadata, refreshHz: hz)),
                                   sceneName: name, settings: settings)
    }

    static func intents(in trace: String) throws -> [Destination] {
        let reader = try TraceReader(path: root.appendingPathComponent("Traces/\(trace).touchtrace").path)
        var cursor = reader.makeCursor()
        var found: [Destination] = []
        try cursor.forEachBatch { batch in
            for sample in batch { if let label = sample.label, let d = Destination(intentLabel: label) { found.append(d) } }
        }
        return found
    }

    @Test("synthesis writes the destination each gesture means, at the instant the hand settles it")
    func synthesisWritesIntents() throws {
        #expect(try Self.intents(in: "home-flick") == [.home])
        #expect(try Self.intents(in: "back-to-app") == [.app])
        #expect(try Self.intents(in: "pause") == [.appSwitcher])
        #expect(try Self.intents(in: "sheet-dismiss") == [.open, .closed])
        #expect(try Self.intents(in: "pip-throw").count == 1)
        #expect(try Self.intents(in: "pip-flick-fast").count == 1)
        // The session's home gestures carry theirs; generic gestures none.
        let session = try Self.intents(in: "session")
        #expect(session.count == 17 && session.allSatisfy { $0.family == .home })
        #expect(try Self.intents(in: "tap").isEmpty && Self.intents(in: "pinch").isEmpty)
        // A lone drag, flick, reversal or catch states the PIP corner it means; a session's do not.
        #expect(try Self.intents(in: "flick") == [.corner(2)] && Self.intents(in: "catch") == [.corner(2)])
        #expect(try Self.intents(in: "drag") == [.corner(3)] && Self.intents(in: "reversal") == [.corner(3)])
        // The intent of a throw is at its release marker; back-to-app's at the turn.
        let trace = try synthesize(.backToApp, seed: 3, noise: .standard)
        let redirect = try #require(trace.samples.first { $0.label == "redirect" })
        let intent = try #require(trace.samples.first { $0.label == "intent:app" })
        #expect(intent.time == redirect.time)
    }

    @Test("intent accuracy is 1.0 on every bundled home, PIP, sheet, menu, force-press and canvas gesture", arguments: [
        ("home-flick", SceneKind.home, 1), ("back-to-app", .home, 1), ("pause", .home, 1), ("session", .home, 17),
        ("pip-throw", .pip, 1), ("pip-flick-fast", .pip, 1), ("sheet-dismiss", .sheet, 2),
        ("drag", .pip, 1), ("flick", .pip, 1), ("reversal", .pip, 1), ("catch", .pip, 1),
        ("flick-240hz", .pip, 1), ("reversal-60hz", .pip, 1),
        ("menu-select", .menu, 1), ("menu-dismiss", .menu, 2), ("menu-scroll", .menu, 2),
        ("app-switch", .home, 1), ("app-switch-home", .home, 1), ("app-switch-catch", .home, 2),
        ("force-press", .press, 3), ("pencil-and-pan", .canvas, 1), ("pencil-and-pinch", .canvas, 1), ("pencil-and-scrub", .canvas, 1),
    ])
    func bundledAccuracy(trace: String, scene: SceneKind, gestures: Int) throws {
        let record = try Self.replayBundled(trace, scene: { scene.make(context: $0) }, name: scene.name)
        #expect(record[.intentAccuracy].count == gestures)
        #expect(record[.intentAccuracy].min == 1)
        #expect(record[.intent].count == gestures)
    }

    @Test("arrival: a throw whose intent is at its release arrives when it settles; a caught gesture never arrives")
    func arrival() throws {
        for (trace, scene) in [("home-flick", SceneKind.home), ("pip-throw", .pip), ("app-switch", .home)] {
            let record = try Self.replayBundled(trace, scene: { scene.make(context: $0) }, name: scene.name)
            #expect(record[.arrival].count == 1 && record[.arrival].maxValue == record[.settle].maxValue, "\(trace)")
            #expect(record[.arrival].maxValue > record[.intent].maxValue + 500, "\(trace): the spring's half second and more")
        }
        // The switch caught in its settle never rested there: only the throw back is timed.
        let caught = try Self.replayBundled("app-switch-catch", scene: { SceneKind.home.make(context: $0) }, name: "home")
        #expect(caught[.intentAccuracy].count == 2 && caught[.arrival].count == 1)
        // Without intents the metric is not reported.
        let tap = try Self.replayBundled("tap", scene: { SceneKind.button.make(context: $0) }, name: "button")
        #expect(tap.metrics[.arrival] == nil)
    }

    @Test("a commitment made in the frame that consumes the release is timed by the pipeline: D ≤ intent_ms < D + 1 frame")
    func commitmentAtTheReleaseIsThePipeline() throws {
        for (trace, scene) in [("home-flick", SceneKind.home), ("pip-throw", .pip), ("pip-flick-fast", .pip)] {
            let record = try Self.replayBundled(trace, scene: { scene.make(context: $0) }, name: scene.name)
            let value = record[.intent].maxValue
            #expect(value >= 2 * frameMs() - 1e-6 && value < 3 * frameMs(), "\(trace): \(value) ms")
        }
    }

    @Test("a window that picks the corner nearest to where it is let go misses fast flicks; projection does not")
    func nearestCornerMissesFastFlicks() throws {
        let nearest = PipScene.Parameters(cornerPolicy: .nearestCorner)
        let bundled = try Self.replayBundled("pip-flick-fast", scene: { PipScene(context: $0, parameters: nearest) }, name: "pip")
        #expect(bundled[.intentAccuracy].count == 1)
        #expect(bundled[.intentAccuracy].meanValue < 1)
        // Ten fast throws: the projection policy hits all, the nearest corner none.
        var projection = 0.0, nearestHits = 0.0
        for seed in UInt64(1)...10 {
            var options = SynthesisOptions(seed: seed, rate: 120, noise: .standard)
            options.throwSpeed = 1000...1250
            let trace = try GestureSynthesizer(options: options).synthesize(.pipThrow)
            let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
            let settings = ReplaySettings(mode: .virtual)
            projection += try Replayer.replay(samples: trace.samples, scene: PipScene(context: context), settings: settings)[.intentAccuracy].meanValue
            nearestHits += try Replayer.replay(samples: trace.samples, scene: PipScene(context: context, parameters: nearest),
                                               settings: settings)[.intentAccuracy].meanValue
        }
        #expect(projection == 10)
        #expect(nearestHits == 0)
    }

    /// The corner a one-finger move states is the plan's, without noise, and only where it is
    /// clear (docs/METRICS.md "Ground-truth markers"): the reference PIP ends every stated one
    /// there, and an ambiguous move states none rather than a coin toss.
    @Test("a drag or flick states the PIP corner it clearly means, and the reference PIP ends it there",
          arguments: [Gesture.drag, .flick, .reversal])
    func oneFingerMovesStateClearCorners(gesture: Gesture) throws {
        var stated = 0
        for seed in UInt64(1)...40 {
            let trace = try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: 120, noise: .standard)).synthesize(gesture)
            let record = try replay(trace, scene: "pip")
            let intents = trace.samples.filter { $0.label.flatMap(Destination.init(intentLabel:)) != nil }
            #expect(intents.count <= 1)
            #expect(record[.intentAccuracy].count == intents.count, "seed \(seed)")
            if !intents.isEmpty {
                stated += 1
                #expect(record[.intentAccuracy].min == 1, "seed \(seed): \(intents[0].label ?? "")")
            }
        }
        // Most moves mean a corner clearly (seeds 1–40: drags 38, flicks 27, reversals 40).
        #expect(stated >= 25, "\(stated) of 40")
    }

    @Test("a home scene that tracks the finger but goes home after a back-to-app swipe fails intent", arguments: [UInt64(1), 2, 3, 4, 5])
    func furthestReachFailsBackToApp(seed: UInt64) throws {
        let trace = try synthesize(.backToApp, seed: seed, rate: 120, noise: .standard)
        let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
        let settings = ReplaySettings(mode: .virtual)
        let reference = try Replayer.replay(samples: trace.samples, scene: HomeScene(context: context), settings: settings)
        let greedy = try Replayer.replay(
            samples: trace.samples, scene: HomeScene(context: context, parameters: .init(destinationRule: .furthestReach)),
            settings: settings)
        #expect(reference[.intentAccuracy].meanValue == 1)
        #expect(greedy[.intentAccuracy].count == 1)
        #expect(greedy[.intentAccuracy].meanValue == 0)
        #expect(greedy[.intent].count == 0)
        // It does track the finger: the same response and the same gap while the finger is down.
        #expect(greedy[.response] == reference[.response])
        #expect(greedy[.deadTravel] == reference[.deadTravel])
        // And it is right where the swipe does go home.
        let home = try synthesize(.homeFlick, seed: seed, rate: 120, noise: .standard)
        let homeRun = try Replayer.replay(
            samples: home.samples, scene: HomeScene(context: context, parameters: .init(destinationRule: .furthestReach)),
            settings: settings)
        #expect(homeRun[.intentAccuracy].meanValue == 1)
    }

    @Test("an intent marker before or after the sample at its timestamp means the same", arguments: [
        (Gesture.homeFlick, "home"), (.pipThrow, "pip"), (.sheetDismiss, "sheet"), (.backToApp, "home"),
    ])
    func intentMarkerOrderAtOneTimestamp(gesture: Gesture, scene: String) throws {
        let trace = try synthesize(gesture, seed: 2, rate: 120, noise: .standard)
        let before = Self.moving(markersLabelled: { $0.hasPrefix("intent:") }, in: trace.samples, first: true)
        let after = Self.moving(markersLabelled: { $0.hasPrefix("intent:") }, in: trace.samples, first: false)
        #expect(before != after)
        let a = try Replayer.replay(samples: before, metadata: trace.metadata, sceneNamed: scene).withoutTiming
        let b = try Replayer.replay(samples: after, metadata: trace.metadata, sceneNamed: scene).withoutTiming
        #expect(a[.intentAccuracy].count >= 1)
        #expect(a.jsonText == b.jsonText)
    }

    @Test("an intent at the instant a finger lands belongs to that finger's gesture in either order")
    func intentAtATouchDown() throws {
        // A sheet that opens once two fingers are down; the intent is stated as the first lands.
        struct TwoFingerSheet: Scene {
            var state = SceneState()
            var down: Set<UInt32> = []
            init() { state.destination = .closed }
            mutating func handle(_ sample: InputSample) {
                if sample.phase == .began { down.insert(sample.id) } else if sample.phase.isTerminal { down.remove(sample.id) }
                if down.count >= 2 { state.destination = .open }
            }
            mutating func advance(to time: Int64) {}
        }
        let intent = InputSample.marker(Destination.open.intentLabel, at: 0)
        let rest = [touch(.began, 50, x: 20, y: 20, id: 2), touch(.ended, 100, x: 10, y: 10), touch(.ended, 150, x: 20, y: 20, id: 2)]
        let first = touch(.began, 0, x: 10, y: 10)
        var records: [RunRecord] = []
        for samples in [[intent, first] + rest, [first, intent] + rest] {
            records.append(try Replayer.replay(samples: samples, scene: TwoFingerSheet(), settings: ReplaySettings(mode: .virtual)).withoutTiming)
        }
        // The second finger joins the gesture rather than ending it: the sheet opens, as meant.
        #expect(records[0][.intentAccuracy].meanValue == 1)
        #expect(records[0].jsonText == records[1].jsonText)
    }

    @Test("a gesture that ends before the scene first shows its family is a miss once the scene shows it, and nothing if it never does")
    func gestureBeforeTheFamilyIsShown() throws {
        // A sheet that shows nothing until its second touch-down, then opens: the first
        // gesture meant `open` and got nothing, the second opened it.
        struct LateSheet: Scene {
            var state = SceneState()
            var landings = 0
            mutating func handle(_ sample: InputSample) {
                if sample.phase == .began { landings += 1 }
                if landings >= 2 { state.destination = .open }
            }
            mutating func advance(to time: Int64) {}
        }
        let ms: Int64 = 1_000_000
        let gesture = { (start: Double) -> [InputSample] in
            [InputSample.marker(Destination.open.intentLabel, at: Int64(start) * ms),
             touch(.began, start, x: 10, y: 10), touch(.ended, start + 50, x: 10, y: 10)]
        }
        let both = try Replayer.replay(samples: gesture(0) + gesture(200), scene: LateSheet(),
                                       settings: ReplaySettings(mode: .virtual)).withoutTiming
        #expect(both[.intentAccuracy].count == 2)
        #expect(both[.intentAccuracy].meanValue == 0.5)
        // Only the first gesture: the scene never shows a sheet, and the intent says nothing.
        let first = try Replayer.replay(samples: gesture(0), scene: LateSheet(), settings: ReplaySettings(mode: .virtual)).withoutTiming
        #expect(first[.intentAccuracy].count == 0)
    }

    @Test("a redirect marker before or after the touch-down it marks at the same timestamp is the same catch")
    func redirectMarkerOrderAtOneTimestamp() throws {
        for scene in ["scroll", "pip"] {
            let trace = try synthesize(.catch, seed: 4, rate: 120, noise: .standard)
            let before = Self.moving(markersLabelled: { $0 == "redirect" }, in: trace.samples, first: true)
            let after = Self.moving(markersLabelled: { $0 == "redirect" }, in: trace.samples, first: false)
            #expect(before != after)
            let a = try Replayer.replay(samples: before, metadata: trace.metadata, sceneNamed: scene).withoutTiming
            let b = try Replayer.replay(samples: after, metadata: trace.metadata, sceneNamed: scene).withoutTiming
            #expect(a.events.contains { $0.cause == .catch && $0.source == .marker })
            #expect(a.jsonText == b.jsonText)
        }
    }

    /// `samples` with every marker matching `label` moved to the first (or last) place among
    /// the samples sharing its timestamp.
    static func moving(markersLabelled label: (String) -> Bool, in samples: [InputSample], first: Bool) -> [InputSample] {
        var groups: [[InputSample]] = []
        for sample in samples {
            if let last = groups.last?.last, last.time == sample.time { groups[groups.count - 1].append(sample) } else { groups.append([sample]) }
        }
        return groups.flatMap { group -> [InputSample] in
            let marked = group.filter { $0.kind == .marker && label($0.label ?? "") }
            let rest = group.filter { !($0.kind == .marker && label($0.label ?? "")) }
            return first ? marked + rest : rest + marked
        }
    }
}
