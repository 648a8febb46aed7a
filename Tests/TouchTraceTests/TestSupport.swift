import Foundation
import TouchInput
@testable import TouchTrace

/// A scratch directory removed when the value is released.
final class ScratchDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A small deterministic generator (SplitMix64) so test data is identical everywhere.
struct TestRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

enum Samples {
    /// A realistic mixed trace on the default quantum grid: three fingers at 240 Hz, a
    /// pencil with hover, scroll steps, keys with modifiers, and markers.
    static func mixed(count: Int, seed: UInt64 = 1) -> [InputSample] {
        var random = TestRandom(seed: seed)
        var samples: [InputSample] = []
        samples.reserveCapacity(count)
        var time: Int64 = 0
        var contactAge = [0, 0, 0]
        var nextID: UInt32 = 1
        var ids: [UInt32] = [0, 0, 0]
        func grid(_ value: Double, _ quantum: Double) -> Double { (value / quantum).rounded() * quantum }
        while samples.count < count {
            time += Int64(4_166_666 / 3) + Int64(random.below(2000))
            let choice = random.below(100)
            if choice < 75 {
                let finger = random.below(3)
                let phase: SamplePhase
                if contactAge[finger] == 0 {
                    ids[finger] = nextID
                    nextID += 1
                    phase = .began
                } else if contactAge[finger] > 80 + random.below(200) {
                    phase = .ended
                } else {
                    phase = .moved
                }
                let angle = Double(contactAge[finger]) * 0.02 + Double(finger)
                var sample = InputSample(time: time, kind: .touch, phase: phase, id: ids[finger],
                                         x: grid(195 + 120 * cos(angle) + random.unit(), 1.0 / 256),
                                         y: grid(422 + 300 * sin(angle) + random.unit(), 1.0 / 256),
                                         force: grid(random.unit(), 1.0 / 4096),
                                         majorRadius: grid(6 + random.unit() * 4, 1.0 / 256),
                                         majorRadiusTolerance: grid(1.5, 1.0 / 256))
                if random.below(4) == 0 { sample.flags = .coalesced }
                samples.append(sample)
                contactAge[finger] = phase == .ended ? 0 : contactAge[finger] + 1
            } else if choice < 88 {
                let phase: SamplePhase = [.hoverEntered, .hoverMoved, .began, .moved, .ended, .hoverExited][random.below(6)]
                samples.append(InputSample(time: time, kind: .pencil, phase: phase, id: 99,
                                           x: grid(500 + random.unit() * 50, 1.0 / 256), y: grid(600 + random.unit() * 50, 1.0 / 256),
                                           force: phase.isInContact ? grid(random.unit(), 1.0 / 4096) : nil,
                                           altitude: grid(0.9 + random.unit() * 0.5, 1.0 / 4096),
                                           azimuth: grid(random.unit() * 6, 1.0 / 4096), roll: grid(random.unit(), 1.0 / 4096)))
            } else if choice < 94 {
                samples.append(InputSample(time: time, kind: .scroll, phase: .moved, x: 300, y: 400,
                                           scrollDelta: (0, grid(-12 * random.unit(), 1.0 / 256))))
            } else if choice < 97 {
                samples.append(InputSample(time: time, kind: .key, phase: random.below(2) == 0 ? .began : .ended,
                                           modifiers: random.below(2) == 0 ? [.shift] : [.option, .command], key: 0xE1))
            } else if choice < 99 {
                samples.append(InputSample(time: time, kind: .pointer, phase: .hoverMoved, id: 7,
                                           x: grid(random.unit() * 1000, 1.0 / 256), y: grid(random.unit() * 1000, 1.0 / 256),
                                           buttons: UInt32(random.below(3))))
            } else {
                samples.append(.marker(["redirect", "pause", "release"][random.below(3)], at: time))
            }
        }
        return samples
    }

    /// Writes `samples` with small chunks so that a short trace spans many of them.
    static func write(_ samples: [InputSample], to path: String, chunkSamples: Int = 4096,
                      metadata: TraceMetadata = TraceMetadata(device: "test", source: "test")) throws -> TraceWriter.Summary {
        var options = TraceWriter.Options()
        options.maximumChunkSamples = chunkSamples
        let writer = try TraceWriter(path: path, metadata: metadata, options: options)
        try writer.append(contentsOf: samples)
        return try writer.finish()
    }

    static func readAll(_ path: String) throws -> [InputSample] {
        let reader = try TraceReader(path: path)
        var cursor = reader.makeCursor()
        var samples: [InputSample] = []
        while let sample = try cursor.next() { samples.append(sample) }
        return samples
    }
}

extension Data {
    func written(to path: String) throws { try write(to: URL(fileURLWithPath: path)) }
}
