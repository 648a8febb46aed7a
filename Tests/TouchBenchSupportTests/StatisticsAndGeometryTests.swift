import Testing
@testable import TouchBenchSupport

@Suite("Statistics, geometry and elementary functions")
struct StatisticsAndGeometryTests {
    @Test("mean, median, nearest-rank percentiles and population deviation")
    func descriptive() {
        let values: [Double] = [4, 1, 3, 2, 10]
        #expect(Statistics.mean(values) == 4)
        #expect(Statistics.median(values) == 3)
        #expect(Statistics.median([1, 2, 3, 4]) == 2.5)
        let sorted = values.sorted()
        #expect(Statistics.nearestRank(sorted, 0.5) == 3)
        #expect(Statistics.nearestRank(sorted, 0.95) == 10)
        #expect(Statistics.nearestRank(sorted, 0) == 1)
        #expect(Statistics.nearestRankIndex(count: 100, 0.99) == 99)
        #expect(Statistics.standardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) == 2)
        #expect(Statistics.mean([]) == 0 && Statistics.median([]) == 0 && Statistics.nearestRank([], 0.5) == 0)
    }

    @Test("running moments agree with the batch definitions")
    func moments() {
        var moments = RunningMoments()
        for value in [2.0, 4, 4, 4, 5, 5, 7, 9] { moments.add(value) }
        #expect(moments.count == 8)
        #expect(moments.mean == 5)
        #expect(moments.standardDeviation == 2)
        #expect(moments.minimum == 2 && moments.maximum == 9)
        #expect(RunningMoments().standardDeviation == 0)
    }

    @Test("points as vectors")
    func points() {
        let a = Point(x: 3, y: 4), b = Point(x: 1, y: -2)
        #expect(a.length == 5)
        #expect(a + b == Point(x: 4, y: 2))
        #expect(a - b == Point(x: 2, y: 6))
        #expect(2 * a == a * 2 && a * 2 == Point(x: 6, y: 8))
        #expect(-a == Point(x: -3, y: -4))
        #expect(a.dot(b) == -5)
        #expect(a.perpendicular == Point(x: -4, y: 3))
        #expect(a.distance(to: b) == (4.0 + 36).squareRoot())
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).distance(to: Point(x: 13, y: 14)) == 5)
    }

    @Test("portable sine and cosine stay within 1e-11 of the C library's", arguments: [-2000.0, -3.3, -1, 0, 0.5, 1.5707963, 3, 100, 4321.5])
    func portableTrigonometry(x: Double) {
        #expect(abs(Elementary.portableSin(x) - Elementary.sin(x)) < 1e-11)
        #expect(abs(Elementary.portableCos(x) - Elementary.cos(x)) < 1e-11)
    }
}
