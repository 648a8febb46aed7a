import RunRecord

/// One self-contained HTML file: the verdict, the failures, the budgets, latency histograms,
/// per-trace bars against the baseline, the finger and the scene's visible value over time
/// for one chosen run, and a table per scene. Charts are inline SVG; the only script is a
/// small inline check that marks the page rendered (`#render-status`) once every chart has
/// a non-empty box — what `scripts/test-html-report` looks for in headless Chromium. No
/// external script, style sheet, font or image.
public struct HTMLReport: Sendable {
    public var comparison: BenchComparison
    public var result: BenchResult
    public var baseline: BenchResult?
    public var baselineName: String?
    /// The entry charted over time; by default the first entry with a series.
    public var chosen: EntryKey?
    /// The most table rows written (the JSON has them all).
    public var rowLimit = 20_000
    /// The most bars per chart.
    public var barLimit = 120

    public init(comparison: BenchComparison, result: BenchResult, baseline: BenchResult? = nil,
                baselineName: String? = nil, chosen: EntryKey? = nil) {
        self.comparison = comparison
        self.result = result
        self.baseline = baseline
        self.baselineName = baselineName
        self.chosen = chosen
    }

    public func render() -> String {
        var body = ""
        let verdictClass = comparison.verdict.rawValue
        body += "<header class=\"verdict \(verdictClass)\"><h1>TouchBench: \(h(comparison.headline))</h1>"
        var context = "\(comparison.entryCount) runs (trace × scene)"
        if comparison.repeats > 0 { context += ", timing over \(comparison.repeats) repeats" }
        if let baselineName { context += ", baseline \(baselineName)" }
        context += ". Machine: \(result.environment.machine)."
        body += "<p>\(h(context))</p></header>"
        if !comparison.warnings.isEmpty {
            body += "<section><h2>Notes</h2><ul class=\"warnings\">" + comparison.warnings.prefix(100).map { "<li>\(h($0))</li>" }.joined() + "</ul></section>"
        }
        let failures = comparison.failureMessages
        if !failures.isEmpty {
            body += "<section><h2>What failed</h2><ul class=\"failures\">" + failures.prefix(500).map { "<li>\(h($0))</li>" }.joined()
            if failures.count > 500 { body += "<li>… and \(failures.count - 500) more</li>" }
            body += "</ul></section>"
        }
        body += budgetSection()
        body += chartSection()
        body += tableSection()
        return Self.page(title: "TouchBench: \(comparison.headline)", body: body)
    }

    private func budgetSection() -> String {
        guard !comparison.budgetChecks.isEmpty else { return "" }
        var names: [String] = []
        for check in comparison.budgetChecks where !names.contains(check.budget.name) { names.append(check.budget.name) }
        var html = "<section><h2>Budgets</h2><table><thead><tr><th>budget</th><th>limits</th><th>good</th><th>warning</th><th>critical</th><th>not measured</th></tr></thead><tbody>"
        for name in names {
            let checks = comparison.budgetChecks.filter { $0.budget.name == name }
            guard let budget = checks.first?.budget else { continue }
            func count(_ grade: BenchComparison.Grade) -> Int { checks.filter { $0.grade == grade }.count }
            html += "<tr><td>\(h(name))</td><td>\(h(budget.metric.rawValue)) \(budget.statistic.rawValue): \(h(budget.limitsText))</td>"
            html += "<td class=\"num\">\(count(.good))</td><td class=\"num warn\">\(count(.warning))</td><td class=\"num fail\">\(count(.critical))</td><td class=\"num\">\(count(.notMeasured))</td></tr>"
        }
        return html + "</tbody></table></section>"
    }

    private func chartSection() -> String {
        var html = "<section><h2>Latency</h2><div class=\"charts\">"
        let p50 = result.entries.compactMap { $0.metrics["event_latency_ms"]?.p50 }
        let p99 = result.entries.compactMap { $0.metrics["event_latency_ms"]?.p99 }
        html += "<figure>" + SVGChart.histogram(name: "latency-p50", title: "Event latency p50 across the suite", values: p50, unit: "ms")
            + "<figcaption>Event latency p50 of every trace × scene (ms)</figcaption></figure>"
        html += "<figure>" + SVGChart.histogram(name: "latency-p99", title: "Event latency p99 across the suite", values: p99, unit: "ms")
            + "<figcaption>Event latency p99 of every trace × scene (ms)</figcaption></figure>"
        let chosenEntry = chosen.flatMap { result[$0] } ?? result.entries.first { $0.series != nil }
        if let entry = chosenEntry, let series = entry.series {
            let latencies = series.latencyMs.compactMap { $0 }
            if !latencies.isEmpty {
                let which = series.framesLeftOut > 0 ? "each of the first \(series.count) frames" : "every frame"
                html += "<figure>" + SVGChart.histogram(name: "frame-latency", title: "Frame latency of \(entry.key)", values: latencies, unit: "ms")
                    + "<figcaption>Frame latency of \(which) of \(h(entry.key.description)) (ms)</figcaption></figure>"
            }
        }
        html += "</div></section>"

        // Without a baseline there is nothing to be against: no such wording, no such legend.
        html += "<section><h2>\(baseline == nil ? "Per trace" : "Per trace against the baseline")</h2><div class=\"charts\">"
        let perTrace: [(MetricName, Statistic)] = [
            (.response, .p99), (.presentedLag, .p50), (.settle, .max), (.intent, .max), (.intentAccuracy, .mean),
            (.eventLatency, .p99), (.reversalResponse, .p50), (.cpuPerFrame, .p50),
        ]
        for (metric, statistic) in perTrace {
            let items = result.entries.prefix(barLimit).compactMap { entry -> (label: String, current: Double?, baseline: Double?)? in
                guard let current = entry.metrics[metric], !current.isEmpty else { return nil }
                let base = baseline?[entry.key]?.metrics[metric]
                return ("\(entry.key.traceName) · \(entry.scene)", current.value(statistic), base.flatMap { $0.isEmpty ? nil : $0.value(statistic) })
            }
            guard !items.isEmpty else { continue }
            let signed = items.contains { ($0.current ?? 0) < 0 || ($0.baseline ?? 0) < 0 }
            let caption = "\(h(metric.rawValue)) \(statistic.rawValue)\(result.entries.count > barLimit ? " (first \(barLimit) runs)" : "")"
                + (signed ? ". Bars left of the zero line are negative: the scene answered before the reference instant (a deceleration detector can see a pause before the finger fully stops)." : "")
            html += "<figure>" + SVGChart.bars(name: "bars-\(metric)", title: "\(metric) \(statistic.rawValue) per trace", items: items, unit: metric.unit)
                + "<figcaption>\(caption)</figcaption></figure>"
        }
        html += "</div></section>"

        if let entry = chosenEntry, let series = entry.series {
            html += "<section><h2>Over time: \(h(entry.key.description))</h2><figure>"
                + SVGChart.lines(name: "over-time", title: "Finger and visible value over time, \(entry.key)", series: series)
                + "<figcaption>The finger (dashed) and the scene's \(h(series.label)) (solid) at each presented frame; the gap between them is what latency looks like."
                + (series.framesLeftOut > 0 ? " The first \(series.count) frames; the \(series.framesLeftOut) after them are not drawn." : "")
                + "</figcaption></figure>"
            let events = entry.events.prefix(50).map { event in
                "<li>\(h(event.kind.rawValue)) at \(Format.number(Double(event.time) / 1e6)) ms (\(h(event.source.rawValue))): "
                    + (event.responseMs.map { "answered in \(Format.number($0)) ms" } ?? "never answered") + "</li>"
            }
            if !events.isEmpty { html += "<ul>" + events.joined() + "</ul>" }
            html += "</section>"
        }
        return html
    }

    private func tableSection() -> String {
        var html = ""
        var written = 0
        for scene in Array(Set(comparison.rows.map(\.key.scene))).sorted() {
            html += "<section><h2>Scene <code>\(h(scene))</code></h2><table><thead><tr><th>trace</th><th>metric</th><th>value</th><th>baseline</th><th>change</th><th>verdict</th></tr></thead><tbody>"
            for row in comparison.rows where row.key.scene == scene {
                guard written < rowLimit else { break }
                written += 1
                let status = row.status.rawValue
                html += "<tr class=\"\(status)\"><td>\(h(row.key.traceName))</td><td>\(h(row.metric.rawValue)) \(row.statistic.rawValue)</td>"
                html += "<td class=\"num\">\(h(Format.value(row.current, unit: row.unit)))</td><td class=\"num\">\(h(Format.value(row.baseline, unit: row.unit)))</td>"
                html += "<td class=\"num\">\(h(Format.arrow(row)))</td><td>\(h(status))\(row.status == .noBaseline ? "" : ": " + h(row.reason))</td></tr>"
            }
            html += "</tbody></table></section>"
        }
        if written < comparison.rows.count {
            html += "<p class=\"note\">Tables cut at \(rowLimit) of \(comparison.rows.count) rows; the JSON result has every metric.</p>"
        }
        return html
    }

    private func h(_ text: String) -> String { SVGChart.attribute(text) }
}
