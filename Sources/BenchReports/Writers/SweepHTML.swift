/// `touchbench sweep --html`: one line chart per run × metric the grid moves, each metric
/// against the swept values, on the report page the bench HTML uses.
public enum SweepHTML {
    public static func render(_ sweep: Sweep) -> String {
        let labels = sweep.pointLabels
        let moving = sweep.lines.filter(\.varies)
        // Charted against the first parameter's numbers when it is numeric, else by position.
        let numeric = sweep.axes.count == 1 ? sweep.points.map { Double($0.values[0]) } : []
        let xs: [Double] = numeric.allSatisfy({ $0 != nil }) && !numeric.isEmpty
            ? numeric.compactMap { $0 } : labels.indices.map(Double.init)
        let xName = sweep.axes.count == 1 && xs.count == numeric.count ? sweep.axes[0].name : "grid point"
        var body = "<header><h1>TouchBench sweep</h1><p>\(SVGChart.text(sweep.axes.map { "\($0.name) = \($0.values.joined(separator: ", "))" }.joined(separator: "; ")))</p></header>"
        body += "<section><h2>Metrics the grid moves (\(moving.count) of \(sweep.lines.count))</h2>"
        for (index, line) in moving.enumerated() {
            let title = "\(line.metric.rawValue) against \(xName) — \(line.trace) · \(line.scene)"
            body += chart(name: "sweep-\(index)", title: title, xs: xs, ys: line.values, xUnit: xName)
        }
        body += "</section><section><h2>Grid points</h2><ol>" + labels.map { "<li>\(SVGChart.text($0))</li>" }.joined() + "</ol></section>"
        return HTMLReport.page(title: "TouchBench sweep", body: body)
    }

    private static func chart(name: String, title: String, xs: [Double], ys: [Double?], xUnit: String) -> String {
        let points = zip(xs, ys).compactMap { x, y in y.map { (x, $0) } }
        guard let xLow = xs.min(), let xHigh = xs.max(), xHigh > xLow,
              let yLow = points.map(\.1).min(), let yHigh = points.map(\.1).max() else {
            return SVGChart.empty(name: name, title: title)
        }
        let ySpan = yHigh > yLow ? yHigh - yLow : 1
        let plotWidth = SVGChart.width - SVGChart.left - SVGChart.right
        let plotHeight = SVGChart.height - SVGChart.top - SVGChart.bottom
        func x(_ value: Double) -> Double { SVGChart.left + (value - xLow) / (xHigh - xLow) * plotWidth }
        func y(_ value: Double) -> Double { SVGChart.top + plotHeight - (value - yLow) / ySpan * plotHeight }
        var svg = SVGChart.open(name: name, title: title)
        svg += SVGChart.axes(yLabel: "", yMax: nil, xLow: xLow, xHigh: xHigh, unit: xUnit, yLow: yLow, yHigh: yHigh)
        svg += "<polyline class=\"visible\" points=\"" + points.map { "\(SVGChart.n(x($0.0))),\(SVGChart.n(y($0.1)))" }.joined(separator: " ") + "\"/>"
        for point in points {
            svg += "<circle class=\"visible\" cx=\"\(SVGChart.n(x(point.0)))\" cy=\"\(SVGChart.n(y(point.1)))\" r=\"3\"><title>\(SVGChart.n(point.1))</title></circle>"
        }
        svg += "<text class=\"legend visible-text\" x=\"\(SVGChart.n(SVGChart.left + 8))\" y=\"\(SVGChart.n(SVGChart.top + 12))\">\(SVGChart.text(title))</text>"
        return svg + "</svg>"
    }
}
