import Foundation
import Testing
import TouchInput
@testable import TouchTrace

@Suite("Round trips through .touchtrace")
struct RoundTripTests {
    @Test("every kind and field on the grid comes back exactly", arguments: [1, 7, 64, 4096])
    func exactOnGrid(chunkSamples: Int) throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 3000)
        let summary = try Samples.write(samples, to: scratch.path("a.touchtrace"), chunkSamples: chunkSamples)
        #expect(summary.sampleCount == 3000)
        #expect(summary.chunkCount >= 3000 / chunkSamples)
        #expect(summary.quantizationError.worst == 0)
        let back = try Samples.readAll(scratch.path("a.touchtrace"))
        #expect(back == samples)
    }

    @Test("every field of every kind survives")
    func everyField() throws {
        let scratch = ScratchDirectory()
        let samples: [InputSample] = [
            InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: 1.5, y: -2.25, force: 0.25,
                        majorRadius: 7.5, majorRadiusTolerance: 1.25, modifiers: [.shift, .function],
                        flags: [.coalesced, .predicted, .estimatedPropertiesPending, .synthetic]),
            InputSample(time: 5, kind: .pencil, phase: .hoverEntered, id: .max, x: 3, y: 4,
                        altitude: 1.5, azimuth: -0.75, roll: 0.125),
            InputSample(time: 5, kind: .pointer, phase: .hoverMoved, id: 2, x: 10, y: 10, buttons: 0),
            InputSample(time: 6, kind: .pointer, phase: .moved, id: 2, x: 11, y: 10, buttons: .max),
            InputSample(time: 7, kind: .scroll, phase: .moved, x: 50, y: 60, scrollDelta: (-1.5, 12.5)),
            InputSample(time: 8, kind: .key, phase: .began, modifiers: [.control, .option, .command, .capsLock], key: 225),
            InputSample(time: 9, kind: .key, phase: .ended, key: 225),
            .marker("redirect", at: 10),
            .marker("ünïcödé \"quoted\"", at: 10),
            InputSample(time: Int64.max / 2, kind: .touch, phase: .cancelled, id: 1, x: 0, y: 0),
        ]
        _ = try Samples.write(samples, to: scratch.path("b.touchtrace"))
        #expect(try Samples.readAll(scratch.path("b.touchtrace")) == samples)
    }

    @Test("values off the grid come back within half a quantum; the writer reports the worst error")
    func offGrid() throws {
        let scratch = ScratchDirectory()
        var random = TestRandom(seed: 7)
        var samples: [InputSample] = []
        for index in 0..<2000 {
            samples.append(InputSample(time: Int64(index) * 1_000_003, kind: .touch, phase: .moved, id: 3,
                                       x: random.unit() * 1000, y: random.unit() * 1000, force: random.unit(),
                                       altitude: random.unit()))
        }
        let summary = try Samples.write(samples, to: scratch.path("c.touchtrace"), chunkSamples: 300)
        let back = try Samples.readAll(scratch.path("c.touchtrace"))
        var worst = 0.0
        for (a, b) in zip(samples, back) {
            #expect(a.time == b.time)
            worst = max(worst, abs(a.x - b.x), abs(a.y - b.y))
            #expect(abs((a.force ?? 0) - (b.force ?? 0)) <= 0.5 / 4096)
            #expect(abs((a.altitude ?? 0) - (b.altitude ?? 0)) <= 0.5 / 4096)
        }
        #expect(worst <= 0.5 / 256)
        #expect(worst > 0.45 / 256, "2000 random values should come close to the bound")
        #expect(summary.quantizationError.position == worst)
        #expect(try TraceReader(path: scratch.path("c.touchtrace")).footer?.quantizationError?.position == worst)
    }

    @Test("a declared quantum of one device unit stores integer units losslessly")
    func deviceUnits() throws {
        let scratch = ScratchDirectory()
        let quantum = 1.0 / 11.811 // 300 dpi digitizer units in points, not a power of two
        var metadata = TraceMetadata(source: "evemu")
        metadata.quanta.position = quantum
        let samples = (0..<500).map { InputSample(time: Int64($0), kind: .touch, phase: .moved, id: 1,
                                                   x: Double($0 * 37 % 4096) * quantum, y: Double($0) * quantum) }
        _ = try Samples.write(samples, to: scratch.path("d.touchtrace"), metadata: metadata)
        let back = try Samples.readAll(scratch.path("d.touchtrace"))
        #expect(back == samples)
        #expect(try TraceReader(path: scratch.path("d.touchtrace")).metadata == metadata)
    }

    @Test("the writer refuses out-of-order samples and values it cannot store")
    func writerRefusals() throws {
        let scratch = ScratchDirectory()
        let writer = try TraceWriter(path: scratch.path("e.touchtrace"), metadata: TraceMetadata())
        try writer.append(InputSample(time: 10, kind: .touch, phase: .began, id: 1, x: 0, y: 0))
        #expect(throws: TraceFileError.self) { try writer.append(InputSample(time: 9, kind: .touch, phase: .moved, id: 1, x: 0, y: 0)) }
        #expect(throws: TraceFileError.self) { try writer.append(InputSample(time: 11, kind: .touch, phase: .moved, id: 1, x: .nan, y: 0)) }
        #expect(throws: TraceFileError.self) { try writer.append(InputSample(time: 11, kind: .touch, phase: .moved, id: 1, x: 1e300, y: 0)) }
        try writer.append(InputSample(time: 11, kind: .touch, phase: .ended, id: 1, x: 0, y: 0))
        #expect(try writer.finish().sampleCount == 2)
    }

    @Test("chunks close at the sample limit or after about a second")
    func chunkPolicy() throws {
        let scratch = ScratchDirectory()
        // 60 Hz for 10 s: the one-second bound cuts chunks of 60 samples.
        let slow = (0..<600).map { InputSample(time: Int64($0) * 16_666_667, kind: .touch, phase: .moved, id: 1, x: 1, y: 1) }
        let summary = try Samples.write(slow, to: scratch.path("slow.touchtrace"))
        #expect(summary.chunkCount == 10)
        // 8 kHz for 2 s: the 4096-sample bound cuts first.
        let fast = (0..<16000).map { InputSample(time: Int64($0) * 125_000, kind: .pointer, phase: .hoverMoved, id: 1, x: 1, y: 1) }
        let fastSummary = try Samples.write(fast, to: scratch.path("fast.touchtrace"))
        #expect(fastSummary.chunkCount == 4)
        let reader = try TraceReader(path: scratch.path("fast.touchtrace"))
        #expect(reader.chunks.map(\.sampleCount) == [4096, 4096, 4096, 3712])
    }

    @Test("CRC-32C matches the standard check value")
    func crcCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(CRC32C.checksum(Array(long[500...]), continuing: CRC32C.checksum(Array(long[..<500]))) == CRC32C.checksum(long))
    }

    @Test("the CPU's CRC-32C instruction and the tables agree on every length and alignment")
    func crcHardwareMatchesTables() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 3) }
        bytes.withUnsafeBytes { all in
            for start in 0..<9 {
                for end in stride(from: start, through: all.count, by: 7) {
                    let part = UnsafeRawBufferPointer(rebasing: all[start..<end])
                    #expect(CRC32C.checksum(part, continuing: UInt32(start)) == CRC32C.tableChecksum(part, continuing: UInt32(start)))
                }
            }
            #expect(CRC32C.tableChecksum(UnsafeRawBufferPointer(rebasing: all[0..<0])) == 0)
        }
    }
}

@Suite("Fixed-point rounding")
struct QuantizerTests {
    @Test("nearest() rounds exactly like rounded(), halves away from zero", arguments: [
        0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
        4503599627370495.5, -4503599627370495.5, 1e15 + 0.5, 123.4999999, -7.5000001,
    ])
    func edges(value: Double) {
        #expect(Quantizer.nearest(value) == Int64(value.rounded()))
    }

    @Test("nearest() agrees with rounded() on a million random values")
    func random() {
        var random = TestRandom(seed: 99)
        for _ in 0..<1_000_000 {
            let value = (random.unit() - 0.5) * pow(2, Double(random.below(52)))
            #expect(Quantizer.nearest(value) == Int64(value.rounded()))
        }
    }
}

@Suite("Time coding")
struct TimeCodingTests {
    @Test("a microsecond clock's steps are stored in microseconds, and every time comes back exactly")
    func commonUnit() throws {
        let scratch = ScratchDirectory()
        var random = TestRandom(seed: 4)
        var micro: [InputSample] = [], nano: [InputSample] = []
        var time: Int64 = 1_000_000
        for index in 0..<4000 {
            time += 4_166_000 + Int64(random.below(200)) * 1000
            let x = Double(index % 300)
            micro.append(InputSample(time: time, kind: .touch, phase: .moved, id: 1, x: x, y: 0))
            nano.append(InputSample(time: time + Int64(random.below(999)), kind: .touch, phase: .moved, id: 1, x: x, y: 0))
        }
        let microSummary = try Samples.write(micro, to: scratch.path("micro.touchtrace"))
        let nanoSummary = try Samples.write(nano, to: scratch.path("nano.touchtrace"))
        #expect(try Samples.readAll(scratch.path("micro.touchtrace")) == micro)
        #expect(try Samples.readAll(scratch.path("nano.touchtrace")) == nano)
        #expect(Double(microSummary.byteCount) < 0.8 * Double(nanoSummary.byteCount),
                "µs: \(microSummary.byteCount) B, ns: \(nanoSummary.byteCount) B")
    }

    @Test("times at the ends of the accepted ±(2^62 − 1) ns round-trip; times beyond are refused by the writer")
    func extremeTimes() throws {
        let scratch = ScratchDirectory()
        let limit = SampleTime.limit
        let samples = [-limit, -limit + 1, -1, 0, limit - 1, limit].map { InputSample.marker("m", at: $0) }
        _ = try Samples.write(samples, to: scratch.path("extreme.touchtrace"))
        #expect(try Samples.readAll(scratch.path("extreme.touchtrace")) == samples)
        #expect(try TraceReader(path: scratch.path("extreme.touchtrace")).verify().sampleCount == 6)
        for outside in [Int64.min, -limit - 1, limit + 1, Int64.max] {
            let writer = try TraceWriter(path: scratch.path("outside.touchtrace"), metadata: TraceMetadata())
            let error = try #require(throws: TraceFileError.self) { try writer.append(InputSample.marker("m", at: outside)) }
            #expect(error.kind == .invalidSample)
        }
    }
}

@Suite("Bulk appends")
struct BulkAppendTests {
    @Test("appending an array writes the same bytes as appending its samples one by one", arguments: [1, 7, 100, 4096])
    func sameBytes(chunkSamples: Int) throws {
        let scratch = ScratchDirectory()
        let samples = Samples.mixed(count: 2500, seed: 21)
        var options = TraceWriter.Options()
        options.maximumChunkSamples = chunkSamples
        let one = try TraceWriter(path: scratch.path("one.touchtrace"), metadata: TraceMetadata(), options: options)
        for sample in samples { try one.append(sample) }
        try one.finish()
        // In uneven pieces, so bulk appends meet partly filled chunks.
        let bulk = try TraceWriter(path: scratch.path("bulk.touchtrace"), metadata: TraceMetadata(), options: options)
        var start = 0
        for length in [1, 3, 500, 999, 10, 987] {
            try bulk.append(contentsOf: Array(samples[start..<min(start + length, samples.count)]))
            start += length
        }
        #expect(start >= samples.count)
        try bulk.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("one.touchtrace")))
                == Data(contentsOf: URL(fileURLWithPath: scratch.path("bulk.touchtrace"))))
    }

    @Test("a refused sample in a bulk append keeps every sample before it")
    func refusalKeepsEarlierSamples() throws {
        let scratch = ScratchDirectory()
        var samples = Samples.mixed(count: 300, seed: 22)
        samples.insert(InputSample(time: samples[200].time, kind: .touch, phase: .moved, id: 1, x: .nan, y: 0), at: 200)
        let writer = try TraceWriter(path: scratch.path("r.touchtrace"), metadata: TraceMetadata())
        #expect(throws: TraceFileError.self) { try writer.append(contentsOf: samples) }
        try writer.finish()
        #expect(try Samples.readAll(scratch.path("r.touchtrace")) == Array(samples[..<200]))
    }
}
