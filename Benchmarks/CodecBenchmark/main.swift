// Codec benchmark: encode/decode speed and size of .touchtrace against JSON Lines (+ zstd -19,
// + Foundation decoding), raw fixed-width records, and zstd's own decompression — all in one
// process run so the ratios hold on a noisy machine. Release build: `scripts/bench`.
import Foundation
import BenchmarkKit
import TouchInput
@_spi(Benchmarks) import TouchTrace

struct Options {
    var sampleCount = 1_000_000
    var repeats = 5
    var jsonPath: String?
    var traces: [String] = []
    /// Only the codec itself: no JSON Lines, no zstd -19 (for profiling).
    var codecOnly = false
    /// zstd level of the chunks (the writer's default when absent).
    var level: Int32?
    /// Write the mixed trace once, then only decode it (for profilers: perf, callgrind).
    var decodeOnly = false
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--samples": options.sampleCount = Int(arguments.popFirst() ?? "") ?? options.sampleCount
        case "--repeat": options.repeats = max(1, Int(arguments.popFirst() ?? "") ?? options.repeats)
        case "--json": options.jsonPath = arguments.popFirst()
        case "--codec-only": options.codecOnly = true
        case "--decode-only": options.decodeOnly = true
        case "--traces-dir": options.traces.append((arguments.popFirst() ?? "Traces") + "/session.touchtrace")
        case "--level": options.level = Int32(arguments.popFirst() ?? "")
        case "--help", "-h":
            print("USAGE: CodecBenchmark [--samples N] [--repeat N] [--level L] [--codec-only] [--decode-only] [--json OUT] [--traces-dir DIR] [TRACE.touchtrace ...]")
            exit(0)
        default: options.traces.append(argument)
        }
    }
    return options
}

/// A realistic mixed capture: up to five fingers at 240 Hz with force and radius, a pencil
/// at 240 Hz with hover and angles, trackpad scrolls, keys with modifiers, a few markers.
func mixedTrace(count: Int) -> [InputSample] {
    var random = SplitMix(seed: 42)
    var samples: [InputSample] = []
    samples.reserveCapacity(count)
    var time: Int64 = 0
    var nextID: UInt32 = 1
    func q(_ v: Double, _ step: Double) -> Double { (v / step).rounded() * step }
    while samples.count < count {
        let gesture = random.below(10)
        let fingers = gesture < 5 ? 1 : gesture < 8 ? 2 : 3 + random.below(3)
        let frames = 30 + random.below(200)
        var origins: [(Double, Double)] = (0..<fingers).map { _ in (random.unit() * 390, random.unit() * 844) }
        let velocity = (random.unit() * 8 - 4, random.unit() * 8 - 4)
        let ids = (0..<fingers).map { _ -> UInt32 in defer { nextID += 1 }; return nextID }
        for frame in 0..<frames {
            time += 4_166_666 + Int64(random.below(40_000)) - 20_000
            for finger in 0..<fingers {
                origins[finger].0 += velocity.0 + random.unit() * 0.3
                origins[finger].1 += velocity.1 + random.unit() * 0.3
                let phase: SamplePhase = frame == 0 ? .began : frame == frames - 1 ? .ended : .moved
                samples.append(InputSample(time: time, kind: .touch, phase: phase, id: ids[finger],
                                           x: origins[finger].0, y: origins[finger].1,
                                           force: q(0.3 + 0.2 * random.unit(), 1.0 / 4096),
                                           majorRadius: q(8 + random.unit(), 1.0 / 256), majorRadiusTolerance: 1.5,
                                           flags: frame % 2 == 1 ? [.coalesced] : []))
            }
        }
        if gesture == 9 {
            var x = random.unit() * 1000, y = random.unit() * 1000
            for frame in 0..<300 {
                time += 4_166_666
                x += 1.2 + random.unit() * 0.1
                y += 0.6 + random.unit() * 0.1
                let phase: SamplePhase = frame < 20 ? .hoverMoved : frame == 20 ? .began : frame < 280 ? .moved : frame == 280 ? .ended : .hoverMoved
                samples.append(InputSample(time: time, kind: .pencil, phase: phase, id: 100, x: x, y: y,
                                           force: phase.isInContact ? 0.4 + 0.1 * random.unit() : nil,
                                           altitude: 1.0 + 0.05 * random.unit(), azimuth: 0.8 + 0.05 * random.unit()))
            }
        }
        if gesture == 4 {
            for _ in 0..<40 {
                time += 8_333_333
                samples.append(InputSample(time: time, kind: .scroll, phase: .moved, x: 200, y: 300,
                                           scrollDelta: (0, q(-3 * random.unit(), 1.0 / 256))))
            }
            time += 1_000_000
            samples.append(InputSample(time: time, kind: .key, phase: .began, modifiers: [.shift], key: 225))
            time += 80_000_000
            samples.append(InputSample(time: time, kind: .key, phase: .ended, key: 225))
            samples.append(.marker("release", at: time))
        }
        time += 200_000_000
    }
    return Array(samples.prefix(count))
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func measure(name: String, samples: [InputSample], metadata: TraceMetadata, repeats: Int, directory: URL, codecOnly: Bool) throws -> [Figure] {
    let n = Double(samples.count)
    let tracePath = directory.appendingPathComponent("\(name).touchtrace").path
    let jsonlPath = directory.appendingPathComponent("\(name).jsonl").path

    var encodeTimes: [Double] = []
    for _ in 0..<(options.decodeOnly ? 1 : repeats) {
        encodeTimes.append(try seconds {
            var writerOptions = TraceWriter.Options()
            if let level = options.level { writerOptions.compressionLevel = level }
            let writer = try TraceWriter(path: tracePath, metadata: metadata, options: writerOptions)
            try writer.append(contentsOf: samples)
            try writer.finish()
        })
    }
    let liveBytes = Double((try FileManager.default.attributesOfItem(atPath: tracePath)[.size] as? Int) ?? 0)
    if options.decodeOnly {
        let decodeTimes = try (0..<repeats).map { _ in try seconds { try decodeAll(tracePath) } }
        return [Figure("\(name): decode", unit: "samples/s", value: n / Measure.median(decodeTimes), biggerIsBetter: true)]
    }
    // The stored size is that of an archival write (how convert and synth write files);
    // the speeds above are the live writer's.
    let archivalPath = tracePath + ".archival"
    var archivalOptions = TraceWriter.Options.archival
    if let level = options.level { archivalOptions.compressionLevel = level }
    let archivalEncodeTime = try seconds {
        let writer = try TraceWriter(path: archivalPath, metadata: metadata, options: archivalOptions)
        try writer.append(contentsOf: samples)
        try writer.finish()
    }
    let traceBytes = Double((try FileManager.default.attributesOfItem(atPath: archivalPath)[.size] as? Int) ?? 0)

    var decodeTimes: [Double] = []
    var checksum = 0
    for _ in 0..<repeats {
        decodeTimes.append(try seconds { checksum &+= try decodeAll(tracePath) })
    }

    let encode = n / Measure.median(encodeTimes), decode = n / Measure.median(decodeTimes)
    if codecOnly {
        return [Figure("\(name): encode", unit: "samples/s", value: encode, biggerIsBetter: true),
                Figure("\(name): decode", unit: "samples/s", value: decode, biggerIsBetter: true),
                Figure("\(name): bytes per sample (live writer)", unit: "B", value: liveBytes / n, biggerIsBetter: false),
                Figure("\(name): bytes per sample (archival)", unit: "B", value: traceBytes / n, biggerIsBetter: false),
                Figure("\(name): archival encode", unit: "samples/s", value: n / archivalEncodeTime, biggerIsBetter: true)]
    }

    // zstd alone: decompress every chunk payload already in memory.
    let chunks = try CompressedChunks(reader: TraceReader(path: tracePath))
    var zstdTimes: [Double] = []
    var scratch: [UInt8] = []
    for _ in 0..<repeats {
        zstdTimes.append(try seconds { try chunks.decompressAll(into: &scratch) })
    }

    // JSON Lines: the same samples as text, compressed by zstd -19, and decoded by Foundation.
    let output = try TextOutput(path: jsonlPath)
    let sink = try JSONLinesWriter(output: output, metadata: metadata)
    for sample in samples { try sink.append(sample) }
    try sink.finishWriting()
    let jsonlBytes = Double((try FileManager.default.attributesOfItem(atPath: jsonlPath)[.size] as? Int) ?? 0)
    let zstdProcess = Process()
    zstdProcess.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    zstdProcess.arguments = ["zstd", "-19", "-q", "-f", "-T1", jsonlPath, "-o", jsonlPath + ".zst"]
    try zstdProcess.run()
    zstdProcess.waitUntilExit()
    let jsonlZstdBytes = Double((try? FileManager.default.attributesOfItem(atPath: jsonlPath + ".zst")[.size] as? Int) ?? 0)

    let text = try Data(contentsOf: URL(fileURLWithPath: jsonlPath))
    let foundationTime = try seconds {
        var count = 0
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let object = try JSONSerialization.jsonObject(with: line) as? [String: Any]
            if let t = object?["t"] as? Int { count &+= t & 1 }
        }
        checksum &+= count
    }

    let zstdOnly = n / Measure.median(zstdTimes), foundation = n / foundationTime
    if checksum == 42 { print("") }
    return [
        Figure("\(name): encode", unit: "samples/s", value: encode, biggerIsBetter: true),
        Figure("\(name): decode", unit: "samples/s", value: decode, biggerIsBetter: true),
        Figure("\(name): bytes per sample (live writer)", unit: "B", value: liveBytes / n, biggerIsBetter: false),
        Figure("\(name): bytes per sample (archival)", unit: "B", value: traceBytes / n, biggerIsBetter: false),
        Figure("\(name): archival encode", unit: "samples/s", value: n / archivalEncodeTime, biggerIsBetter: true),
        Figure("\(name): archival size vs JSON Lines + zstd -19", unit: "ratio", value: traceBytes / jsonlZstdBytes, biggerIsBetter: false),
        Figure("\(name): archival size vs raw fixed-width records", unit: "ratio", value: traceBytes / (n * Double(TraceStatistics.fixedWidthRecordSize)), biggerIsBetter: false),
        Figure("\(name): decode speed vs Foundation JSON Lines", unit: "×", value: decode / foundation, biggerIsBetter: true),
        Figure("\(name): decode speed vs zstd decompression alone", unit: "ratio", value: decode / zstdOnly, biggerIsBetter: true),
        Figure("\(name): zstd decompression alone", unit: "samples/s", value: zstdOnly, biggerIsBetter: true),
        Figure("\(name): Foundation JSON Lines decode", unit: "samples/s", value: foundation, biggerIsBetter: true),
        Figure("\(name): JSON Lines + zstd -19 bytes per sample", unit: "B", value: jsonlZstdBytes / n, biggerIsBetter: false),
    ]
}

/// Reads every sample of a trace, the fastest way (what the decode figures time).
@discardableResult
func decodeAll(_ path: String) throws -> Int {
    var checksum = 0
    let reader = try TraceReader(path: path)
    var cursor = reader.makeCursor()
    try cursor.forEachBatch { batch in for sample in batch { checksum &+= Int(sample.id) } }
    return checksum
}

func format(_ figure: Figure) -> String {
    let value: String
    switch figure.unit {
    case "samples/s": value = String(format: "%.2f M samples/s", figure.value / 1e6)
    case "B": value = String(format: "%.2f B", figure.value)
    default: value = String(format: "%.3f%@", figure.value, figure.unit == "×" ? "×" : "")
    }
    return figure.name.padding(toLength: 60, withPad: " ", startingAt: 0) + value
}

let options = parseOptions()
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codec-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

var figures: [Figure] = []
let metadata = TraceMetadata(device: "benchmark", screen: .init(width: 390, height: 844, scale: 3), digitizerHz: 240, source: "benchmark")
figures += try measure(name: "mixed \(options.sampleCount / 1000)k", samples: mixedTrace(count: options.sampleCount),
                       metadata: metadata, repeats: options.repeats, directory: directory, codecOnly: options.codecOnly)
for path in options.traces {
    let reader = try TraceReader(path: path)
    var samples: [InputSample] = []
    var cursor = reader.makeCursor()
    while let sample = try cursor.next() { samples.append(sample) }
    figures += try measure(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
                           samples: samples, metadata: reader.metadata, repeats: options.repeats, directory: directory, codecOnly: options.codecOnly)
}
print("Codec benchmark (release, one core, median of \(options.repeats))")
for figure in figures { print(format(figure)) }

if let jsonPath = options.jsonPath {
    // The dashboard arrays as every benchmark writes them (BenchmarkKit's Report, through the
    // package's one JSON writer).
    var report = Report(title: "Codec benchmark", prefix: "codec: ")
    for figure in figures { report.add(figure) }
    try report.writeJSON(to: jsonPath)
}
