import TouchBenchSupport

/// How hard a finger presses over time, for a force press: from a light touch the force
/// rises along a minimum-jerk ramp to its peak, holds there (wavering, if asked, in a wave
/// that fades in and out), then falls back before the finger lifts — a lifting finger sheds
/// its force first, as real presses do.
struct ForceProfile: Sendable, Hashable {
    /// Local time of the touch-down, seconds.
    var start: Double
    /// The force at the touch-down and after the fall.
    var rest = 0.08
    var peak: Double
    /// Durations of the rise, the hold and the fall, seconds.
    var ramp: Double
    var hold: Double
    var fall: Double
    /// The waver's amplitude and frequency during the hold.
    var wobble = 0.0
    var wobbleHz = 5.0

    /// When the fall ends.
    var end: Double { start + ramp + hold + fall }

    func force(at t: Double) -> Double {
        let u = t - start
        if u < ramp { return rest + (peak - rest) * MinimumJerk.position(u / ramp) }
        let v = u - ramp
        if v < hold {
            let envelope = Elementary.portableSin(Double.pi * v / hold)
            return peak + wobble * envelope * Elementary.portableSin(2 * Double.pi * wobbleHz * v)
        }
        return rest + (peak - rest) * (1 - MinimumJerk.position((v - hold) / fall))
    }

    /// When the rise reaches `force` (nil if the peak stays below it).
    func rising(to force: Double) -> Double? {
        guard peak >= force else { return nil }
        return bisect(start...(start + ramp)) { self.force(at: $0) < force }
    }
}
