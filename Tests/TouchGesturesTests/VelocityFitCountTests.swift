import Testing
import TouchDynamics
import TouchGestures
import TouchInput
import TraceSynthesis

/// The pause detectors fit each contact's window once between them: the work per touch
/// sample is one planar fit, counted rather than timed, on short and long marker-dense
/// sessions alike.
@Suite struct VelocityFitCountTests {
    /// The contact samples the pause detectors take and fit at (every touching sample but the lift).
    static func fittedSamples(_ samples: [InputSample]) -> Int {
        samples.count { $0.isContactSample && !$0.phase.isTerminal }
    }

    @Test(arguments: [40.0, 160.0])
    func onePlanarFitPerTouchSample(duration: Double) throws {
        let samples = Array(MixedSession(seed: 3, duration: duration))
        var standard = StandardArena(screen: Rect(screen: MixedSession(seed: 3, duration: duration).metadata.screen))
        var events: [GestureEvent] = []
        for sample in samples { standard.handle(sample, into: &events) }
        let touching = Self.fittedSamples(samples)
        #expect(touching > 10_000)
        // Two detectors read every one of these samples' velocity; one fit serves both.
        #expect(standard.arena.velocityFits == touching)
        // The deceleration detector's speed is fitted over the times its planar velocity just
        // was: solved on that factorisation, never factorising a window of its own. So no
        // more factorisations than planar fits, however many speed fits are solved.
        let reused = standard.arena.velocitySolutions - standard.arena.velocityFactorisations
        #expect(standard.arena.velocityFactorisations <= touching)
        #expect(reused > touching / 4)
        // The memo's contact trackers are those of the contacts still down: as many after
        // 160 s as after 40.
        let down = Set(samples.filter { $0.isContactSample }.map(\.contact)).count
        #expect(down > 40)
        #expect(standard.arena.velocityContacts <= 6)
        #expect(events.contains { $0.gesture == .pause && $0.detector == .timer })
        #expect(events.contains { $0.gesture == .pause && $0.detector == .deceleration })
    }

    /// The memo answers an equal tracker at the same time with the number a fit of its own
    /// gives, and fits again for a tracker that differs by one sample or for another time.
    @Test func theMemoReusesOnlyAnEqualTrackersFit() {
        var first = VelocityTracker(), second = VelocityTracker()
        for step in 0..<12 {
            let time = Int64(step) * 8_333_333
            first.add(time: time, x: Double(step * step) * 0.7, y: Double(step) * 3.1)
            second.add(time: time, x: Double(step * step) * 0.7, y: Double(step) * 3.1)
        }
        let time = Int64(11) * 8_333_333
        var memo = VelocityMemo()
        let fitted = memo.velocity(of: first, at: time)
        #expect(fitted == first.velocity(at: time))
        #expect(memo.velocity(of: second, at: time) == second.velocity(at: time))
        #expect(memo.fits == 1)
        second.add(time: time, x: 99, y: 3)  // same time: replaces the newest sample
        #expect(memo.velocity(of: second, at: time) == second.velocity(at: time))
        #expect(memo.velocity(of: second, at: time) != fitted)
        #expect(memo.fits == 2)
        _ = memo.velocity(of: second, at: time + 1_000_000)
        #expect(memo.fits == 3)
    }

    /// Sharing asks for the same samples bit for bit, not `==`: 0 and -0 are equal numbers but
    /// may fit to different bits.
    @Test func identicalMeansTheSameBits() {
        var positive = VelocityTracker(), negative = VelocityTracker()
        positive.add(time: 0, x: 0, y: 1)
        negative.add(time: 0, x: -0.0, y: 1)
        #expect(positive == negative)
        #expect(!positive.reportsSameVelocities(as: negative))
        negative.add(time: 0, x: 0, y: 1)  // same time: replaces the sample
        #expect(positive.reportsSameVelocities(as: negative))
        #expect(!positive.reportsSameVelocities(as: VelocityTracker(strategy: .impulse)))
    }
}
