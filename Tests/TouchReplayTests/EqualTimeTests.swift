import RunRecord
import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// Samples that share a timestamp, or nearly (docs/METRICS.md "Intent", "Equal timestamps"):
/// the file's order decides nothing, and a marker a microsecond early still marks its touch
/// (hostile review F4, F6).
@Suite struct EqualTimeTests {
    /// `samples` with every intent marker that shares a touch-down's time moved `shift` ns
    /// earlier, as an evdev round trip does (sample times to the µs, markers to the ns).
    static func markersEarlier(_ samples: [InputSample], by shift: Int64) -> [InputSample] {
        let downs = Set(samples.filter { $0.kind.isContact && $0.phase == .began }.map(\.time))
        let moved = samples.map { sample -> InputSample in
            var sample = sample
            if sample.kind == .marker, sample.label?.hasPrefix("intent:") == true, downs.contains(sample.time) { sample.time -= shift }
            return sample
        }
        return moved.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    static func intents(_ samples: [InputSample], _ trace: SynthesizedTrace, scene: String) throws -> MetricSummary {
        try Replayer.replay(samples: samples, metadata: trace.metadata, sceneNamed: scene,
                            settings: ReplaySettings(mode: .virtual))[.intentAccuracy]
    }

    /// Before: option-drag seed 2 went 2/2 → 0/2 through evemu, shift-select 1 → 0.667,
    /// menu-dismiss seed 1 1 → 0.5. Up to 1 µs early a marker keeps its gesture; 2 µs early it
    /// opens before the touch that lands after it, which counts as the next gesture.
    @Test(arguments: [(Gesture.optionDrag, "board"), (.shiftSelect, "board"), (.menuDismiss, "menu"), (.menuSelect, "menu")])
    func aMarkerAMicrosecondEarlyKeepsItsGesture(gesture: Gesture, scene: String) throws {
        for seed in UInt64(1)...2 {
            let trace = try synthesize(gesture, seed: seed, rate: 120, noise: .standard)
            let exact = try Self.intents(trace.samples, trace, scene: scene)
            #expect(exact.count >= 1 && exact.mean == 1, "\(gesture) seed \(seed)")
            for shift: Int64 in [1, 500, 1_000] {
                #expect(try Self.intents(Self.markersEarlier(trace.samples, by: shift), trace, scene: scene) == exact,
                        "\(gesture) seed \(seed), \(shift) ns early")
            }
        }
        // Where a marker at a touch-down follows an earlier gesture, 2 µs early it no longer marks it.
        let trace = try synthesize(.optionDrag, seed: 2, rate: 120, noise: .standard)
        let early = try Self.intents(Self.markersEarlier(trace.samples, by: 2_000), trace, scene: "board")
        #expect(early.count == 2 && early.mean == 0)
    }

    /// Option-drag seed 1 (a copy, then a plain move) with the touches' own modifiers stripped
    /// and the Option key pressed at the first touch-down's very time: before, listed before
    /// the touch it copied (2/2), listed after it moved the object (1/2). Key state at a
    /// landing's time now counts either way.
    @Test(arguments: [true, false])
    func aKeyAtTheTouchDownCountsWhicheverComesFirst(keyFirst: Bool) throws {
        let trace = try synthesize(.optionDrag, seed: 1, rate: 120, noise: .standard)
        let down = try #require(trace.samples.first { $0.kind == .touch && $0.phase == .began })
        let key = try #require(trace.samples.first { $0.kind == .key && $0.phase == .began && $0.modifiers.contains(.option) })
        #expect(key.time < down.time)
        var samples: [InputSample] = []
        for var sample in trace.samples where !(sample.kind == .key && sample.phase == .began) {
            if sample.kind != .key { sample.modifiers = [] }
            var pressed = key
            pressed.time = down.time
            if sample.time == down.time, sample.kind == .touch, sample.phase == .began {
                samples += keyFirst ? [pressed, sample] : [sample, pressed]
            } else {
                samples.append(sample)
            }
        }
        let record = try Replayer.replay(samples: samples, metadata: trace.metadata, sceneNamed: "board",
                                         settings: ReplaySettings(mode: .virtual))
        #expect(record[.intentAccuracy].count == 2 && record[.intentAccuracy].mean == 1)
    }
}
