import TouchBenchSupport

/// The one encoder and decoder of the `touchbench.run/1` JSON form, written through the
/// canonical writer (sorted keys, fixed number format), so equal records are equal bytes.
extension RunRecord {
    /// The record as a standalone document, with a trailing newline.
    public var jsonText: String { JSONWriter.document(json) }

    /// Parses a standalone `touchbench.run/1` document.
    public static func decode(_ text: String) throws(ResultDecodingError) -> RunRecord {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ResultDecodingError("is not JSON (at byte \(error.offset): \(error.reason))")
        }
        return try RunRecord(json: value)
    }

    /// Parses one run object; errors say which member is wrong.
    package init(json value: JSONValue) throws(ResultDecodingError) {
        var object = try Members(value, "a run entry")
        let schema = object.take("schema")?.stringValue ?? Self.schema
        guard schema.hasPrefix("touchbench.run/1") else {
            throw ResultDecodingError("a run entry has schema '\(schema)', not touchbench.run/1")
        }
        guard let trace = object.take("trace")?.stringValue, let scene = object.take("scene")?.stringValue else {
            throw ResultDecodingError("a run entry lacks its trace or scene")
        }
        self.init(trace: trace, scene: scene)
        mode = object.take("mode")?.stringValue ?? "virtual"
        switch object.take("rate") {
        case .string(let text): rate = text
        case .some(let number) where number.doubleValue != nil: rate = JSONWriter.format(number.doubleValue ?? 0)
        default: rate = "max"
        }
        refreshHz = object.take("refreshHz")?.doubleValue ?? 0
        if let delay = object.take("presentationDelayFrames") {
            guard let frames = delay.integerValue, let count = Int(exactly: frames) else {
                throw ResultDecodingError("a run entry's presentationDelayFrames is not an integer")
            }
            presentationDelayFrames = count
        }
        frames = Int(object.take("frames")?.integerValue ?? 0)
        samples = Int(object.take("samples")?.integerValue ?? 0)
        for (name, summary) in object.take("metrics")?.objectMembers ?? [] {
            metrics[MetricName(name)] = try MetricSummary(json: summary, name: name, context: "\(trace) · \(scene)")
        }
        if let eventValues = object.take("events")?.arrayValue {
            events = try eventValues.map { (value) throws(ResultDecodingError) in try RunEvent(json: value) }
        }
        for (name, value) in object.take("parameters")?.objectMembers ?? [] {
            guard let text = value.stringValue else {
                throw ResultDecodingError("a run entry's parameter \(name) is not a string")
            }
            parameters[name] = text
        }
        frameCost = object.take("frameCost")?.stringValue
        if let seriesValue = object.take("series"), seriesValue != .null {
            series = try RunSeries(json: seriesValue)
        }
        extras = object.rest
    }

    /// The JSON object of this record.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = extras.map { ($0.key, $0.value) }
        members.append(("schema", .string(Self.schema)))
        members.append(("trace", .string(trace)))
        members.append(("scene", .string(scene)))
        members.append(("mode", .string(mode)))
        members.append(("rate", Double(rate).map { .number($0) } ?? .string(rate)))
        members.append(("refreshHz", .number(refreshHz)))
        if let presentationDelayFrames { members.append(("presentationDelayFrames", .integer(Int64(presentationDelayFrames)))) }
        members.append(("frames", .integer(Int64(frames))))
        members.append(("samples", .integer(Int64(samples))))
        members.append(("metrics", .object(metrics.map { ($0.key.rawValue, $0.value.json) })))
        members.append(("events", .array(events.map(\.json))))
        if let frameCost { members.append(("frameCost", .string(frameCost))) }
        if !parameters.isEmpty { members.append(("parameters", .object(parameters.map { ($0.key, .string($0.value)) }))) }
        if let series { members.append(("series", series.json)) }
        return .object(members)
    }
}

extension MetricSummary {
    package init(json value: JSONValue, name: String, context: String) throws(ResultDecodingError) {
        // An empty summary may be written as null as a whole.
        guard value != .null else {
            self.init(kind: .deterministic, count: 0)
            return
        }
        var object = try Members(value, "metric \(name) of \(context)")
        let kindName = object.take("kind")?.stringValue ?? "deterministic"
        guard let kind = MetricKind(rawValue: kindName) else {
            throw ResultDecodingError("metric \(name) of \(context) has kind '\(kindName)', not deterministic or timing")
        }
        let count = Int(object.take("count")?.integerValue ?? 0)
        self.init(kind: kind, count: count, mean: object.take("mean")?.doubleValue, p50: object.take("p50")?.doubleValue,
                  p95: object.take("p95")?.doubleValue, p99: object.take("p99")?.doubleValue,
                  max: object.take("max")?.doubleValue, min: object.take("min")?.doubleValue,
                  stddev: object.take("stddev")?.doubleValue)
        if let values = object.take("repeats")?.arrayValue {
            repeats = values.compactMap(\.doubleValue)
        }
        extras = object.rest
    }

    /// Every statistic is `null` in an empty summary.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = extras.map { ($0.key, $0.value) }
        members.append(("kind", .string(kind.rawValue)))
        members.append(("count", .integer(Int64(count))))
        for statistic in Statistic.allCases where statistic != .count {
            members.append((statistic.rawValue, .number(orNull: count == 0 ? nil : value(statistic))))
        }
        if let repeats { members.append(("repeats", .array(repeats.map { .number($0) }))) }
        return .object(members)
    }
}

extension RunEvent {
    package init(json value: JSONValue) throws(ResultDecodingError) {
        var object = try Members(value, "an event")
        guard let kind = object.take("kind")?.stringValue, let time = object.take("t")?.integerValue else {
            throw ResultDecodingError("an event lacks its kind or t")
        }
        let source = object.take("source")?.stringValue ?? "marker"
        self.init(kind: Kind(rawValue: kind), time: time, source: Source(rawValue: source),
                  cause: object.take("cause")?.stringValue.map(Cause.init(rawValue:)),
                  responseMs: object.take("responseMs")?.doubleValue)
        // A pause carries both detectors' reports, null when one never fired.
        let detection = object.take("detectionMs"), timer = object.take("timerDetectionMs")
        detectionMs = detection?.doubleValue
        timerDetectionMs = timer?.doubleValue
        if kind != Kind.pause.rawValue {
            if let detection, detection != .null { extras["detectionMs"] = detection }
            if let timer, timer != .null { extras["timerDetectionMs"] = timer }
            detectionMs = nil
            timerDetectionMs = nil
        }
        extras.merge(object.rest) { first, _ in first }
    }

    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = extras.map { ($0.key, $0.value) }
        members.append(("kind", .string(kind.rawValue)))
        if let cause { members.append(("cause", .string(cause.rawValue))) }
        members.append(("t", .integer(time)))
        members.append(("source", .string(source.rawValue)))
        members.append(("responseMs", .number(orNull: responseMs)))
        if kind == .pause {
            members.append(("detectionMs", .number(orNull: detectionMs)))
            members.append(("timerDetectionMs", .number(orNull: timerDetectionMs)))
        }
        return .object(members)
    }
}

extension RunSeries {
    package init(json value: JSONValue) throws(ResultDecodingError) {
        guard let time = value["t"]?.arrayValue, let visible = value["visible"]?.arrayValue else {
            throw ResultDecodingError("a series lacks t or visible")
        }
        let finger = value["finger"]?.arrayValue ?? []
        let latency = value["latencyMs"]?.arrayValue ?? []
        guard finger.isEmpty || finger.count == time.count, visible.count == time.count,
              latency.isEmpty || latency.count == time.count else {
            throw ResultDecodingError("a series has arrays of different lengths")
        }
        self.init(timeMs: time.map { $0.doubleValue ?? 0 }, finger: finger.map(\.doubleValue),
                  visible: visible.map { $0.doubleValue ?? 0 }, latencyMs: latency.map(\.doubleValue),
                  label: value["label"]?.stringValue ?? "visible value")
    }

    package var json: JSONValue {
        .object([
            ("t", .array(timeMs.map { .number($0) })),
            ("finger", .array(finger.map { .number(orNull: $0) })),
            ("visible", .array(visible.map { .number($0) })),
            ("latencyMs", .array(latencyMs.map { .number(orNull: $0) })),
            ("label", .string(label)),
        ])
    }
}

/// The members of a JSON object, taken one by one; what is left is kept as extras.
struct Members {
    private(set) var rest: [String: JSONValue]

    init(_ value: JSONValue, _ what: String) throws(ResultDecodingError) {
        guard let members = value.objectMembers else { throw ResultDecodingError("\(what) is not an object") }
        rest = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    mutating func take(_ key: String) -> JSONValue? { rest.removeValue(forKey: key) }
}

/// Why a result file's JSON is not a valid result; the caller adds the path.
public struct ResultDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
