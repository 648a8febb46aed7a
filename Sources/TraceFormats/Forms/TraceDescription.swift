import Foundation
import TouchInput
import TouchTrace

/// What `touchbench info` reports about an input of any form: its metadata and statistics,
/// with the container's chunks, compression and quantisation when it is one.
public struct TraceDescription {
    /// The file described.
    public var path: String
    public var form: TraceForm
    public var metadata: TraceMetadata
    /// False for a container whose index is missing (read up to its last whole chunk).
    public var isComplete: Bool
    public var statistics: TraceStatistics

    public init(path: String, form: TraceForm, metadata: TraceMetadata, isComplete: Bool, statistics: TraceStatistics) {
        self.path = path
        self.form = form
        self.metadata = metadata
        self.isComplete = isComplete
        self.statistics = statistics
    }

    /// Describes `input`, reading its samples (see ``TraceInput/statistics()``).
    public init(_ input: TraceInput) throws {
        self.init(path: input.path, form: input.form, metadata: input.metadata, isComplete: input.reader?.damage == nil,
                  statistics: try input.statistics())
    }

    /// The JSON object of `info --json`: keys sorted, pretty-printed. Throws only for a
    /// statistic that is not finite.
    public func json() throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: jsonObject, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    var jsonObject: [String: Any] {
        let m = metadata, stats = statistics
        var object: [String: Any] = [
            "file": path,
            "samples": stats.sampleCount,
            "kinds": Dictionary(uniqueKeysWithValues: stats.countsByKind.map { ($0.key.name, $0.value) }),
            "contacts": stats.contactCount,
            "markers": stats.markerLabels,
            "durationSeconds": Double(stats.duration) / 1e9,
            "ratesHz": Dictionary(uniqueKeysWithValues: stats.medianRateHz.map { ($0.key.name, $0.value) }),
            "chunks": stats.chunkCount,
            "bytes": stats.byteCount,
            "complete": isComplete,
            "form": form.name,
        ]
        var metadataObject: [String: Any] = ["extra": m.extra]
        if let device = m.device { metadataObject["device"] = device }
        if let source = m.source { metadataObject["source"] = source }
        if let screen = m.screen { metadataObject["screen"] = ["width": screen.width, "height": screen.height, "scale": screen.scale] }
        if let hz = m.digitizerHz { metadataObject["digitizerHz"] = hz }
        if let hz = m.displayHz { metadataObject["displayHz"] = hz }
        object["metadata"] = metadataObject
        if let value = stats.startTime { object["startNs"] = value }
        if let value = stats.endTime { object["endNs"] = value }
        if let value = stats.bytesPerSecond { object["bytesPerSecond"] = value }
        if let value = stats.bytesPerSample { object["bytesPerSample"] = value }
        if let value = stats.compressionRatio, form == .touchtrace { object["compressionRatio"] = value }
        if let error = stats.quantizationError {
            object["quantizationError"] = [
                "worst": error.worst, "position": error.position, "radius": error.radius,
                "force": error.force, "angle": error.angle, "scroll": error.scroll,
            ]
        }
        return object
    }
}
