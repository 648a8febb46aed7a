import Testing
import TouchDynamics
import TouchGestures
import TouchInput
import TraceSynthesis

/// A pan's velocity read through a pause detector's memo (as the home scene reads it on every
/// frame of a swipe) is bit for bit the pan's own fit, and mostly costs no fit at all: the
/// detector has just fitted the same finger at the same times.
@Suite struct PanVelocityMemoTests {
    /// Follows `samples` as the home scene does; returns how many times the pan's velocity was
    /// read and how many of those reads fitted rather than reused the detector's fit.
    static func follow(_ samples: [InputSample]) -> (read: Int, fitted: Int) {
        var pan = PanRecognizer()
        var pause = DecelerationPauseDetector()
        var memo = VelocityMemo()
        var events: [GestureEvent] = []
        var read = 0, fitted = 0
        for sample in samples where sample.isContactSample {
            // As the scene does: the memo lets go of its tracker before the appends.
            memo.finishSample()
            if pan.state.isTerminal || pan.state == .idle, sample.phase == .began { pan.reset() }
            pan.follow(sample)
            if sample.id == pan.contact, sample.kind == pan.contactKind {
                pause.handle(sample, velocities: &memo, events: &events)
            }
            guard pan.state.isActive else { continue }
            let fits = memo.fits
            for _ in 0..<2 {
                // A second read, a frame later with no sample between, is the memo's too.
                let shared = pan.velocity(reusing: &memo)
                #expect(shared.x.bitPattern == pan.velocity.x.bitPattern && shared.y.bitPattern == pan.velocity.y.bitPattern)
            }
            read += 1
            fitted += memo.fits - fits
        }
        return (read, fitted)
    }

    /// Bit for bit on a mixed session, whose pans also follow the centroid of several fingers
    /// (a tracker of its own, fitted once per sample however often it is read).
    @Test func panVelocityThroughTheMemoIsThePansOwn() {
        let (read, fitted) = Self.follow(Array(MixedSession(seed: 8, duration: 60)))
        #expect(read > 2_000)
        #expect(fitted > 0 && fitted < read)
    }

    /// A one-finger pan follows the finger the detector fits: every read is the detector's fit.
    @Test(arguments: [Gesture.drag, .flick, .pause, .homeFlick])
    func oneFingerPanReusesTheDetectorsFit(_ gesture: Gesture) throws {
        for seed in UInt64(0)..<4 {
            let trace = try Support.synthesize(gesture, seed: seed, rate: 120)
            let (read, fitted) = Self.follow(trace.samples)
            #expect(read > 5)
            #expect(fitted == 0)
        }
    }
}
