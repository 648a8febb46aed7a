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
        // Exact: a schema that only begins like this one (touchbench.run/12) is another schema.
        if let schema = object.take("schema"), schema != .string(Self.schema) {
            throw ResultDecodingError("a run entry has schema \(JSONWriter.line(schema)), not \(Self.schema)")
        }
        guard let trace = object.take("trace")?.stringValue, let scene = object.take("scene")?.stringValue else {
            throw ResultDecodingError("a run entry lacks its trace or scene")
        }
        self.init(trace: trace, scene: scene)
        let what = "the run \(trace) · \(scene)"
        switch object.take("mode") {
        case .none: mode = "virtual"
        case .string(let text): mode = text
        case .some(let other): throw ResultDecodingError("\(what) has mode \(JSONWriter.line(other)), not a string")
        }
        switch object.take("rate") {
        case .string(let text): rate = text
        case .some(let number) where number.doubleValue != nil: rate = JSONWriter.format(number.doubleValue ?? 0)
        case .none, .some(.null): rate = "max"
        case .some(let other): throw ResultDecodingError("\(what) has rate \(JSONWriter.line(other)), not a number or a string")
        }
        // Every producer writes the rate it replayed at, within the range a display has
        // (``refreshHzRange``): missing, 0, negative or not finite is damage, never a rate —
        // durations are frames ÷ this (1e-300 Hz made a JUnit time of 10^303 seconds).
        guard let refresh = object.take("refreshHz") else { throw ResultDecodingError("\(what) has no refreshHz") }
        guard let hertz = refresh.doubleValue, Self.refreshHzRange.contains(hertz) else {
            // Its shortest exact digits: written at six decimals, 1e-300 read as "refreshHz 0".
            let shown = if case .number(let number) = refresh { "\(number)" } else { JSONWriter.line(refresh) }
            throw ResultDecodingError("\(what) has refreshHz \(shown), not a display rate from "
                                      + "\(JSONWriter.format(Self.refreshHzRange.lowerBound)) to \(JSONWriter.format(Self.refreshHzRange.upperBound)) Hz "
                                      + "(a stalled page's run before 5 December 2026 wrote 0: bench the baseline anew)")
        }
        refreshHz = hertz
        if let delay = object.take("presentationDelayFrames") {
            guard let frames = delay.integerValue, let count = Int(exactly: frames) else {
                throw ResultDecodingError("a run entry's presentationDelayFrames is not an integer")
            }
            presentationDelayFrames = count
        }
        if let phase = object.take("vsyncPhaseNs"), phase != .null {
            guard let nanoseconds = phase.integerValue else {
                throw ResultDecodingError("a run entry's vsyncPhaseNs is not an integer")
            }
            vsyncPhaseNs = nanoseconds
        }
        // Counts are compared exactly: one that is missing, negative or not an integer is
        // damage, never 0.
        frames = try object.count("frames", of: what)
        samples = try object.count("samples", of: what)
        guard let metricValues = object.take("metrics")?.objectMembers else { throw ResultDecodingError("\(what) has no metrics object") }
        for (name, summary) in metricValues {
            metrics[MetricName(name)] = try MetricSummary(json: summary, name: name, context: "\(trace) · \(scene)")
        }
        switch object.take("events") {
        case .none, .some(.null): break
        case .some(let value):
            guard let eventValues = value.arrayValue else { throw ResultDecodingError("\(what) has events that are not an array") }
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
        extras = object.leftover
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
        if let vsyncPhaseNs { members.append(("vsyncPhaseNs", .integer(vsyncPhaseNs))) }
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
        let what = "metric \(name) of \(context)"
        var object = try Members(value, what)
        let kindValue = object.take("kind")
        guard let kindName = kindValue?.stringValue, let kind = MetricKind(rawValue: kindName) else {
            throw ResultDecodingError("\(what) has kind \(kindValue.map(JSONWriter.line) ?? "missing"), not deterministic or timing")
        }
        let count = try object.count("count", of: what)
        var statistics: [Statistic: Double] = [:]
        for statistic in Statistic.allCases where statistic != .count {
            let number = try object.number(statistic.rawValue, of: what)
            // A measured metric has its centre and tail (compared exactly, a null one would
            // compare as unchanged); min and stddev may be null (a NaN spread is written so).
            guard number != nil || count == 0 || statistic == .min || statistic == .stddev else {
                throw ResultDecodingError("\(what) has count \(count) but no \(statistic.rawValue)")
            }
            statistics[statistic] = number
        }
        self.init(kind: kind, count: count, mean: statistics[.mean], p50: statistics[.p50], p95: statistics[.p95],
                  p99: statistics[.p99], max: statistics[.max], min: statistics[.min], stddev: statistics[.stddev])
        if let values = object.take("repeats"), values != .null {
            guard let array = values.arrayValue else { throw ResultDecodingError("\(what) has repeats that are not an array") }
            // A non-finite repeat is written as null and is not a value.
            repeats = try array.filter { $0 != .null }.map { (value) throws(ResultDecodingError) in
                guard let number = value.doubleValue else {
                    throw ResultDecodingError("\(what) has a repeat \(JSONWriter.line(value)), not a number")
                }
                return number
            }
        }
        extras = object.leftover
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
        let what = "the \(kind) event at \(time) ns"
        self.init(kind: Kind(rawValue: kind), time: time, source: Source(rawValue: source),
                  cause: object.take("cause")?.stringValue.map(Cause.init(rawValue:)),
                  responseMs: try object.number("responseMs", of: what))
        // A pause carries both detectors' reports, null when one never fired.
        let detection = object.take("detectionMs"), timer = object.take("timerDetectionMs")
        var check = Members(rest: ["detectionMs": detection ?? .null, "timerDetectionMs": timer ?? .null])
        detectionMs = try check.number("detectionMs", of: what)
        timerDetectionMs = try check.number("timerDetectionMs", of: what)
        if kind != Kind.pause.rawValue {
            if let detection, detection != .null { extras["detectionMs"] = detection }
            if let timer, timer != .null { extras["timerDetectionMs"] = timer }
            detectionMs = nil
            timerDetectionMs = nil
        }
        extras.merge(object.leftover) { first, _ in first }
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
        var leftOut: Int64 = 0
        if let member = value["framesLeftOut"], member != .null {
            guard let count = member.integerValue, count >= 0, count <= Int64(Int32.max) else {
                throw ResultDecodingError("a series has a framesLeftOut of \(JSONWriter.line(member)), not a count of frames")
            }
            leftOut = count
        }
        self.init(timeMs: time.map { $0.doubleValue ?? 0 }, finger: finger.map(\.doubleValue),
                  visible: visible.map { $0.doubleValue ?? 0 }, latencyMs: latency.map(\.doubleValue),
                  label: value["label"]?.stringValue ?? "visible value", framesLeftOut: Int(leftOut))
    }

    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("t", .array(timeMs.map { .number($0) })),
            ("finger", .array(finger.map { .number(orNull: $0) })),
            ("visible", .array(visible.map { .number($0) })),
            ("latencyMs", .array(latencyMs.map { .number(orNull: $0) })),
            ("label", .string(label)),
        ]
        // Only where frames were left out, so that the results of shorter runs read as before.
        if framesLeftOut > 0 { members.append(("framesLeftOut", .integer(Int64(framesLeftOut)))) }
        return .object(members)
    }
}

/// The members of a JSON object, taken one by one; what is left is kept as extras.
struct Members {
    /// Those not taken yet, in the object's order: a scan of the few members an object has
    /// costs less than hashing each into a dictionary first (a fifth of reading a result).
    private var rest: [(key: String, value: JSONValue)]

    init(rest: [String: JSONValue]) { self.rest = rest.map { ($0.key, $0.value) } }

    init(_ value: JSONValue, _ what: String) throws(ResultDecodingError) {
        guard let members = value.objectMembers else { throw ResultDecodingError("\(what) is not an object") }
        rest = members
    }

    mutating func take(_ key: String) -> JSONValue? {
        guard let index = rest.firstIndex(where: { $0.key == key }) else { return nil }
        return rest.remove(at: index).value
    }

    /// The members not taken. None is the empty dictionary (no storage: an emptied one kept
    /// about 800 bytes for each metric of every entry read, 40 kB an entry).
    var leftover: [String: JSONValue] {
        rest.isEmpty ? [:] : Dictionary(rest.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The member `key` as a count: present, an integer, not negative.
    mutating func count(_ key: String, of what: String) throws(ResultDecodingError) -> Int {
        guard let value = take(key) else { throw ResultDecodingError("\(what) has no \(key)") }
        guard let integer = value.integerValue, integer >= 0, let count = Int(exactly: integer) else {
            throw ResultDecodingError("\(what) has \(key) \(JSONWriter.line(value)), not a non-negative integer")
        }
        return count
    }

    /// The member `key` as a number, `nil` when missing or null; anything else is an error.
    mutating func number(_ key: String, of what: String) throws(ResultDecodingError) -> Double? {
        guard let value = take(key), value != .null else { return nil }
        guard let number = value.doubleValue else {
            throw ResultDecodingError("\(what) has \(key) \(JSONWriter.line(value)), not a number")
        }
        return number
    }
}

/// Why a result file's JSON is not a valid result; the caller adds the path.
public struct ResultDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
