import TouchBenchSupport
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

    /// What `info --json` prints: the description as one JSON object, keys sorted, every
    /// container indented (``JSONWriter/Style/pretty``: the layout Foundation's pretty printer
    /// gave it before), numbers exact; a statistic that is not finite is `null`.
    public var jsonText: String {
        JSONWriter.text(jsonValue, style: .pretty)
    }

    var jsonValue: JSONValue {
        let m = metadata, stats = statistics
        func counts<Key>(_ map: [Key: Int], _ name: (Key) -> String) -> JSONValue {
            .object(map.map { (key: name($0.key), value: .integer(Int64($0.value))) })
        }
        var object: [(key: String, value: JSONValue)] = [
            ("file", .string(path)),
            ("samples", .integer(Int64(stats.sampleCount))),
            ("kinds", counts(stats.countsByKind, \.name)),
            ("contacts", .integer(Int64(stats.contactCount))),
            ("markers", counts(stats.markerLabels, \.text)),
            ("durationSeconds", .number(Double(stats.duration) / 1e9)),
            ("ratesHz", .object(stats.medianRateHz.map { (key: $0.key.name, value: .number($0.value)) })),
            ("chunks", .integer(Int64(stats.chunkCount))),
            ("bytes", .integer(Int64(stats.byteCount))),
            ("complete", .bool(isComplete)),
            ("form", .string(form.name)),
        ]
        var metadataObject: [(key: String, value: JSONValue)] = [("extra", .object(m.extra.map { (key: $0.key, value: .string($0.value)) }))]
        if let device = m.device { metadataObject.append(("device", .string(device))) }
        if let source = m.source { metadataObject.append(("source", .string(source))) }
        if let screen = m.screen {
            metadataObject.append(("screen", .object([("width", .number(screen.width)), ("height", .number(screen.height)),
                                                      ("scale", .number(screen.scale))])))
        }
        if let hz = m.digitizerHz { metadataObject.append(("digitizerHz", .number(hz))) }
        if let hz = m.displayHz { metadataObject.append(("displayHz", .number(hz))) }
        object.append(("metadata", .object(metadataObject)))
        if stats.markersNotListed > 0 { object.append(("markersNotListed", .integer(Int64(stats.markersNotListed)))) }
        if let value = stats.startTime { object.append(("startNs", .integer(value))) }
        if let value = stats.endTime { object.append(("endNs", .integer(value))) }
        if let value = stats.bytesPerSecond { object.append(("bytesPerSecond", .number(value))) }
        if let value = stats.bytesPerSample { object.append(("bytesPerSample", .number(value))) }
        if let value = stats.compressionRatio, form == .touchtrace { object.append(("compressionRatio", .number(value))) }
        if let error = stats.quantizationError {
            object.append(("quantizationError", .object([
                ("worst", .number(error.worst)), ("position", .number(error.position)), ("radius", .number(error.radius)),
                ("force", .number(error.force)), ("angle", .number(error.angle)), ("scroll", .number(error.scroll)),
            ])))
        }
        return .object(object)
    }
}
