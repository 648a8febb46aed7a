import TouchTrace

/// Reading and writing the `touchbench.run/1` JSON form.
extension RunEntry {
    /// Parses one run object; `reason` errors say which member is wrong.
    package init(json value: JSONValue) throws(ResultDecodingError) {
        guard let members = value.objectMembers else { throw ResultDecodingError("a run entry is not an object") }
        var object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        let schema = object.removeValue(forKey: "schema")?.stringValue ?? Self.schema
        guard schema.hasPrefix("touchbench.run/1") else {
            throw ResultDecodingError("a run entry has schema '\(schema)', not touchbench.run/1")
        }
        guard let trace = object.removeValue(forKey: "trace")?.stringValue,
              let scene = object.removeValue(forKey: "scene")?.stringValue else {
            throw ResultDecodingError("a run entry lacks its trace or scene")
        }
        self.init(trace: trace, scene: scene)
        mode = object.removeValue(forKey: "mode")?.stringValue ?? "virtual"
        switch object.removeValue(forKey: "rate") {
        case .string(let text): rate = text
        case .some(let number) where number.doubleValue != nil: rate = JSONText.format(number.doubleValue ?? 0)
        default: rate = "max"
        }
        refreshHz = object.removeValue(forKey: "refreshHz")?.doubleValue ?? 0
        frames = Int(object.removeValue(forKey: "frames")?.integerValue ?? 0)
        samples = Int(object.removeValue(forKey: "samples")?.integerValue ?? 0)
        if let metricMembers = object.removeValue(forKey: "metrics")?.objectMembers {
            for (name, summary) in metricMembers {
                metrics[name] = try MetricStatistics(json: summary, name: name, context: "\(trace) · \(scene)")
            }
        }
        if let eventValues = object.removeValue(forKey: "events")?.arrayValue {
            events = try eventValues.map { (value) throws(ResultDecodingError) in try RunEvent(json: value) }
        }
        if let seriesValue = object.removeValue(forKey: "series"), seriesValue != .null {
            series = try RunSeries(json: seriesValue)
        }
        extras = object
    }

    /// The JSON object of this entry.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = extras.map { ($0.key, $0.value) }
        members.append(("schema", .string(Self.schema)))
        members.append(("trace", .string(trace)))
        members.append(("scene", .string(scene)))
        members.append(("mode", .string(mode)))
        members.append(("rate", Double(rate).map { .number($0) } ?? .string(rate)))
        members.append(("refreshHz", .number(refreshHz)))
        members.append(("frames", .integer(Int64(frames))))
        members.append(("samples", .integer(Int64(samples))))
        members.append(("metrics", .object(metrics.map { ($0.key, $0.value.json) })))
        members.append(("events", .array(events.map(\.json))))
        if let series { members.append(("series", series.json)) }
        return .object(members)
    }

    /// The entry as a standalone `touchbench.run/1` document.
    public var jsonText: String { JSONText.document(json) }

    /// Parses a standalone `touchbench.run/1` document.
    public static func decode(_ text: String) throws(ResultDecodingError) -> RunEntry {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ResultDecodingError("is not JSON (at byte \(error.offset): \(error.reason))")
        }
        return try RunEntry(json: value)
    }
}

extension MetricStatistics {
    package init(json value: JSONValue, name: String, context: String) throws(ResultDecodingError) {
        // An empty summary may be written as null as a whole.
        guard value != .null else {
            self.init(kind: .deterministic, count: 0)
            return
        }
        guard let members = value.objectMembers else {
            throw ResultDecodingError("metric \(name) of \(context) is not an object")
        }
        var object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        let kindName = object.removeValue(forKey: "kind")?.stringValue ?? "deterministic"
        guard let kind = Kind(rawValue: kindName) else {
            throw ResultDecodingError("metric \(name) of \(context) has kind '\(kindName)', not deterministic or timing")
        }
        let count = Int(object.removeValue(forKey: "count")?.integerValue ?? 0)
        func take(_ key: String) -> Double? { object.removeValue(forKey: key)?.doubleValue }
        self.init(kind: kind, count: count, mean: take("mean"), p50: take("p50"), p95: take("p95"), p99: take("p99"),
                  max: take("max"), min: take("min"), stddev: take("stddev"))
        if let values = object.removeValue(forKey: "repeats")?.arrayValue {
            repeats = values.compactMap(\.doubleValue)
        }
        extras = object
    }

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
        guard let members = value.objectMembers else { throw ResultDecodingError("an event is not an object") }
        var object = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard let kind = object.removeValue(forKey: "kind")?.stringValue,
              let time = object.removeValue(forKey: "t")?.integerValue else {
            throw ResultDecodingError("an event lacks its kind or t")
        }
        let source = object.removeValue(forKey: "source")?.stringValue ?? "marker"
        let response = object.removeValue(forKey: "responseMs")?.doubleValue
        self.init(kind: kind, time: time, source: source, responseMs: response)
        extras = object
    }

    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = extras.map { ($0.key, $0.value) }
        members.append(("kind", .string(kind)))
        members.append(("t", .integer(time)))
        members.append(("source", .string(source)))
        members.append(("responseMs", .number(orNull: responseMs)))
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

/// Why a result file's JSON is not a valid result; the caller adds the path.
public struct ResultDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
