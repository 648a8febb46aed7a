import TouchBenchSupport
import TouchInput
import TouchReplay
import TraceSynthesis

/// The picture-in-picture experiment of "Designing Fluid Interfaces", reproducible: PIP
/// windows thrown toward a corner at a range of flick speeds, each replayed through the `pip`
/// scene with the corner chosen by the projection of the release velocity and by the corner
/// nearest to where the window is let go; the share of throws that end in the corner they
/// were aimed at (`intent_accuracy`), per speed band and policy.
///
/// Every throw is a synthesized `pip-throw` (docs/METRICS.md "intent:<destination>"): seed k
/// of every band aims at the same corner on the same line, only the lift speed differs, so a
/// band's figure depends on the speed alone. Deterministic: the same arguments give the same
/// table on any machine.
public struct PipCornerExperiment: Sendable {
    /// One speed band's throws and how many each policy took to the intended corner.
    public struct Band: Sendable, Hashable {
        /// The lift speeds, points per second.
        public var speeds: ClosedRange<Double>
        public var throwCount: Int
        public var projectionHits: Int
        public var nearestCornerHits: Int

        public var projectionAccuracy: Double { throwCount > 0 ? Double(projectionHits) / Double(throwCount) : 0 }
        public var nearestCornerAccuracy: Double { throwCount > 0 ? Double(nearestCornerHits) / Double(throwCount) : 0 }
    }

    /// 200–1400 pt/s in steps of 200: from a gentle toss to a fast flick.
    public static let standardBands: [ClosedRange<Double>] = stride(from: 200.0, to: 1400, by: 200).map { $0...($0 + 200) }

    public var bands: [Band]
    public var device: DeviceProfile

    /// Runs `throwsPerBand` throws (seeds 1…n) in each band on `device` at 120 Hz with noise.
    public static func run(bands speeds: [ClosedRange<Double>] = standardBands, throwsPerBand: Int = 20,
                           device: DeviceProfile = .phone) throws -> PipCornerExperiment {
        var bands: [Band] = []
        for range in speeds {
            var band = Band(speeds: range, throwCount: 0, projectionHits: 0, nearestCornerHits: 0)
            for seed in 0..<UInt64(max(0, throwsPerBand)) {
                let options = SynthesisOptions(seed: seed + 1, rate: 120, device: device, noise: .standard, throwSpeed: range)
                let trace = try GestureSynthesizer(options: options).synthesize(.pipThrow)
                let context = SceneContext(metadata: trace.metadata, refreshHz: 120)
                band.throwCount += 1
                band.projectionHits += try hits(trace, PipScene(context: context))
                band.nearestCornerHits += try hits(trace, PipScene(context: context, parameters: .init(cornerPolicy: .nearestCorner)))
            }
            bands.append(band)
        }
        return PipCornerExperiment(bands: bands, device: device)
    }

    private static func hits(_ trace: SynthesizedTrace, _ scene: PipScene) throws -> Int {
        let record = try Replayer.replay(samples: trace.samples, scene: scene, sceneName: "pip",
                                         settings: ReplaySettings(mode: .virtual), traceName: "pip-throw")
        let accuracy = record[.intentAccuracy]
        return Int(((accuracy.mean ?? 0) * Double(accuracy.count)).rounded())
    }

    /// The table as Markdown: one row per band, hits and accuracy of each policy.
    public var markdown: String {
        var lines = ["| lift speed (pt/s) | throws | projection | nearest corner |", "|---|---:|---:|---:|"]
        for band in bands {
            func cell(_ hits: Int, _ accuracy: Double) -> String { "\(hits)/\(band.throwCount) (\(JSONWriter.format(accuracy * 100, decimals: 0)) %)" }
            lines.append("| \(JSONWriter.format(band.speeds.lowerBound))–\(JSONWriter.format(band.speeds.upperBound)) | \(band.throwCount) | "
                + "\(cell(band.projectionHits, band.projectionAccuracy)) | \(cell(band.nearestCornerHits, band.nearestCornerAccuracy)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as JSON: `{"experiment": "pip-corners", "device", "bands": [{"low", "high",
    /// "throws", "projection", "nearestCorner"}]}` with accuracies as shares.
    public var jsonText: String {
        let rows: [JSONValue] = bands.map { band in
            .object([("low", .number(band.speeds.lowerBound)), ("high", .number(band.speeds.upperBound)),
                     ("throws", .number(Double(band.throwCount))), ("projection", .number(band.projectionAccuracy)),
                     ("nearestCorner", .number(band.nearestCornerAccuracy))])
        }
        return JSONWriter.document(.object([("experiment", .string("pip-corners")), ("device", .string(device.name)),
                                            ("bands", .array(rows))]))
    }
}
