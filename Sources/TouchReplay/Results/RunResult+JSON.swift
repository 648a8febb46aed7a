/// The `touchbench.run/1` JSON form: keys sorted at every level, numbers with at most six
/// decimals and no exponent, so equal results are equal bytes.
extension RunResult {
    /// The result as JSON; without timing metrics when `includingTiming` is false (what
    /// stays byte-for-byte identical between virtual-clock runs).
    public func json(includingTiming: Bool = true) -> String {
        var lines: [String] = []
        var top: [(String, String)] = []
        top.append(("schema", JSONNumber.quoted(Self.schema)))
        top.append(("trace", JSONNumber.quoted(trace)))
        top.append(("scene", JSONNumber.quoted(scene)))
        top.append(("mode", JSONNumber.quoted(mode.name)))
        switch mode {
        case .virtual: top.append(("rate", JSONNumber.quoted("max")))
        case .wallClock(let rate): top.append(("rate", JSONNumber.format(rate)))
        }
        top.append(("refreshHz", JSONNumber.format(refreshHz)))
        top.append(("presentationDelayFrames", String(presentationDelay)))
        top.append(("frames", String(frames)))
        top.append(("samples", String(samples)))
        var metricLines: [(String, String)] = []
        for (name, summary) in metrics where includingTiming || summary.kind == .deterministic {
            metricLines.append((name.rawValue, Self.json(summary)))
        }
        top.append(("metrics", Self.object(metricLines, indent: "  ")))
        let eventLines = events.map { Self.json($0) }
        top.append(("events", eventLines.isEmpty ? "[]" : "[\n    " + eventLines.joined(separator: ",\n    ") + "\n  ]"))
        lines.append(Self.object(top, indent: ""))
        return lines.joined() + "\n"
    }

    private static func object(_ pairs: [(String, String)], indent: String) -> String {
        let sorted = pairs.sorted { $0.0 < $1.0 }
        guard !sorted.isEmpty else { return "{}" }
        let inner = indent + "  "
        return "{\n" + sorted.map { inner + JSONNumber.quoted($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n" + indent + "}"
    }

    private static func json(_ summary: MetricSummary) -> String {
        func value(_ number: Double) -> String { summary.isEmpty ? "null" : JSONNumber.format(number) }
        let pairs: [(String, String)] = [
            ("count", String(summary.count)), ("kind", JSONNumber.quoted(summary.kind.rawValue)),
            ("max", value(summary.max)), ("mean", value(summary.mean)), ("min", value(summary.min)),
            ("p50", value(summary.p50)), ("p95", value(summary.p95)), ("p99", value(summary.p99)),
            ("stddev", value(summary.stddev)),
        ]
        return "{" + pairs.map { JSONNumber.quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    private static func json(_ event: ReplayEvent) -> String {
        var pairs: [(String, String)] = [
            ("cause", JSONNumber.quoted(event.cause.rawValue)), ("kind", JSONNumber.quoted(event.kind.rawValue)),
            ("responseMs", event.responseMs.map { JSONNumber.format($0) } ?? "null"),
            ("source", JSONNumber.quoted(event.source.rawValue)), ("t", String(event.time)),
        ]
        if event.kind == .pause {
            pairs.append(("detectionMs", event.detectionMs.map { JSONNumber.format($0) } ?? "null"))
            pairs.append(("timerDetectionMs", event.timerDetectionMs.map { JSONNumber.format($0) } ?? "null"))
        }
        return "{" + pairs.sorted { $0.0 < $1.0 }.map { JSONNumber.quoted($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
