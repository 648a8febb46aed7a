import Testing
import TouchInput
@testable import TraceSynthesis

@Suite struct SessionTests {
    @Test func aSessionMixesEveryGestureAndEveryKindOfSample() throws {
        let trace = try synthesize(.session, seed: 3, sessionDuration: 120)
        #expect(Set(trace.segments.map(\.gesture)) == Set(Gesture.elementary))
        #expect(Set(trace.samples.map(\.kind)) == Set(SampleKind.allCases))
        // `highlight` comes only with menu-select and `parity` only with parity, which sessions
        // do not mix (scene-specific).
        for marker in GroundTruthMarker.allCases where marker != .highlight && marker != .parity {
            #expect(!markers(marker, in: trace.samples).isEmpty)
        }
        #expect(markers(.highlight, in: trace.samples).isEmpty && markers(.parity, in: trace.samples).isEmpty)
        #expect(trace.duration <= 120_000_000_000 && trace.duration > 90_000_000_000)
        #expect(trace.metadata.extra["sessionSeconds"] == "120.0")
        #expect(trace.metadata.extra["pencilHz"] == "240")
    }

    @Test func segmentsFollowOneAnotherWithIdleGaps() throws {
        let trace = try synthesize(.session, seed: 4, sessionDuration: 120)
        for (a, b) in zip(trace.segments, trace.segments.dropFirst()) {
            let gap = Double(b.start - a.end) * 1e-9
            #expect(gap >= 0.38 && gap <= 1.9)
        }
        // Each elementary gesture comes once per round of shuffled gestures.
        let round = Gesture.elementary.count
        for start in stride(from: 0, to: trace.segments.count - round + 1, by: round) {
            #expect(Set(trace.segments[start..<(start + round)].map(\.gesture)).count == round)
        }
        // Every segment holds exactly the samples of its time span, in order.
        var index = 0
        for segment in trace.segments {
            while index < trace.samples.count, trace.samples[index].time <= segment.end {
                #expect(trace.samples[index].time >= segment.start)
                index += 1
            }
        }
        #expect(index == trace.samples.count)
    }

    @Test func contactIdentitiesAreNeverReused() throws {
        let trace = try synthesize(.session, seed: 5, sessionDuration: 120)
        for group in contacts(of: trace.samples) {
            #expect(hasValidLifecycle(group.samples), "contact \(group.key)")
        }
        let ids = trace.samples.filter { $0.kind.isContact }.map(\.id)
        #expect(Set(ids).count == contacts(of: trace.samples).count)
    }

    @Test func streamingGivesTheSameSamplesAsSynthesizing() throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 11, sessionDuration: 60))
        let streamed = Array(synthesizer.samples(of: .session))
        #expect(streamed == synthesizer.synthesize(.session).samples)
        #expect(Array(synthesizer.samples(of: .pinch)) == synthesizer.synthesize(.pinch).samples)
    }

    @Test func aLongerSessionExtendsAShorterOne() throws {
        // Episodes depend only on the seed and their predecessors, so a session is a prefix
        // of any longer one with the same seed.
        let short = try synthesize(.session, seed: 8, sessionDuration: 40)
        let long = try synthesize(.session, seed: 8, sessionDuration: 80)
        #expect(Array(long.samples.prefix(short.samples.count)) == short.samples)
    }

    @Test func theRateAndTheNoiseDoNotChangeTheGesturesPlan() throws {
        let base = try synthesize(.session, seed: 2, rate: 120, sessionDuration: 60)
        let other = try synthesize(.session, seed: 2, rate: 240, noise: .off, sessionDuration: 60)
        #expect(base.segments.map(\.gesture) == other.segments.map(\.gesture))
        let starts = zip(base.segments, other.segments).map { abs(Double($0.start - $1.start)) * 1e-9 }
        // Only the snapping of touch-downs and lifts to the scan grid differs.
        for (index, difference) in starts.enumerated() where difference >= 0.009 {
            Issue.record("segment \(index) (\(base.segments[index].gesture.name)) starts \(difference) s apart")
        }
    }
}

@Suite struct OptionTests {
    @Test func defaultsAreAPhoneAt120HzWithNoiseAndThreeMinuteSessions() {
        let options = SynthesisOptions()
        #expect(options.rate == 120 && options.device == .phone && options.noise == .standard)
        #expect(options.sessionDuration == 180 && options.seed == 0)
        #expect(DeviceProfile(name: "tablet") == .tablet && DeviceProfile(name: "watch") == nil)
        #expect(NoiseModel.standard.isEnabled && !NoiseModel.off.isEnabled)
    }

    @Test(arguments: [0, 59, 90, 100, 480])
    func unsupportedRatesAreRefused(_ rate: Int) {
        #expect(throws: SynthesisError.unsupportedRate(rate)) {
            try GestureSynthesizer(options: SynthesisOptions(rate: rate))
        }
    }

    @Test(arguments: [0, -5, Double.nan, Double.infinity, 100_000])
    func invalidSessionDurationsAreRefused(_ seconds: Double) {
        #expect(throws: SynthesisError.self) {
            try GestureSynthesizer(options: SynthesisOptions(sessionDuration: seconds))
        }
    }

    @Test func invalidNoiseIsRefused() {
        var jittery = NoiseModel.standard
        jittery.timingJitter = 0.3
        var negative = NoiseModel.standard
        negative.positionSigma = -1
        for noise in [jittery, negative] {
            #expect(throws: SynthesisError.self) { try GestureSynthesizer(options: SynthesisOptions(noise: noise)) }
        }
    }

    @Test func commandLineNamesParseOrThrowTypedErrors() throws {
        #expect(try Gesture(parsing: "back-to-app") == .backToApp)
        #expect(throws: SynthesisError.unknownGesture("swipe")) { try Gesture(parsing: "swipe") }
        #expect(try DeviceProfile(parsing: "phone") == .phone)
        #expect(throws: SynthesisError.unknownDevice("watch")) { try DeviceProfile(parsing: "watch") }
        #expect(try NoiseModel(parsing: "off") == .off && NoiseModel(parsing: "on") == .standard)
        #expect(throws: SynthesisError.self) { try NoiseModel(parsing: "loud") }
    }

    @Test func errorsReadAsOneSentence() {
        let errors: [SynthesisError] = [
            .unsupportedRate(100), .invalidSessionDuration(0), .invalidNoise("x"), .unknownGesture("swipe"),
            .unknownDevice("watch"), .invalidThrowSpeed("9-1"), .invalidRecipeValue(key: "rate", value: "fast", expected: "60, 120 or 240"),
        ]
        for error in errors {
            #expect(error.description.first?.isUppercase == true && error.description.hasSuffix("."))
        }
    }

    /// A recipe's value of the wrong kind was reported as a noise model ("the seed"), a rate
    /// of 0 Hz or a duration of "nan s"; hexadecimal read as a number.
    @Test("a recipe value that is not its key's kind is named as written", arguments: [
        (["gesture": "session", "duration": "abc"], "The duration 'abc' is not a number of seconds."),
        (["gesture": "session", "duration": "0x3c"], "The duration '0x3c' is not a number of seconds."),
        (["gesture": "session", "duration": "nan"], "The duration 'nan' is not a number of seconds."),
        (["gesture": "tap", "seed": "-1"], "The seed '-1' is not a non-negative integer."),
        (["gesture": "tap", "rate": "fast"], "The rate 'fast' is not 60, 120 or 240."),
        (["gesture": "session", "duration": "0"], "The session duration 0.0 s is invalid: give between 1 s and 86400 s."),
    ])
    func recipeValuesOfTheWrongKindAreNamed(recipe: [String: String], message: String) throws {
        #expect(throws: SynthesisError.self) { try SynthesisRecipe(recipe) }
        do {
            _ = try SynthesisRecipe(recipe)
        } catch {
            #expect(error.description == message)
        }
        #expect(try SynthesisRecipe(["gesture": "session", "duration": "60"]).options.sessionDuration == 60)
    }
}
