import TouchBenchSupport
import Foundation
import Testing
import TouchInput
@testable import TraceSynthesis

@Suite struct MotionModelTests {
    @Test func minimumJerkProfileIsTheQuinticWithABellShapedVelocity() {
        #expect(MinimumJerk.position(0) == 0 && MinimumJerk.position(1) == 1 && MinimumJerk.position(0.5) == 0.5)
        #expect(MinimumJerk.position(-1) == 0 && MinimumJerk.position(2) == 1)
        #expect(MinimumJerk.velocity(0.5) == MinimumJerk.peakVelocity)
        var peak = (tau: 0.0, value: 0.0)
        for step in 0...10_000 {
            let tau = Double(step) / 10_000
            let v = MinimumJerk.velocity(tau)
            if v > peak.value { peak = (tau, v) }
            #expect(abs(v - MinimumJerk.velocity(1 - tau)) < 1e-12)
            // The velocity is the derivative of the position, the acceleration of the velocity.
            let h = 1e-6
            let numeric = (MinimumJerk.position(tau + h) - MinimumJerk.position(tau - h)) / (2 * h)
            #expect(abs(numeric - v) < 1e-6)
            let numericAcceleration = (MinimumJerk.velocity(tau + h) - MinimumJerk.velocity(tau - h)) / (2 * h)
            #expect(abs(numericAcceleration - MinimumJerk.acceleration(tau)) < 1e-4)
        }
        #expect(peak.tau == 0.5 && peak.value == 1.875)
    }

    @Test(arguments: [60, 120, 240])
    func aDragPeaksInSpeedAtItsMidpoint(_ rate: Int) throws {
        for seed: UInt64 in 1...6 {
            let rendered = try #require(try firstEpisode(.drag, seed: seed, rate: rate, noise: .off))
            guard case .movements(let path) = rendered.episode.contacts[0].path else { return }
            let movement = try #require(path.movements.first)
            let samples = rendered.samples.filter { $0.kind == .touch }
            let speeds = zip(samples, samples.dropFirst()).map { a, b in
                (time: Double(a.time + b.time) / 2 - Double(rendered.episode.origin),
                 speed: Vector(x: b.x - a.x, y: b.y - a.y).length / (Double(b.time - a.time) * 1e-9))
            }
            let fastest = try #require(speeds.max { $0.speed < $1.speed })
            let peak = MinimumJerk.peakVelocity * movement.displacement.length / movement.duration
            #expect(abs(fastest.speed - peak) / peak < 0.01)
            // Near the top the bell is flat to within the 1/256 pt storage quantum over a few
            // samples, so the vertex of a parabola fitted to the speeds of the middle fifth
            // locates the peak, not the single fastest sample.
            let window = speeds.filter { abs($0.time - fastest.time) <= movement.duration * 0.1e9 }
            let vertex = parabolaVertex(window.map { ($0.time * 1e-9, $0.speed) }) * 1e9
            #expect(abs(vertex - movement.midpoint * 1e9) < 1e6, "vertex \(vertex) vs midpoint \(movement.midpoint * 1e9)")
        }
    }

    /// The abscissa of the vertex of the least-squares parabola through `points`.
    private func parabolaVertex(_ points: [(Double, Double)]) -> Double {
        let mean = points.reduce(0) { $0 + $1.0 } / Double(points.count)
        var s = [Double](repeating: 0, count: 5)
        var r = [Double](repeating: 0, count: 3)
        for (x, y) in points {
            let u = x - mean
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += power * y }
                power *= u
            }
        }
        // Solve the 3×3 normal equations for y = a + b·u + c·u² by Cramer's rule.
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(m)
        let b = det([[s[0], r[0], s[2]], [s[1], r[1], s[3]], [s[2], r[2], s[4]]]) / d
        let c = det([[s[0], s[1], r[0]], [s[1], s[2], r[1]], [s[2], s[3], r[2]]]) / d
        return mean - b / (2 * c)
    }

    @Test func pinchSeparationAndRotationFollowTheModel() throws {
        for gesture in [Gesture.pinch, .rotate] {
            let rendered = try #require(try firstEpisode(gesture, noise: .off))
            let contacts = rendered.episode.contacts
            guard case .polar(let a) = contacts[0].path, case .polar(let b) = contacts[1].path else { return }
            for step in 0...50 {
                let t = a.end * Double(step) / 50
                let pa = a.position(at: t), pb = b.position(at: t)
                #expect(abs((pa - pb).length - a.separation(at: t)) < 1e-9)
                let mid = (pa + pb) * 0.5
                #expect((mid - a.center).length < 1e-9)
                // The analytic velocity is the derivative of the position.
                let h = 1e-6
                let numeric = (a.position(at: t + h) - a.position(at: t - h)) * (1 / (2 * h))
                #expect((numeric - a.velocity(at: t)).length < 1e-4)
            }
        }
    }

    @Test func generatorMatchesSplitMix64AndDrawsAreWellDistributed() {
        // The first SplitMix64 output for seed 0 (Steele, Lea & Flood's reference value).
        #expect(SeededRandom.hash(0, []) == 0xE220_A839_7B1D_CDAF)
        var random = SeededRandom(seed: 12345)
        var sum = 0.0, squares = 0.0
        let count = 200_000
        for _ in 0..<count {
            let g = random.gaussian()
            sum += g
            squares += g * g
        }
        #expect(abs(sum / Double(count)) < 0.01)
        #expect(abs(squares / Double(count) - 1) < 0.01)
        var counts = [Int](repeating: 0, count: 6)
        for _ in 0..<60_000 { counts[random.integer(in: 0...5)] += 1 }
        #expect(counts.allSatisfy { abs($0 - 10_000) < 400 })
        var three = SeededRandom(seed: 1, stream: 2, 3)
        var four = SeededRandom(seed: 1, stream: 2, 4)
        #expect(three.next() != four.next())
    }

    @Test func ownSineAgreesWithTheCLibrary() {
        for step in -20_000...20_000 {
            let x = Double(step) * 0.0025
            #expect(abs(Elementary.portableSin(x) - Foundation.sin(x)) < 1e-10)
            #expect(abs(Elementary.portableCos(x) - Foundation.cos(x)) < 1e-10)
        }
    }

    @Test(arguments: [60, 120, 240])
    func clockTicksJitterWithinBoundsAndNeverReorder(_ rate: Int) {
        let clock = SampleClock(hertz: rate, jitterFraction: 0.03, salt: 99)
        let bound = Int64(0.03 * 1e9 / Double(rate))
        var previous = Int64.min
        var random = SeededRandom(seed: 5)
        for k: Int64 in 0..<5000 {
            let time = clock.time(ofTick: k)
            #expect(abs(time - clock.nominalTime(ofTick: k)) <= bound)
            #expect(time > previous)
            previous = time
            let query = Int64(random.integer(in: 0...80_000_000_000))
            let first = clock.firstTick(atOrAfter: query)
            #expect(clock.time(ofTick: first) >= query && (first == 0 || clock.time(ofTick: first - 1) < query))
        }
    }

    @Test func samplesBetweenFramesAreCoalesced() throws {
        for (gesture, rate, expected) in [(Gesture.drag, 240, 0.5), (.drag, 120, 0), (.drag, 60, 0), (.pencilStroke, 60, 0.5)] {
            let trace = try synthesize(gesture, rate: rate)
            let moving = trace.samples.filter { [.moved, .stationary, .hoverMoved].contains($0.phase) }
            let fraction = Double(moving.filter { $0.flags.contains(.coalesced) }.count) / Double(moving.count)
            #expect(abs(fraction - expected) < 0.03, "\(gesture.name) at \(rate) Hz: \(fraction)")
            #expect(trace.samples.filter { $0.phase == .began || $0.phase == .ended }.allSatisfy { !$0.flags.contains(.coalesced) })
        }
    }
}
