import Testing
import TouchInput
import TraceSynthesis

@Suite struct MixedSessionTests {
    @Test func sameSeedSameSamplesOtherSeedOthers() {
        let a = Array(MixedSession(seed: 9, duration: 20))
        let b = Array(MixedSession(seed: 9, duration: 20))
        let c = Array(MixedSession(seed: 10, duration: 20))
        #expect(a == b)
        #expect(a != c)
    }

    @Test func timeOrderedWithinTheDurationAndMarkerDense() throws {
        let samples = Array(MixedSession(seed: 1, duration: 300))
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.time <= $1.time })
        let last = try #require(samples.last)
        #expect(last.time <= 300_000_000_000)
        #expect(last.time >= 295_000_000_000)
        // About 500 samples a second, as a busy capture of mixed use.
        #expect((300 * 300...300 * 800).contains(samples.count))
        let markers = samples.filter { $0.kind == .marker }
        // A redirect, pause or release marker every few seconds, never more than 15 s apart.
        #expect(markers.count >= 60)
        #expect(Set(markers.compactMap(\.label)) == ["redirect", "pause", "release"])
        let gaps = zip(markers, markers.dropFirst()).map { $1.time - $0.time }
        #expect((gaps.max() ?? .max) < 15_000_000_000)
        #expect(Set(samples.map(\.kind)) == Set(SampleKind.allCases))
    }

    @Test func fingersPencilAndGridValues() {
        let samples = Array(MixedSession(seed: 2, duration: 300))
        // Up to five fingers down at once, on 240 Hz frames.
        var down = Set<UInt32>(), most = 0
        for sample in samples where sample.kind == .touch {
            if sample.phase == .began { down.insert(sample.id) }
            most = max(most, down.count)
            if sample.phase.isTerminal { down.remove(sample.id) }
        }
        #expect(most == 5)
        #expect(down.isEmpty)
        let pencil = samples.filter { $0.kind == .pencil }
        #expect(!pencil.isEmpty)
        #expect(pencil.contains { $0.phase == .hoverMoved })
        #expect(pencil.allSatisfy { $0.altitude != nil && $0.azimuth != nil })
        let onGrid = samples.allSatisfy { sample in
            guard let location = sample.location else { return true }
            return (location.x * 256).rounded() == location.x * 256 && (location.y * 256).rounded() == location.y * 256
                && sample.force.map { ($0 * 4096).rounded() == $0 * 4096 } ?? true
        }
        #expect(onGrid)
    }

    @Test func streamsAPrefixOfTheLongerSession() {
        // Episodes depend on the seed and their index only, so a shorter session is a prefix.
        let short = Array(MixedSession(seed: 4, duration: 30))
        let long = Array(MixedSession(seed: 4, duration: 90).prefix(short.count))
        #expect(short == long)
    }
}
