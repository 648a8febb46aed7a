import TouchInput

/// Which kinds and phases of sample a frame's batch holds, one bit each. ``ProbeSet`` gathers
/// it in the loop that already times every sample of the batch, so that a probe looking for a
/// touch-down, a lift or a pointer skips its own walk of the batch when there is none (most
/// frames: a finger moving, or none).
struct BatchSummary: Sendable {
    private var kinds: UInt8 = 0
    private var phases: UInt8 = 0

    init() {}

    // Masking shifts (`&<<`): every raw value is below 8, and the checked `<<` branched on
    // each sample for shifts past the width that cannot happen.
    @inline(__always)
    mutating func add(_ sample: InputSample) {
        kinds |= 1 &<< sample.kind.rawValue
        phases |= 1 &<< sample.phase.rawValue
    }

    @inline(__always)
    func contains(_ kind: SampleKind) -> Bool { kinds & 1 &<< kind.rawValue != 0 }

    @inline(__always)
    func contains(_ phase: SamplePhase) -> Bool { phases & 1 &<< phase.rawValue != 0 }

    /// Whether a contact may have landed or lifted in the batch.
    var hasTouchDownOrLift: Bool {
        phases & (1 &<< SamplePhase.began.rawValue | 1 &<< SamplePhase.ended.rawValue
            | 1 &<< SamplePhase.cancelled.rawValue) != 0
    }
}
