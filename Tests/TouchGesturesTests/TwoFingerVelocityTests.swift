import Testing
import TouchGestures
import TouchInput
import TraceSynthesis

/// A pinch or rotation whose `changed` events leave out the velocity (what the pinch scene
/// asks for, reading the velocity from the recognizer at the lift) recognizes the same
/// gestures, reports the same scale or rotation, and answers the same velocity bit for bit at
/// every sample as one that fits it on every sample.
@Suite struct TwoFingerVelocityTests {
    /// Feeds every contact sample to a default recognizer and to one without velocities in
    /// its changed events, resetting both after a finished gesture (as a scene does).
    static func compare<R: GestureRecognizer>(
        _ recognizer: R, _ samples: [InputSample], velocity: (R) -> Double, quiet: (inout R) -> Void
    ) -> (events: [GestureEvent], quietEvents: [GestureEvent], velocityDiffers: Bool) {
        var full = recognizer, lean = recognizer
        quiet(&lean)
        var events: [GestureEvent] = [], quietEvents: [GestureEvent] = []
        var velocityDiffers = false
        for sample in samples where sample.isContactSample {
            if sample.phase == .began && full.state.isTerminal {
                full.reset()
                lean.reset()
            }
            full.handle(sample, events: &events)
            lean.handle(sample, events: &quietEvents)
            if velocity(full).bitPattern != velocity(lean).bitPattern { velocityDiffers = true }
        }
        return (events, quietEvents, velocityDiffers)
    }

    /// The events agree but for the velocity of changed events, which only the full ones carry.
    static func checkEvents(_ full: [GestureEvent], _ lean: [GestureEvent], velocity: KeyPath<GestureEvent, Double?>) {
        #expect(full.count == lean.count)
        for (a, b) in zip(full, lean) {
            #expect(a.state == b.state && a.time == b.time && a.scale == b.scale && a.rotation == b.rotation)
            if a.state == .changed {
                #expect(a[keyPath: velocity] != nil && b[keyPath: velocity] == nil)
            } else {
                #expect(a[keyPath: velocity] == b[keyPath: velocity])
            }
        }
    }

    /// The whole check for one recognizer over a synthesized gesture: the velocity agrees at
    /// every sample, the gesture changes often and ends moving, and the events agree.
    static func check<R: GestureRecognizer>(
        _ recognizer: R, _ gesture: Gesture, seed: UInt64, velocity: (R) -> Double,
        inEvent: KeyPath<GestureEvent, Double?>, quiet: (inout R) -> Void
    ) throws {
        let samples = try Support.synthesize(gesture, seed: seed).samples
        let result = compare(recognizer, samples, velocity: velocity, quiet: quiet)
        #expect(!result.velocityDiffers)
        #expect(result.events.count { $0.state == .changed } > 10)
        #expect(result.events.contains { $0.state == .ended && ($0[keyPath: inEvent] ?? 0) != 0 })
        checkEvents(result.events, result.quietEvents, velocity: inEvent)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aPinchAnswersTheSameVelocityWithoutFittingEverySample(seed: UInt64) throws {
        try Self.check(PinchRecognizer(), .pinch, seed: seed, velocity: \.scaleVelocity, inEvent: \.scaleVelocity) {
            $0.velocityInChangedEvents = false
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aRotationAnswersTheSameVelocityWithoutFittingEverySample(seed: UInt64) throws {
        try Self.check(RotationRecognizer(), .rotate, seed: seed, velocity: \.rotationVelocity, inEvent: \.rotationVelocity) {
            $0.velocityInChangedEvents = false
        }
    }

    @Test func aResetKeepsTheChoice() {
        var pinch = PinchRecognizer(), turn = RotationRecognizer()
        pinch.velocityInChangedEvents = false
        turn.velocityInChangedEvents = false
        pinch.reset()
        turn.reset()
        #expect(!pinch.velocityInChangedEvents && !turn.velocityInChangedEvents)
        #expect(pinch.scaleVelocity == 0 && turn.rotationVelocity == 0)
    }
}
