import TouchInput
import TouchReplay
import TraceSynthesis

/// A synthesized trace of `gesture`.
func synthesize(_ gesture: Gesture, seed: UInt64 = 1, rate: Int = 240, noise: NoiseModel = .off) throws -> SynthesizedTrace {
    try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: rate, noise: noise)).synthesize(gesture)
}

/// Replays `trace` through the reference scene `scene` on the virtual clock.
func replay(_ trace: SynthesizedTrace, scene: String, display: DisplayModel = DisplayModel()) throws -> RunResult {
    try Replayer.replay(samples: trace.samples, metadata: trace.metadata, sceneNamed: scene,
                        settings: ReplaySettings(mode: .virtual, display: display))
}

/// One frame period at `hz`, in milliseconds.
func frameMs(_ hz: Double = 120) -> Double { 1000 / hz }

// Vsyncs lie on an integer-nanosecond grid (⌊n · 10⁹ / hz⌋), so a span of frames can be up
// to a nanosecond (10⁻⁶ ms) shorter than its ideal length: comparisons allow that much.
