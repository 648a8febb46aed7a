import Foundation
import Testing
import TouchDynamics
import TouchInput
import TouchReplay
import TraceSynthesis

/// Release outcome on synthesized traces with known truth (docs/METRICS.md "Release outcome").
@Suite struct ReleaseOutcomeTests {
    func run<S: Scene>(_ trace: SynthesizedTrace, _ scene: S) throws -> RunRecord {
        try Replayer.replay(samples: trace.samples, scene: scene, settings: ReplaySettings(mode: .virtual))
    }

    @Test(arguments: [NoiseModel.off, .standard], [UInt64(1), 2, 3])
    func aFlicksCommittedTargetIsTheClosedFormProjection(noise: NoiseModel, seed: UInt64) throws {
        let trace = try synthesize(.flick, seed: seed, rate: 240, noise: noise)
        // Content far larger than any throw, so that no edge clamps the projection.
        let result = try run(trace, ScrollScene(context: SceneContext(width: 40_000, height: 40_000)))
        let error = result[.projectionError]
        #expect(error.count == 1)
        #expect(error.maxValue < 0.5, "\(error.maxValue) pt")
        // It comes to rest where it was projected: the throw is the projected distance.
        #expect(result[.throwDistance].maxValue > 100)
        #expect(result[.overshoot].max == 0 && result[.oscillations].max == 0)
    }

    @Test func aFasterDecelerationIsASmallerThrowAndAProjectionError() throws {
        let trace = try synthesize(.flick, seed: 1, rate: 240)
        let context = SceneContext(width: 40_000, height: 40_000)
        let normal = try run(trace, ScrollScene(context: context))
        let fast = try run(trace, ScrollScene(context: context, parameters: .init(decelerationRate: .fast)))
        // (v/1000)·r/(1−r): 499 v/1000 at 0.998, 99 v/1000 at 0.99 — a fifth of the throw.
        let ratio = fast[.throwDistance].maxValue / normal[.throwDistance].maxValue
        #expect(abs(ratio - 99.0 / 499.0) < 0.02, "\(ratio)")
        #expect(abs(fast[.projectionError].maxValue - (normal[.throwDistance].maxValue - fast[.throwDistance].maxValue)) < 1)
        #expect(fast[.settle].maxValue < normal[.settle].maxValue)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aCriticallyDampedSpringDoesNotOvershootAndHalfDampedOvershootsAsTheClosedForm(seed: UInt64) throws {
        let trace = try synthesize(.tap, seed: seed, rate: 240)
        let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
        // A tap opens the sheet from rest: a spring without initial velocity.
        let critical = try run(trace, SheetScene(context: context))
        #expect(critical[.overshoot].count == 1)
        #expect(critical[.overshoot].max == 0 && critical[.oscillations].max == 0)
        let bouncy = try run(trace, SheetScene(context: context, parameters: .init(openDampingRatio: 0.5)))
        let zeta = 0.5
        let closedForm = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()) * 100
        let measured = bouncy[.overshoot].maxValue
        #expect(abs(measured - closedForm) / closedForm < 0.01, "\(measured) % against \(closedForm) %")
        #expect(bouncy[.oscillations].maxValue >= 3, "a ζ 0.5 spring crosses its rest several times")
        #expect(bouncy[.settle].maxValue > critical[.settle].maxValue)
    }
}
