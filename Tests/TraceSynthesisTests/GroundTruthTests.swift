import TouchBenchSupport
import Testing
import TouchInput
@testable import TraceSynthesis

/// The markers sit exactly where docs/METRICS.md says, and the samples agree with them.
@Suite struct GroundTruthTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    private func local(_ time: Int64, in episode: Episode) -> Double { Double(time - episode.origin) * 1e-9 }

    /// The samples' velocity along `axis` between consecutive samples of the first finger,
    /// with the instant each estimate belongs to (the midpoint of its interval).
    private func sampledVelocity(_ samples: [InputSample], along axis: Vector) -> [(time: Double, velocity: Double)] {
        let finger = samples.filter { $0.kind == .touch && $0.id == samples.first { $0.kind == .touch }?.id }
        return zip(finger, finger.dropFirst()).map { a, b in
            let displacement = Vector(x: b.x - a.x, y: b.y - a.y).dot(axis)
            return (Double(a.time + b.time) / 2, displacement / (Double(b.time - a.time) * 1e-9))
        }
    }

    /// Checks a redirect marker of a turning finger against the model and the samples.
    private func checkTurn(of gesture: Gesture, seed: UInt64, rate: Int, axis: (MovementPath) -> Vector) throws {
        let rendered = try #require(try firstEpisode(gesture, seed: seed, rate: rate, noise: .off))
        let episode = rendered.episode
        guard case .movements(let path) = episode.contacts[0].path else {
            Issue.record("a turning finger follows submovements")
            return
        }
        let direction = axis(path)
        let redirect = try #require(markers(.redirect, in: rendered.samples).first)
        let t = local(redirect.time, in: episode)
        // The marker is the model's root, to the nanosecond: the velocity along the axis is
        // positive a microsecond before it, negative a microsecond after, and nil at it.
        #expect(path.velocity(at: t - 1e-6).dot(direction) > 0)
        #expect(path.velocity(at: t + 1e-6).dot(direction) < 0)
        #expect(abs(path.velocity(at: t).dot(direction)) < 1e-3)
        // The velocity estimated from consecutive samples changes sign once, in the interval
        // around the marker.
        let estimates = sampledVelocity(rendered.samples, along: direction).filter { $0.velocity != 0 }
        let changes = zip(estimates, estimates.dropFirst()).filter { ($0.velocity > 0) != ($1.velocity > 0) }
        #expect(changes.count == 1)
        let period = 1e9 / Double(rate)
        for change in changes {
            #expect(change.0.velocity > 0 && change.1.velocity < 0)
            #expect(Double(redirect.time) >= change.0.time - period && Double(redirect.time) <= change.1.time + period)
            #expect(change.1.time - change.0.time <= period * 1.07)
        }
    }

    @Test(arguments: [60, 120, 240], seeds)
    func reversalRedirectIsTheModelsVelocityZero(_ rate: Int, _ seed: UInt64) throws {
        try checkTurn(of: .reversal, seed: seed, rate: rate) { path in
            let out = path.movements[0].displacement
            return out * (1 / out.length)
        }
    }

    @Test(arguments: [60, 120, 240], seeds)
    func backToAppRedirectIsWhereTheSwipeTurnsDown(_ rate: Int, _ seed: UInt64) throws {
        try checkTurn(of: .backToApp, seed: seed, rate: rate) { _ in Vector(x: 0, y: -1) }
    }

    @Test(arguments: seeds)
    func aNoisyReversalStillTurnsAtTheMarker(_ seed: UInt64) throws {
        let rendered = try #require(try firstEpisode(.reversal, seed: seed, rate: 120))
        guard case .movements(let path) = rendered.episode.contacts[0].path else { return }
        let axis = path.movements[0].displacement * (1 / path.movements[0].displacement.length)
        let redirect = try #require(markers(.redirect, in: rendered.samples).first)
        // Tremor and digitizer noise wobble the raw differences; a 5-sample moving average
        // (a 33 ms window, as velocity trackers use) turns within one interval of the marker.
        let raw = sampledVelocity(rendered.samples, along: axis)
        let smoothed = (2..<(raw.count - 2)).map { i in
            (raw[i].time, raw[(i - 2)...(i + 2)].reduce(0) { $0 + $1.velocity } / 5)
        }
        let crossings = zip(smoothed, smoothed.dropFirst()).filter { $0.1 > 0 && $1.1 <= 0 }
        let nearest = crossings.map { abs(($0.0.0 + $0.1.0) / 2 - Double(redirect.time)) }.min()
        #expect(nearest.map { $0 <= 1e9 / 120 } == true)
    }

    @Test(arguments: seeds)
    func pauseMarkerIsWhereTheModelComesToRest(_ seed: UInt64) throws {
        let rendered = try #require(try firstEpisode(.pause, seed: seed, noise: .off))
        let episode = rendered.episode
        guard case .movements(let path) = episode.contacts[0].path else { return }
        let pause = try #require(markers(.pause, in: rendered.samples).first)
        let lift = try #require(rendered.samples.first { $0.phase == .ended })
        let t = local(pause.time, in: episode)
        let rest = GroundTruthMarker.restSpeed
        #expect(abs(path.velocity(at: t).length - rest) < 1e-3)
        #expect(path.velocity(at: t - 1e-6).length > rest)
        let tLift = local(lift.time, in: episode)
        #expect(t < tLift - 0.3)
        for step in 1...200 {
            #expect(path.velocity(at: t + (tLift - t) * Double(step) / 200).length < rest)
        }
        // Having come to rest, the finger creeps less than a tenth of a point before lifting.
        let after = rendered.samples.filter { $0.kind == .touch && $0.time >= pause.time }
        let spread = after.map { Vector(x: $0.x - after[0].x, y: $0.y - after[0].y).length }.max() ?? 0
        #expect(spread < 0.1)
        // It got there from the bottom edge, a third of the screen up.
        let first = try #require(rendered.samples.first)
        #expect(first.y > 840 && after[0].y < 844 * 0.75)
    }

    @Test(arguments: [Gesture.flick, .catch, .homeFlick, .backToApp], [60, 120, 240])
    func releaseIsTheLiftOfAMovingFinger(_ gesture: Gesture, _ rate: Int) throws {
        for seed in Self.seeds {
            let rendered = try #require(try firstEpisode(gesture, seed: seed, rate: rate, noise: .off))
            let release = try #require(markers(.release, in: rendered.samples).first)
            let firstFinger = rendered.episode.contacts[0]
            let lift = try #require(rendered.samples.first { $0.id == firstFinger.id && $0.phase == .ended })
            #expect(release.time == lift.time)
            let index = try #require(rendered.samples.firstIndex { $0.kind == .marker && $0.label == "release" })
            #expect(rendered.samples[index - 1] == lift)
            let speed = firstFinger.path.velocity(at: local(lift.time, in: rendered.episode)).length
            #expect(speed > 300, "\(gesture.name) lifts at \(speed) pt/s")
        }
    }

    @Test(arguments: seeds)
    func catchRedirectIsTheCatchingTouchDown(_ seed: UInt64) throws {
        let trace = try synthesize(.catch, seed: seed)
        let redirect = try #require(markers(.redirect, in: trace.samples).first)
        let release = try #require(markers(.release, in: trace.samples).first)
        let began = trace.samples.filter { $0.kind == .touch && $0.phase == .began }
        #expect(began.count == 2)
        #expect(redirect.time == began[1].time)
        #expect(began[1].id != began[0].id)
        let gap = Double(redirect.time - release.time) * 1e-9
        #expect(gap > 0.1 && gap < 0.32)
    }
}
