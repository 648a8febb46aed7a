import TouchInput
import TouchReplay
import TraceSynthesis

/// A synthesized trace of `gesture`.
func synthesize(_ gesture: Gesture, seed: UInt64 = 1, rate: Int = 240, noise: NoiseModel = .off) throws -> SynthesizedTrace {
    try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: rate, noise: noise)).synthesize(gesture)
}

/// Replays `trace` through the reference scene `scene` on the virtual clock.
func replay(_ trace: SynthesizedTrace, scene: String, display: DisplayModel = DisplayModel()) throws -> RunRecord {
    try Replayer.replay(samples: trace.samples, metadata: trace.metadata, sceneNamed: scene,
                        settings: ReplaySettings(mode: .virtual, display: display))
}

/// One frame period at `hz`, in milliseconds.
func frameMs(_ hz: Double = 120) -> Double { 1000 / hz }

// Vsyncs lie on an integer-nanosecond grid (⌊n · 10⁹ / hz⌋), so a span of frames can be up
// to a nanosecond (10⁻⁶ ms) shorter than its ideal length: comparisons allow that much.

/// A summary's statistics as plain numbers for assertions: NaN when not measured, so that
/// every comparison with an unmeasured statistic fails.
extension MetricSummary {
    var minValue: Double { min ?? .nan }
    var maxValue: Double { max ?? .nan }
    var meanValue: Double { mean ?? .nan }
    var p50Value: Double { p50 ?? .nan }
    var p95Value: Double { p95 ?? .nan }
    var p99Value: Double { p99 ?? .nan }
}
