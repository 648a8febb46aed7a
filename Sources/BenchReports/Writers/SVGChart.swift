import RunRecord
import TouchBenchSupport

/// Inline SVG charts for the HTML report: drawn here, as text, so the page needs no script
/// library, font or network to show them. Every chart is an `<svg class="chart">` with a
/// `data-chart` name and a `<title>`; the page's check script counts them.
enum SVGChart {
    static let width = 640.0
    static let height = 220.0
    static let left = 56.0, right = 12.0, top = 14.0, bottom = 34.0

    /// A histogram of `values` in `bins` equal bins.
    static func histogram(name: String, title: String, values: [Double], unit: String, bins: Int = 24) -> String {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return empty(name: name, title: title) }
        var span = high > low ? high - low : max(abs(high), 1) * 0.1
        // Values of both signs near Double's limits have a span beyond it: measure in halves.
        let halves = !span.isFinite
        if halves { span = high / 2 - low / 2 }
        var counts = [Int](repeating: 0, count: bins)
        for value in finite {
            let offset = halves ? value / 2 - low / 2 : value - low
            let index = min(bins - 1, Int(offset / span * Double(bins)))
            counts[max(0, index)] += 1
        }
        let peak = Double(counts.max() ?? 1)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        var svg = open(name: name, title: title)
        svg += axes(yLabel: "count", yMax: peak, xLow: low, xHigh: halves ? high : low + span, unit: unit)
        let barWidth = plotWidth / Double(bins)
        for (index, count) in counts.enumerated() where count > 0 {
            let barHeight = Double(count) / peak * plotHeight
            svg += "<rect class=\"bar\" x=\"\(n(left + Double(index) * barWidth + 1))\" y=\"\(n(top + plotHeight - barHeight))\" width=\"\(n(max(1, barWidth - 2)))\" height=\"\(n(barHeight))\"><title>\(count)</title></rect>"
        }
        return svg + "</svg>"
    }

    /// Horizontal bars: each item's current value, with its baseline as a thin bar beneath.
    /// Horizontal bars per item, signed: a zero line where values of both signs occur, negative
    /// bars drawn left of it. The baseline's thin bar and its legend only when there is one.
    static func bars(name: String, title: String, items: [(label: String, current: Double?, baseline: Double?)], unit: String) -> String {
        guard !items.isEmpty else { return empty(name: name, title: title) }
        let rowHeight = 18.0
        let chartHeight = top + Double(items.count) * rowHeight + bottom
        let values = items.flatMap { [$0.current, $0.baseline].compactMap { $0 } }
        let high = Swift.max(0, values.max() ?? 0), low = Swift.min(0, values.min() ?? 0)
        let scale = high - low > 0 ? high - low : 1
        let labelWidth = 170.0
        let plotWidth = width - labelWidth - right - 60
        let zero = labelWidth + (-low / scale) * plotWidth
        func bar(_ value: Double) -> (x: Double, width: Double) {
            let length = Swift.max(1, abs(value) / scale * plotWidth)
            return value < 0 ? (zero - length, length) : (zero, length)
        }
        let hasBaseline = items.contains { $0.baseline != nil }
        var svg = "<svg class=\"chart\" data-chart=\"\(attribute(name))\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(chartHeight))\" width=\"\(n(width))\" height=\"\(n(chartHeight))\" role=\"img\"><title>\(text(title))</title>"
        if low < 0 {
            svg += "<line class=\"axis-line\" x1=\"\(n(zero))\" x2=\"\(n(zero))\" y1=\"\(n(top))\" y2=\"\(n(chartHeight - bottom))\"/>"
        }
        for (index, item) in items.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += "<text class=\"label\" x=\"\(n(labelWidth - 6))\" y=\"\(n(y + 11))\" text-anchor=\"end\">\(text(item.label))</text>"
            if let current = item.current {
                let (x, length) = bar(current)
                svg += "<rect class=\"current\" x=\"\(n(x))\" y=\"\(n(y + 2))\" width=\"\(n(length))\" height=\"9\"><title>\(Format.value(current, unit: unit))</title></rect>"
                let labelX = current < 0 ? zero + 4 : x + length + 4
                svg += "<text class=\"value\" x=\"\(n(labelX))\" y=\"\(n(y + 10))\">\(text(Format.number(current)))</text>"
            }
            if let baseline = item.baseline {
                let (x, length) = bar(baseline)
                svg += "<rect class=\"baseline\" x=\"\(n(x))\" y=\"\(n(y + 12))\" width=\"\(n(length))\" height=\"4\"><title>baseline \(Format.value(baseline, unit: unit))</title></rect>"
            }
        }
        let range = low < 0 ? "\(Format.value(low, unit: unit)) … 0 … \(Format.value(high, unit: unit))" : "0 … \(Format.value(high, unit: unit))"
        svg += "<text class=\"axis\" x=\"\(n(labelWidth))\" y=\"\(n(chartHeight - 10))\">\(text(range))\(hasBaseline ? " — dark: this run, light: baseline" : "")</text>"
        return svg + "</svg>"
    }

    /// Two lines over time: the finger and the scene's visible value.
    static func lines(name: String, title: String, series: RunSeries) -> String {
        let times = series.timeMs
        guard let t0 = times.first, let t1 = times.last, t1 > t0 else { return empty(name: name, title: title) }
        let values = series.visible + series.finger.compactMap { $0 }
        guard let low = values.min(), let high = values.max() else { return empty(name: name, title: title) }
        let span = high > low ? high - low : 1
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
        func y(_ v: Double) -> Double { top + plotHeight - (v - low) / span * plotHeight }
        var svg = open(name: name, title: title)
        svg += axes(yLabel: "pt", yMax: nil, xLow: t0, xHigh: t1, unit: "ms", yLow: low, yHigh: high)
        // Thin the polyline to about two points per pixel: enough for the eye, small files.
        let step = max(1, times.count / Int(plotWidth * 2))
        var visible = "", finger = ""
        var fingerSegments: [String] = []
        for index in Swift.stride(from: 0, to: times.count, by: step) {
            visible += "\(n(x(times[index]))),\(n(y(series.visible[index]))) "
            if index < series.finger.count, let position = series.finger[index] {
                finger += "\(n(x(times[index]))),\(n(y(position))) "
            } else if !finger.isEmpty {
                fingerSegments.append(finger)
                finger = ""
            }
        }
        if !finger.isEmpty { fingerSegments.append(finger) }
        for segment in fingerSegments { svg += "<polyline class=\"finger\" points=\"\(segment)\"/>" }
        svg += "<polyline class=\"visible\" points=\"\(visible)\"/>"
        svg += "<text class=\"legend finger-text\" x=\"\(n(left + 8))\" y=\"\(n(top + 12))\">finger</text>"
        svg += "<text class=\"legend visible-text\" x=\"\(n(left + 60))\" y=\"\(n(top + 12))\">\(text(series.label))</text>"
        return svg + "</svg>"
    }

    static func open(name: String, title: String) -> String {
        "<svg class=\"chart\" data-chart=\"\(attribute(name))\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\"><title>\(text(title))</title>"
    }

    static func empty(name: String, title: String) -> String {
        open(name: name, title: title) + "<text class=\"axis\" x=\"\(n(width / 2))\" y=\"\(n(height / 2))\" text-anchor=\"middle\">no data</text></svg>"
    }

    static func axes(yLabel: String, yMax: Double?, xLow: Double, xHigh: Double, unit: String,
                             yLow: Double? = nil, yHigh: Double? = nil) -> String {
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        var svg = "<line class=\"axis-line\" x1=\"\(n(left))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(top + plotHeight))\"/>"
        svg += "<line class=\"axis-line\" x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + plotHeight))\"/>"
        svg += "<text class=\"axis\" x=\"\(n(left))\" y=\"\(n(height - 12))\">\(text(Format.number(xLow)))</text>"
        svg += "<text class=\"axis\" x=\"\(n(left + plotWidth))\" y=\"\(n(height - 12))\" text-anchor=\"end\">\(text(Format.number(xHigh))) \(text(unit))</text>"
        let topLabel = yMax.map { Format.number($0) } ?? yHigh.map { Format.number($0) } ?? ""
        let bottomLabel = yLow.map { Format.number($0) } ?? "0"
        svg += "<text class=\"axis\" x=\"\(n(left - 4))\" y=\"\(n(top + 8))\" text-anchor=\"end\">\(text(topLabel))</text>"
        svg += "<text class=\"axis\" x=\"\(n(left - 4))\" y=\"\(n(top + plotHeight))\" text-anchor=\"end\">\(text(bottomLabel))</text>"
        svg += "<text class=\"axis\" x=\"4\" y=\"\(n(top + plotHeight / 2))\">\(text(yLabel))</text>"
        return svg
    }

    /// Coordinates with two decimals at most.
    static func n(_ value: Double) -> String { JSONWriter.format(value, decimals: 2) }

    static func text(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;")
    }
}
