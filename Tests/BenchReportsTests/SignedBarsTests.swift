@testable import BenchReports
import Testing

/// Bars of values below zero are drawn left of a zero line, not as empty bars; the baseline's
/// legend appears only with a baseline.
@Suite struct SignedBarsTests {
    static func rects(_ svg: String) -> [(x: Double, width: Double)] {
        svg.components(separatedBy: "<rect class=\"current\"").dropFirst().compactMap { part in
            func attribute(_ name: String) -> Double? {
                guard let start = part.range(of: "\(name)=\"") else { return nil }
                return Double(part[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let x = attribute("x"), let width = attribute("width") else { return nil }
            return (x, width)
        }
    }

    @Test func negativeBarsGrowLeftOfZero() throws {
        let svg = SVGChart.bars(name: "pause", title: "pause", items: [("a", -20, nil), ("b", 60, nil)], unit: "ms")
        let bars = Self.rects(svg)
        try #require(bars.count == 2)
        // One scale for both signs: the negative bar is a third of the positive one and ends where it starts.
        #expect(abs(bars[0].width * 3 - bars[1].width) < 0.01)
        #expect(abs(bars[0].x + bars[0].width - bars[1].x) < 0.01)
        #expect(svg.contains("<line class=\"axis-line\""))
        #expect(!svg.contains("baseline"))
    }

    @Test func positiveBarsStartAtTheLeftEdgeAndNameTheBaselineOnlyWithOne() {
        let alone = SVGChart.bars(name: "x", title: "x", items: [("a", 10, nil)], unit: "ms")
        #expect(!alone.contains("axis-line") && !alone.contains("baseline"))
        let compared = SVGChart.bars(name: "x", title: "x", items: [("a", 10, 12)], unit: "ms")
        #expect(compared.contains("light: baseline"))
    }

    /// Values of both signs near Double's limits: their span is beyond it, and the bin of each
    /// value was NaN (a trap converting it to Int, hostile report of 5 December).
    @Test func aHistogramSpanningDoublesWholeRangeIsDrawn() {
        let svg = SVGChart.histogram(name: "h", title: "h", values: [-1e308, 0, 1e308, 1e308], unit: "ms", bins: 4)
        let heights = svg.components(separatedBy: "<rect class=\"bar\"").dropFirst().compactMap { part -> String? in
            part.range(of: "<title>").map { String(part[$0.upperBound...].prefix { $0 != "<" }) }
        }
        // -1e308 in the first bin, 0 in the third (the middle), the two 1e308 in the last.
        #expect(heights == ["1", "1", "2"])
    }
}
