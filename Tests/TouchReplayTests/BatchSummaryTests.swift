import Testing
import TouchInput
@testable import TouchReplay

/// The summary of a frame's samples that lets probes skip their walk of the batch: it must
/// say yes to every kind and phase present, or a probe would miss a landing, lift or pointer.
@Suite struct BatchSummaryTests {
    static func sample(_ kind: SampleKind, _ phase: SamplePhase) -> InputSample {
        InputSample(time: 0, kind: kind, phase: phase, id: 1, x: 0, y: 0)
    }

    @Test func emptyHoldsNothing() {
        let summary = BatchSummary()
        #expect(SampleKind.allCases.allSatisfy { !summary.contains($0) })
        #expect(SamplePhase.allCases.allSatisfy { !summary.contains($0) })
        #expect(!summary.hasTouchDownOrLift)
    }

    /// Every pair of kind and phase: exactly the ones added are reported.
    @Test(arguments: SampleKind.allCases)
    func reportsExactlyWhatWasAdded(kind: SampleKind) {
        for phase in SamplePhase.allCases {
            var summary = BatchSummary()
            summary.add(Self.sample(kind, phase))
            #expect(SampleKind.allCases.allSatisfy { summary.contains($0) == ($0 == kind) })
            #expect(SamplePhase.allCases.allSatisfy { summary.contains($0) == ($0 == phase) })
            #expect(summary.hasTouchDownOrLift == (phase == .began || phase.isTerminal))
        }
    }

    @Test func accumulatesOverABatch() {
        var summary = BatchSummary()
        for sample in [Self.sample(.touch, .moved), Self.sample(.pointer, .hoverMoved), Self.sample(.touch, .ended)] {
            summary.add(sample)
        }
        #expect(summary.contains(.touch) && summary.contains(.pointer) && !summary.contains(.pencil))
        #expect(summary.contains(.ended) && !summary.contains(.began))
        #expect(summary.hasTouchDownOrLift)
    }
}
