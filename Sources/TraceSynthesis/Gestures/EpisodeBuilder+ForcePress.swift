import TouchBenchSupport
import TouchInput

/// Gestures for the `press` scene (``ForceSwitch``): three presses on a switch that starts
/// off (`force-press`). The first presses past the commit force and switches it on; the
/// second peaks below it and is lifted (cancelled: it stays on); the third peaks just above
/// it and wavers there before it eases off and lifts (it switches off once: a switch without
/// hysteresis flips back and forth). Parameters drawn per seed: peak force, ramp time, hold,
/// waver; the noise model adds force noise on top.
extension EpisodeBuilder {
    mutating func planForcePress() {
        let spot = Vector(x: width / 2, y: height / 2)
        var t = 0.0
        // (peak range, waver range, whether it crosses the commit force)
        let presses: [(ClosedRange<Double>, ClosedRange<Double>, Destination)] = [
            (0.66...0.78, 0...0, .switchedOn),
            (0.3...0.45, 0...0, .switchedOn),
            (0.62...0.66, 0.06...0.08, .switchedOff),
        ]
        for (peaks, wobbles, meant) in presses {
            let profile = ForceProfile(
                start: t, peak: random.uniform(peaks.lowerBound, peaks.upperBound), ramp: random.uniform(0.15, 0.35),
                hold: random.uniform(0.15, 0.3), fall: random.uniform(0.08, 0.15),
                wobble: random.uniform(wobbles.lowerBound, wobbles.upperBound), wobbleHz: random.uniform(4, 7))
            let lift = profile.end + random.uniform(0.005, 0.015)
            let path = restingPath(from: t, for: lift - t, slip: 0.2...0.9).translated(by: spot)
            let press = addFinger(.movements(path), landing: t, lifting: lift, pressure: profile)
            // Where the model force reaches the threshold, or the lift of a press that does not.
            if let crossing = profile.rising(to: ForceSwitch.commitForce) {
                addIntent(meant, atLocal: crossing)
            } else {
                addIntent(meant, at: press.upTime)
            }
            t = lift + random.uniform(0.3, 0.5)
        }
    }
}
