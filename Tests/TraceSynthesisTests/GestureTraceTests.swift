import TouchBenchSupport
import Testing
import TouchInput
@testable import TraceSynthesis

/// Properties every synthesized gesture must have, checked for each gesture.
@Suite struct GestureTraceTests {
    static let elementary = Gesture.elementary

    @Test func namesMatchTheCommandLine() {
        #expect(Gesture.allCases.map(\.name) == [
            "tap", "double-tap", "long-press", "drag", "flick", "reversal", "catch", "pause", "home-flick",
            "back-to-app", "pinch", "rotate", "pencil-stroke", "pointer-hover", "scroll-wheel", "trackpad-scroll", "modifier-tap",
            "multi-finger", "pip-throw", "sheet-dismiss", "launch-tap", "launch-switcher", "launch-close", "pointer-targets",
            "menu-select", "menu-dismiss", "menu-scroll", "app-switch", "app-switch-home", "app-switch-catch", "option-drag",
            "shift-select", "command-click", "parity",
            "sidebar-open", "sidebar-third-column", "sidebar-catch", "pencil-and-pan", "pencil-and-pinch", "pencil-and-scrub", "force-press", "session",
        ])
        for gesture in Gesture.allCases {
            #expect(Gesture(name: gesture.name) == gesture)
            #expect(!gesture.summary.isEmpty && !gesture.summary.contains("\n") && gesture.summary.count < 100)
        }
        #expect(Gesture(name: "swipe") == nil)
    }

    @Test(arguments: Gesture.allCases)
    func samplesAreNonEmptyOrderedSyntheticAndOfTheRightKinds(_ gesture: Gesture) throws {
        let trace = try synthesize(gesture)
        #expect(trace.samples.count > 10)
        #expect(trace.samples.first.map { $0.time > 0 } == true)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(trace.samples.allSatisfy { $0.flags.contains(.synthetic) })
        #expect(Set(trace.samples.map(\.kind)) == expectedKinds(of: gesture))
        #expect(trace.samples.filter { $0.kind == .marker }.allSatisfy { $0.label != nil })
    }

    @Test(arguments: Gesture.allCases)
    func everyContactLivesFromBeginningToEnd(_ gesture: Gesture) throws {
        let trace = try synthesize(gesture)
        let groups = contacts(of: trace.samples)
        #expect(!groups.isEmpty)
        for group in groups {
            #expect(hasValidLifecycle(group.samples), "contact \(group.key) of \(gesture.name)")
        }
        let fingers = groups.filter { $0.key.kind == SampleKind.touch.rawValue }.count
        switch gesture {
        case .doubleTap, .catch, .pinch, .rotate: #expect(fingers == 2)
        case .multiFinger: #expect((3...5).contains(fingers))
        default: break
        }
    }

    @Test(arguments: Gesture.allCases)
    func markersArePresentWhereRequired(_ gesture: Gesture) throws {
        guard gesture != .session else { return }
        let trace = try synthesize(gesture)
        for marker in GroundTruthMarker.allCases {
            #expect(markers(marker, in: trace.samples).count == expectedMarkers(of: gesture)[marker, default: 0])
        }
        // Intents: each names a destination, in the order the plan settles them; a throw's
        // is at its release (a launch interrupted by a tap or a pause ends on no throw).
        let intents = trace.samples.filter { $0.label?.hasPrefix(Destination.intentPrefix) == true }
        let names = intents.compactMap { $0.label.flatMap(Destination.init(intentLabel:))?.description }
        #expect(names.count == intents.count)
        #expect(names.map {
            $0 == "previousApp" || $0 == "nextApp" ? "beside"
                : String(String($0.prefix { $0 != " " }).reversed().drop { $0.isNumber }.reversed())
        } == expectedIntents(of: gesture))
        // An app switch turned up means home from the turn, before its release.
        if let release = markers(.release, in: trace.samples).last,
           ![.backToApp, .launchTap, .launchSwitcher, .appSwitchHome].contains(gesture), let last = intents.last {
            #expect(last.time == release.time)
        }
    }

    @Test(arguments: Gesture.allCases, [DeviceProfile.phone, .tablet])
    func coordinatesStayOnTheScreen(_ gesture: Gesture, _ device: DeviceProfile) throws {
        for seed: UInt64 in [1, 2, 3] {
            let trace = try synthesize(gesture, seed: seed, device: device, sessionDuration: 40)
            let screen = device.screen
            for sample in trace.samples where sample.location != nil {
                #expect((0...screen.width).contains(sample.x) && (0...screen.height).contains(sample.y))
            }
        }
    }

    @Test(arguments: Gesture.allCases, [60, 120, 240])
    func contactsAreSampledAtTheDigitizerRate(_ gesture: Gesture, _ rate: Int) throws {
        let trace = try synthesize(gesture, rate: rate, sessionDuration: 40)
        for group in contacts(of: trace.samples) {
            let hertz = group.key.kind == SampleKind.pencil.rawValue ? SynthesisOptions.pencilRate : rate
            let intervals = zip(group.samples, group.samples.dropFirst()).map { $1.time - $0.time }
            guard intervals.count >= 4 else { continue }
            let period = 1e9 / Double(hertz)
            #expect(abs(median(intervals) - period) <= 0.05 * period, "contact \(group.key) of \(gesture.name)")
            #expect(intervals.allSatisfy { $0 > 0 })
        }
    }

    @Test(arguments: Gesture.allCases)
    func theSameSeedGivesTheSameTraceAndAnotherSeedAnother(_ gesture: Gesture) throws {
        let first = try synthesize(gesture, seed: 42, sessionDuration: 30)
        let again = try synthesize(gesture, seed: 42, sessionDuration: 30)
        let other = try synthesize(gesture, seed: 43, sessionDuration: 30)
        #expect(first == again)
        #expect(first.samples != other.samples)
    }

    @Test(arguments: elementary)
    func withoutNoiseSamplesLieExactlyOnTheModel(_ gesture: Gesture) throws {
        let rendered = try #require(try firstEpisode(gesture, noise: .off))
        for contact in rendered.episode.contacts {
            let own = rendered.samples.filter { $0.kind == contact.kind && $0.id == contact.id }
            #expect(!own.isEmpty)
            for sample in own {
                let t = Double(sample.time - rendered.episode.origin) * 1e-9
                let model = contact.path.position(at: t)
                #expect(sample.x == quantized(model.x) && sample.y == quantized(model.y))
                // Without jitter every sample sits on the nominal grid.
                #expect(sample.time == contact.clock.nominalTime(ofTick: contact.clock.firstTick(atOrAfter: sample.time)))
            }
        }
    }

    @Test(arguments: elementary)
    func noiseIsSubPointAndPresent(_ gesture: Gesture) throws {
        let rendered = try #require(try firstEpisode(gesture))
        var deviations: [Double] = []
        for contact in rendered.episode.contacts {
            for sample in rendered.samples where sample.kind == contact.kind && sample.id == contact.id {
                let t = Double(sample.time - rendered.episode.origin) * 1e-9
                deviations.append((contact.path.position(at: t) - Vector(x: sample.x, y: sample.y)).length)
            }
        }
        #expect(deviations.max().map { $0 < 1 } == true)
        #expect(deviations.contains { $0 > 0.01 })
    }

    @Test(arguments: elementary)
    func metadataDescribesTheTrace(_ gesture: Gesture) throws {
        let trace = try synthesize(gesture, seed: 9, rate: 60, device: .tablet)
        let metadata = trace.metadata
        #expect(metadata.source == "synth")
        #expect(metadata.device == DeviceProfile.tablet.deviceName)
        #expect(metadata.screen == TraceMetadata.Screen(width: 1024, height: 1366, scale: 2))
        #expect(metadata.digitizerHz == (gesture == .pencilStroke ? 240 : 60))
        #expect(metadata.displayHz == 120)
        #expect(metadata.extra["gesture"] == gesture.name)
        #expect(metadata.extra["seed"] == "9")
        #expect(metadata.extra["noise"] == "on")
        #expect(trace.segments.map(\.gesture) == [gesture])
    }

    @Test(arguments: elementary)
    func touchesCarryForceAndRadiusAndPencilsTheirAngles(_ gesture: Gesture) throws {
        let trace = try synthesize(gesture)
        for sample in trace.samples {
            switch sample.kind {
            case .touch:
                let force = try #require(sample.force)
                #expect(force > 0 && force <= 1)
                #expect(sample.majorRadius.map { (5...40).contains($0) } == true)
                #expect(sample.majorRadiusTolerance != nil)
            case .pencil:
                let altitude = try #require(sample.altitude)
                #expect(altitude > 0.5 && altitude <= Double.pi / 2)
                #expect(sample.azimuth.map { (0..<(2 * Double.pi)).contains($0) } == true)
                #expect((sample.force != nil) == sample.phase.isInContact)
            case .pointer:
                #expect(sample.buttons == 0)
            default:
                break
            }
        }
    }
}
