import Testing
import TouchDynamics
import TouchInput
import TouchReplay

/// Velocity continuity at hand-offs (docs/METRICS.md "Hand-offs"): a retargeted spring, an
/// edge bounce and a catch, each done right (a jump of about 0) and deliberately wrong (the
/// closed-form jump), on a one-axis scene whose motion is known exactly, and on the
/// reference scenes.
@Suite struct HandOffTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
    static let settings = ReplaySettings(mode: .virtual, display: display)

    /// An element on one axis, started by the first key and handed off as `mode` says.
    struct OneAxis: Scene {
        enum Mode {
            /// A spring from 0 to 300 pt, retargeted to −200 pt by the second key: keeping
            /// position and velocity, or restarted from rest.
            case retarget(preserving: Bool)
            /// A coast at 2 000 pt/s under scroll deceleration towards an edge at 300 pt, then
            /// a critically damped bounce from the edge with the coast's velocity, or its reverse.
            case bounce(reversing: Bool)
            /// A constant 600 pt/s glide that a touch-down stops under the finger, or not; the
            /// finger drags the element once it has moved 10 pt.
            case glide(catches: Bool)
        }

        static let edge = 300.0
        static let glideSpeed = 600.0

        var mode: Mode
        let spring0: Spring, bounceSpring: Spring
        var state = SceneState()
        var spring: SpringAnimation?
        var coast: (curve: DecelerationCurve, start: Double, edgeTime: Double)?
        var glideStart: Double?
        var landing: Double?
        var offset: Double?
        var keys = 0
        var signals: [SceneSignal] = []

        init(mode: Mode) throws {
            self.mode = mode
            spring0 = try Self.cornerSpring()
            bounceSpring = try Spring(dampingRatio: 1, response: 0.4)
        }

        static func cornerSpring() throws -> Spring { try Spring(dampingRatio: 0.85, response: 0.5) }

        mutating func handle(_ sample: InputSample) {
            let t = Double(sample.time) / 1e9
            if sample.kind == .key, sample.phase == .began {
                keys += 1
                switch (mode, keys) {
                case (.retarget, 1):
                    spring = SpringAnimation(spring: spring0, from: 0, to: 300, initialVelocity: 0, startTime: t)
                case (.retarget(let preserving), 2):
                    guard let running = spring else { return }
                    spring = preserving
                        ? running.retargeted(to: -200, at: t, spring: spring0)
                        : SpringAnimation(spring: spring0, from: running.value(at: t), to: -200, initialVelocity: 0, startTime: t)
                case (.bounce, 1):
                    let curve = DecelerationCurve(value: 0, velocity: 2000)
                    coast = (curve, t, t + (curve.time(toReach: Self.edge) ?? .infinity))
                case (.glide, 1):
                    glideStart = t
                default:
                    break
                }
            } else if sample.kind == .touch, case .glide(let catches) = mode {
                if sample.phase == .began {
                    landing = sample.x
                    // Caught where it is at the touch, held there while the finger rests.
                    if catches, let start = glideStart { state.x = Self.glideSpeed * (t - start); glideStart = nil }
                } else if let offset {
                    state.x = sample.x + offset
                } else if let landing, abs(sample.x - landing) > 10 {
                    if let start = glideStart { state.x = Self.glideSpeed * (t - start); glideStart = nil }
                    offset = state.x - sample.x
                    state.tracking = sample.contact
                }
                if sample.phase.isTerminal { state.tracking = nil }
            }
        }

        mutating func advance(to time: Int64) {
            let t = Double(time) / 1e9
            state.isAnimating = false
            if let spring {
                state.x = spring.value(at: t)
                state.targetX = spring.target
                state.isAnimating = t < spring.startTime + 3
            }
            if let coast {
                if t < coast.edgeTime {
                    state.x = coast.curve.value(at: t - coast.start)
                } else {
                    let v = coast.curve.velocity(at: coast.edgeTime - coast.start)
                    guard case .bounce(let reversing) = mode else { return }
                    spring = SpringAnimation(spring: bounceSpring, from: Self.edge, to: Self.edge,
                                             initialVelocity: reversing ? -v : v, startTime: coast.edgeTime)
                    signals.append(.edgeBounce(time: Int64((coast.edgeTime * 1e9).rounded())))
                    self.coast = nil
                    state.x = spring?.value(at: t) ?? Self.edge
                }
                state.targetX = Self.edge
                state.isAnimating = true
            }
            if let start = glideStart {
                state.x = Self.glideSpeed * (t - start)
                state.targetX = 10_000
                state.isAnimating = true
            }
        }

        mutating func takeSignals(into signals: inout [SceneSignal]) {
            signals.append(contentsOf: self.signals)
            self.signals.removeAll()
        }
    }

    static let ms: Int64 = 1_000_000

    func run(_ mode: OneAxis.Mode, _ samples: [InputSample]) throws -> RunRecord {
        try Replayer.replay(samples: samples, scene: try OneAxis(mode: mode), settings: Self.settings)
    }

    static func key(_ t: Int64) -> InputSample { InputSample(time: t, kind: .key, phase: .began, id: 1, x: 0, y: 0) }

    /// Retargeted 150 ms into the spring, between two vsyncs.
    static let retargetSamples = [key(10 * ms), key(153 * ms + 400_000)]

    @Test func aSpringRetargetedKeepingItsVelocityHasNoJump() throws {
        let result = try run(.retarget(preserving: true), Self.retargetSamples)
        let jump = result[.retargetVelocityJump]
        #expect(jump.count == 1)
        // The spring moves at about 1 000 pt/s there; extrapolating each side's frames to the
        // instant of the retarget leaves well under 0.1 % of it.
        #expect(jump.maxValue < 0.5, "\(jump.maxValue) pt/s")
    }

    @Test func aSpringRestartedFromRestAtARetargetJumpsByItsSpeed() throws {
        let result = try run(.retarget(preserving: false), Self.retargetSamples)
        let jump = result[.retargetVelocityJump]
        let old = SpringAnimation(spring: try OneAxis.cornerSpring(), from: 0, to: 300, initialVelocity: 0, startTime: 0.010)
        let speed = abs(old.velocity(at: 0.1534))
        #expect(speed > 500)
        #expect(jump.count == 1)
        #expect(abs(jump.maxValue - speed) < 0.001 * speed, "\(jump.maxValue) against \(speed) pt/s")
    }

    @Test(arguments: [false, true])
    func anEdgeBounce(reversing: Bool) throws {
        let result = try run(.bounce(reversing: reversing), [Self.key(10 * Self.ms)])
        let jump = result[.bounceVelocityJump]
        let curve = DecelerationCurve(value: 0, velocity: 2000)
        let reach = try #require(curve.time(toReach: OneAxis.edge))
        let speed = curve.velocity(at: reach)
        #expect(jump.count == 1)
        if reversing {
            // Turned back at once: twice the speed it hit the edge with.
            #expect(abs(jump.maxValue - 2 * speed) < 0.01 * speed, "\(jump.maxValue) against \(2 * speed) pt/s")
        } else {
            // The bounce spring's own curvature over the frames after the edge (ω ≈ 16 /s)
            // is what the cubic extrapolation leaves: about 0.5 % of the speed.
            #expect(jump.maxValue < 0.01 * speed, "\(jump.maxValue) pt/s at \(speed) pt/s")
        }
        #expect(result[.retargetVelocityJump].count == 0, "a bounce is not a retarget")
    }

    @Test(arguments: [false, true])
    func aCatch(catches: Bool) throws {
        // The finger lands at 200.3 ms and rests for 100 ms, scanned at 240 Hz, then drags
        // 1 pt a scan until it lifts at 400 ms.
        var samples = [Self.key(10 * Self.ms),
                       InputSample(time: 200 * Self.ms + 300_000, kind: .touch, phase: .began, id: 2, x: 100, y: 100)]
        for k in 1..<48 {
            samples.append(InputSample(time: 200 * Self.ms + 300_000 + Int64(k) * 4_166_667, kind: .touch, phase: .moved,
                                       id: 2, x: 100 + Double(max(0, k - 24)), y: 100))
        }
        samples.append(InputSample(time: 400 * Self.ms, kind: .touch, phase: .ended, id: 2, x: 124, y: 100))
        let jump = try run(.glide(catches: catches), samples)[.catchVelocityJump]
        #expect(jump.count == 1)
        // Held under a resting finger: no slip. Not caught: it slides on under the finger at
        // its own speed.
        #expect(abs(jump.maxValue - (catches ? 0 : OneAxis.glideSpeed)) < 1e-6, "\(jump.maxValue) pt/s")
    }

    /// The reference scroll view hands a synthesized catch over without a jump (the finger
    /// rests, the content stops with it, within the finger's own tremor); with its catch
    /// removed the content slides on at its coasting speed.
    @Test(arguments: [UInt64(1), 2, 3])
    func theReferenceScrollViewCatchesWithoutAJump(seed: UInt64) throws {
        let trace = try synthesize(.catch, seed: seed, rate: 240)
        let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
        let kept = try Replayer.replay(samples: trace.samples, scene: ScrollScene(context: context), settings: Self.settings)
        let lost = try Replayer.replay(samples: trace.samples,
                                       scene: ScrollScene(context: context, parameters: .init(catchesMovingContent: false)),
                                       settings: Self.settings)
        #expect(kept[.catchVelocityJump].count == 1 && lost[.catchVelocityJump].count == 1)
        #expect(kept[.catchVelocityJump].maxValue < 5, "\(kept[.catchVelocityJump].maxValue) pt/s")
        #expect(lost[.catchVelocityJump].maxValue > 100, "\(lost[.catchVelocityJump].maxValue) pt/s")
    }
}
