import Testing
import TouchInput
import TouchReplay

/// The release as a hand-off (`velocity_jump_pt_per_s`, docs/METRICS.md "Release outcome"):
/// a finger drawn at a constant speed and lifted, on an element whose motion after the lift
/// is known exactly — carried on at the finger's speed, stopped dead, or carried and then
/// caught a few frames later.
@Suite struct ReleaseHandOffTests {
    static let speed = 1000.0
    static let ms: Int64 = 1_000_000
    static let settings = ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(120), presentationDelay: 2))

    /// Tracks the first finger 1:1 along x; after its lift carries on at `speed` or stands
    /// still, animating for 200 ms (or, with `animates` false, stops at once and asks for no
    /// frames, as a scene does that puts the element down); a touch-down after the lift
    /// holds the element where it is.
    struct Thrown: Scene {
        var carries: Bool
        var animates = true
        var state = SceneState()
        var finger: UInt32?
        var lift: (t: Double, x: Double)?

        mutating func handle(_ sample: InputSample) {
            guard sample.kind == .touch else { return }
            if sample.phase == .began {
                if finger == nil, lift == nil {
                    finger = sample.id
                } else {
                    lift = nil
                    state.isAnimating = false
                    return
                }
            }
            guard sample.id == finger else { return }
            state.x = sample.x
            state.y = sample.y
            state.tracking = sample.contact
            if sample.phase.isTerminal {
                state.tracking = nil
                finger = nil
                lift = (Double(sample.time) / 1e9, sample.x)
            }
        }

        mutating func advance(to time: Int64) {
            guard animates, let lift else { return }
            let t = Double(time) / 1e9
            guard t - lift.t < 0.2 else {
                state.isAnimating = false
                self.lift = nil
                return
            }
            state.isAnimating = true
            if carries { state.x = lift.x + ReleaseHandOffTests.speed * (t - lift.t) }
            state.targetX = lift.x + ReleaseHandOffTests.speed * 0.2
        }
    }

    /// A finger drawn along x at `speed` for 200 ms at 240 Hz and lifted; with `catchAfter`,
    /// a second finger lands that long after the lift and rests.
    static func samples(catchAfter: Int64? = nil, scrollAfter: Int64? = nil) -> [InputSample] {
        let start = 10 * ms, step: Int64 = 4_166_667
        var samples: [InputSample] = []
        for k in Int64(0)...48 {
            let t = start + k * step
            let phase: SamplePhase = k == 0 ? .began : k == 48 ? .ended : .moved
            samples.append(InputSample(time: t, kind: .touch, phase: phase, id: 1,
                                       x: 100 + speed * Double(t - start) / 1e9, y: 400))
        }
        if let catchAfter, let lift = samples.last?.time {
            samples.append(InputSample(time: lift + catchAfter, kind: .touch, phase: .began, id: 2, x: 400, y: 400))
            samples.append(InputSample(time: lift + catchAfter + 100 * ms, kind: .touch, phase: .ended, id: 2, x: 400, y: 400))
        }
        if let scrollAfter, let lift = samples.last?.time {
            samples.append(InputSample(time: lift + scrollAfter, kind: .scroll, phase: .moved, id: 0, x: 400, y: 400))
            samples.sort { $0.time < $1.time }
        }
        return samples
    }

    @Test func aReleaseThatCarriesTheFingersSpeedHasNoJump() throws {
        let result = try Replayer.replay(samples: Self.samples(), scene: Thrown(carries: true), settings: Self.settings)
        let jump = result[.velocityJump]
        #expect(jump.count == 1)
        #expect(jump.maxValue < 0.01, "\(jump.maxValue) pt/s")
    }

    @Test func aReleaseThatStopsDeadJumpsByTheReleaseSpeed() throws {
        let result = try Replayer.replay(samples: Self.samples(), scene: Thrown(carries: false), settings: Self.settings)
        let jump = result[.velocityJump]
        #expect(jump.count == 1)
        #expect(abs(jump.maxValue - Self.speed) < 0.01, "\(jump.maxValue) pt/s")
    }

    @Test func aReleaseCaughtAFewFramesLaterIsStillMeasured() throws {
        // Caught 60 ms (seven frames) after the lift: the animation never rests, so there is
        // no settle time, but the release was a hand-off all the same.
        for carries in [true, false] {
            let result = try Replayer.replay(samples: Self.samples(catchAfter: 60 * Self.ms), scene: Thrown(carries: carries),
                                             settings: Self.settings)
            let jump = result[.velocityJump]
            #expect(result[.settle].count == 0)
            #expect(jump.count == 1)
            #expect(abs(jump.maxValue - (carries ? 0 : Self.speed)) < 0.01, "\(jump.maxValue) pt/s")
        }
    }

    @Test func aCatchWithinTheFramesAfterTheLiftLeavesTheReleaseUnmeasured() throws {
        // Caught before the third frame after the lift: fewer than two frames of its motion.
        let result = try Replayer.replay(samples: Self.samples(catchAfter: 5 * Self.ms), scene: Thrown(carries: true), settings: Self.settings)
        #expect(result[.velocityJump].count == 0)
    }

    @Test func aReleaseThatStopsWithoutAnimatingJumpsByTheReleaseSpeed() throws {
        // The real replayer renders nothing after the lift's frame until the next input, here
        // a tap half a second later: that frame says nothing of the release.
        for catchAfter in [nil, 500 * Self.ms] {
            let result = try Replayer.replay(samples: Self.samples(catchAfter: catchAfter), scene: Thrown(carries: false, animates: false),
                                             settings: Self.settings)
            let jump = result[.velocityJump]
            #expect(jump.count == 1)
            #expect(abs(jump.maxValue - Self.speed) < 0.01, "\(jump.maxValue) pt/s")
        }
    }

    @Test func aScrollStepBeforeTheFramesAfterTheLiftLeavesTheReleaseUnmeasured() throws {
        // The content moved by the wheel is not the release's hand-off; one after them is.
        let early = try Replayer.replay(samples: Self.samples(scrollAfter: 2 * Self.ms), scene: Thrown(carries: true), settings: Self.settings)
        #expect(early[.velocityJump].count == 0)
        let late = try Replayer.replay(samples: Self.samples(scrollAfter: 100 * Self.ms), scene: Thrown(carries: true), settings: Self.settings)
        #expect(late[.velocityJump].count == 1)
        #expect(late[.velocityJump].maxValue < 0.01)
    }
}
