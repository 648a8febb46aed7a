import TouchBenchSupport
import TouchInput

/// A trackpad's two-finger scroll: the pointer parks over the content, then the fingers pan
/// and the trackpad reports each digitizer scan as a scroll step (the W3C convention:
/// positive `dy` scrolls down), as it would a finger's drag on the glass.
extension EpisodeBuilder {
    /// One or two two-finger pans, each a minimum-jerk move of 120–360 pt (times ``reach``)
    /// along an axis, mostly down, over 0.3–0.6 s, that comes to rest before the fingers
    /// lift (no momentum). Each step is the change of the quantized cumulative travel, so the
    /// steps of a pan add up to exactly its travel (the ground truth: `scrollDelta` sums).
    mutating func planTrackpadScroll() {
        let spot = Vector(x: random.uniform(0.3, 0.7) * width, y: random.uniform(0.3, 0.7) * height)
        var path = MovementPath(start: randomPoint(margin: 40))
        var t = travel(&path, from: path.start, to: spot, at: 0.02) + random.uniform(0.1, 0.3)
        let quantum = 1.0 / 256
        let x = ContactRenderer.quantize(spot.x, quantum)
        let y = ContactRenderer.quantize(spot.y, quantum)
        for _ in 0..<random.integer(in: 1...2) {
            let vertical = random.chance(0.8)
            let sign = random.chance(0.75) ? 1.0 : -1.0
            let length = random.uniform(120, 360) * reach * sign
            let duration = random.uniform(0.3, 0.6)
            let first = tick(atOrAfter: t, on: touchClock)
            let last = tick(atOrAfter: t + duration + random.uniform(0.03, 0.08), on: touchClock)
            var previous = 0.0
            for k in first...max(first + 1, last) {
                let local = localTime(ofTick: k, on: touchClock)
                let travelled = ContactRenderer.quantize(length * MinimumJerk.position((local - t) / duration), quantum)
                let step = travelled - previous
                previous = travelled
                let phase: SamplePhase = k == first ? .began : k == max(first + 1, last) ? .ended : .moved
                addEvent(
                    InputSample(time: 0, kind: .scroll, phase: phase, x: x, y: y, flags: .synthetic,
                                scrollDelta: vertical ? (0, step) : (step, 0)),
                    atLocal: local)
            }
            t = localTime(ofTick: max(first + 1, last), on: touchClock) + random.uniform(0.3, 0.6)
        }
        _ = addPointer(path, until: t)
    }
}
