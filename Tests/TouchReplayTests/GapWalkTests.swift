import Foundation
import TestSupport
import Testing
import TouchInput
@testable import TouchReplay

/// The presented-lag walk passes whole blocks of the finger's path whose bounding box lies
/// farther from the element than the nearest segment so far. It must give the same gap and
/// lag, bit for bit, as the walk over every segment — on paths that turn back, circle, stop
/// and cross the element, with fingers and a pencil interleaved, contacts that lift and land
/// again under the same id, and enough of them to push points out of the ring.
@Suite struct GapWalkTests {
    /// One contact's path: a random walk whose heading turns, reverses (the hand changing
    /// its mind), circles or stops, sampled every `period` nanoseconds.
    struct Finger {
        var kind: SampleKind
        var id: UInt32
        var period: Int64
        var next: Int64
        var x: Double, y: Double
        var heading: Double
        var speed: Double
        var turn = 0.0
        var left: Int
        var began = false
    }

    /// Samples of `fingers` contacts (and a pencil) for `seconds`, in time order.
    static func session(seed: UInt64, fingers: Int, seconds: Double) -> [InputSample] {
        var random = TestRandom(seed: seed)
        var contacts = (0..<fingers).map { index in
            Finger(kind: .touch, id: UInt32(index + 1), period: 4_166_667, next: Int64(index) * 700_000,
                   x: 100 + 50 * Double(index), y: 300, heading: 0, speed: 400, left: 40 + 20 * index)
        }
        contacts.append(Finger(kind: .pencil, id: 1, period: 8_333_333, next: 300_000, x: 200, y: 500, heading: 1,
                               speed: 250, left: 90))
        let end = Int64(seconds * 1e9)
        var samples: [InputSample] = []
        while let index = contacts.indices.min(by: { contacts[$0].next < contacts[$1].next }), contacts[index].next < end {
            var finger = contacts[index]
            let dt = Double(finger.period) / 1e9
            if random.unit() < 0.04 { finger.heading += .pi }  // a reversal
            if random.unit() < 0.03 { finger.turn = random.unit() < 0.5 ? 0 : (random.unit() - 0.5) * 30 }  // start or stop circling
            if random.unit() < 0.02 { finger.speed = random.unit() < 0.3 ? 0 : 100 + 1500 * random.unit() }  // stop, or change pace
            finger.heading += finger.turn * dt + (random.unit() - 0.5) * 0.4
            finger.x += finger.speed * dt * cos(finger.heading)
            finger.y += finger.speed * dt * sin(finger.heading)
            finger.left -= 1
            let phase: SamplePhase = !finger.began ? .began : finger.left <= 0 ? .ended : .moved
            samples.append(InputSample(time: finger.next, kind: finger.kind, phase: phase, id: finger.id,
                                       x: finger.x, y: finger.y))
            finger.began = phase != .ended
            if phase == .ended {
                // Lands again under the same id after a pause, somewhere else.
                finger.left = 20 + Int(random.unit() * 120)
                finger.next += Int64(random.unit() * 80_000_000)
                finger.x += (random.unit() - 0.5) * 200
            }
            finger.next += finger.period
            contacts[index] = finger
        }
        return samples
    }

    /// Runs both walks over `samples` with 120 Hz frames whose element trails the tracked
    /// finger by `trail` samples plus jitter (and now and then jumps onto its older path).
    static func compare(_ samples: [InputSample], trail: Int, seed: UInt64) -> (passed: Int, frames: Int) {
        var pruned = GapProbe(), full = GapProbe()
        full.passesBlocks = false
        var random = TestRandom(seed: seed)
        var contacts = ContactPositions()
        var recent: [ContactKey: [InputSample]] = [:]
        var tracked: ContactKey?
        var vsync: Int64 = 0
        var frames = 0
        let period: Int64 = 8_333_333
        func render(until time: Int64) {
            while vsync < time {
                var state = SceneState()
                if tracked == nil || contacts.position(of: tracked!) == nil {
                    tracked = recent.keys.sorted { $0.packed < $1.packed }.first { contacts.position(of: $0) != nil }
                }
                if let id = tracked, let path = recent[id], !path.isEmpty {
                    let back = random.unit() < 0.1 ? Int(random.unit() * Double(path.count)) : trail
                    let shown = path[Swift.max(0, path.count - 1 - back)]
                    state.tracking = id
                    state.x = shown.x + (random.unit() - 0.5) * 3
                    state.y = shown.y + (random.unit() - 0.5) * 3
                }
                let record = FrameRecord(index: Int64(frames), vsync: vsync, presentation: vsync + 2 * period, lateFrames: 0,
                                         hitch: 0, displayTime: period, cpu: 0, cpuMeasured: false, workStart: vsync,
                                         workEnd: vsync, startError: nil)
                let context = FrameContext(record: record, batch: [], state: state, contacts: contacts, signals: [])
                pruned.frame(context)
                full.frame(context)
                frames += 1
                vsync += period
            }
        }
        for sample in samples {
            render(until: sample.time)
            contacts.update(sample)
            pruned.observe(sample)
            full.observe(sample)
            recent[sample.contact, default: []].append(sample)
            if recent[sample.contact]!.count > 200 { recent[sample.contact]!.removeFirst(100) }
            if sample.phase.isTerminal {
                recent[sample.contact] = nil
                if tracked == sample.contact { tracked = nil }
            }
        }
        pruned.finish()
        full.finish()
        for (a, b) in [(pruned.gap, full.gap), (pruned.lag, full.lag), (pruned.tracking, full.tracking)] {
            let x = a.summary(kind: .deterministic), y = b.summary(kind: .deterministic)
            #expect(x == y)
            #expect(x.count > 100)
        }
        #expect(full.blocksPassed == 0)
        return (pruned.blocksPassed, frames)
    }

    @Test(arguments: [(1, 0), (2, 1), (3, 2), (5, 3), (12, 2)])
    func passingBlocksChangesNoValue(fingers: Int, trail: Int) {
        let samples = Self.session(seed: UInt64(17 * fingers + trail), fingers: fingers, seconds: 20)
        let (passed, frames) = Self.compare(samples, trail: trail, seed: UInt64(fingers))
        // The blocks are passed often enough to matter (or the test would prove nothing).
        #expect(passed > frames / 4, "\(passed) blocks passed in \(frames) frames")
    }
}
