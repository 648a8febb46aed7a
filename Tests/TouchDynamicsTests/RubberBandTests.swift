import Testing
import TouchDynamics

@Suite("Rubber band")
struct RubberBandTests {
    static let band = RubberBand(range: 0...1000, dimension: 390)

    @Test("the formula, literally", arguments: [0.0, 1, 10, 100, 390, 1000, 1e4])
    func formula(x: Double) {
        let d = 390.0, c = 0.55
        let literal = (1 - 1 / (x * c / d + 1)) * d
        let value = RubberBand.offset(forOvershoot: x, dimension: d, coefficient: c)
        #expect(abs(value - literal) <= 1e-12 * max(1, literal))
        #expect(value < d)
    }

    @Test("one dimension past the edge shows 0.55/1.55 of it")
    func knownValue() {
        #expect(abs(RubberBand.offset(forOvershoot: 390, dimension: 390) - 390 * 0.55 / 1.55) < 1e-12)
        // The slope at the edge is the coefficient.
        let tiny = 1e-9
        #expect(abs(RubberBand.offset(forOvershoot: tiny, dimension: 390) / tiny - 0.55) < 1e-9)
    }

    @Test("both sides band toward the range")
    func twoSided() {
        let band = Self.band
        #expect(band.banded(500) == 500)
        #expect(band.banded(0) == 0)
        #expect(band.banded(1000) == 1000)
        let below = band.banded(-100)
        let above = band.banded(1100)
        #expect(below < 0 && below > -100)
        #expect(above > 1000 && above < 1100)
        #expect(abs((0 - below) - (above - 1000)) < 1e-12)
        // Mathematically above −390; in doubles it rounds onto it, never past it.
        #expect(band.banded(-1e300) >= -390)
    }

    @Test("unbanded inverts banded", arguments: [-5000.0, -390, -100, -1, -1e-6, 0, 250, 1000, 1000.5, 1234, 1390, 4000])
    func roundTrip(value: Double) {
        let band = Self.band
        let back = band.unbanded(band.banded(value))
        #expect(abs(back - value) <= 1e-13 * max(1, abs(value)), "\(value) came back as \(back)")
    }

    @Test("the static pair are inverses over many scales")
    func staticRoundTrip() {
        var worst = 0.0
        for dimension in [1.0, 44, 390, 1024] {
            for step in 1...2000 {
                let x = Double(step) * dimension / 200  // up to 10 dimensions past the edge
                let y = RubberBand.offset(forOvershoot: x, dimension: dimension)
                let back = RubberBand.overshoot(forOffset: y, dimension: dimension)
                worst = max(worst, abs(back - x) / x)
                let negative = RubberBand.overshoot(
                    forOffset: RubberBand.offset(forOvershoot: -x, dimension: dimension), dimension: dimension)
                #expect(negative == -back)
            }
        }
        #expect(worst < 1e-13, "worst relative round-trip error \(worst)")
    }

    @Test("a finger catching content past the edge does not make it jump")
    func catchWithoutJump() {
        let band = Self.band
        let shown = band.banded(-120)  // released past the top, now shown here
        var content = band.unbanded(shown)
        #expect(abs(band.banded(content) - shown) < 1e-12)
        content += 0.001
        #expect(abs(band.banded(content) - shown) < 0.001)
    }

    @Test("unreachable offsets and degenerate bands")
    func edgeCases() {
        #expect(RubberBand.overshoot(forOffset: 390, dimension: 390) == .infinity)
        #expect(RubberBand.overshoot(forOffset: -400, dimension: 390) == -.infinity)
        #expect(RubberBand.offset(forOvershoot: 50, dimension: 0) == 0)
        #expect(RubberBand.offset(forOvershoot: 50, dimension: -1) == 0)
        #expect(RubberBand.offset(forOvershoot: 50, dimension: .nan) == 0)
        #expect(RubberBand.offset(forOvershoot: 50, dimension: 100, coefficient: 0) == 0)
        #expect(RubberBand.offset(forOvershoot: 50, dimension: .infinity) == 50 * 0.55)
        #expect(abs(RubberBand.overshoot(forOffset: 27.5, dimension: .infinity) - 50) < 1e-12)
        #expect(RubberBand.offset(forOvershoot: .infinity, dimension: 100) == 100)
        #expect(RubberBand.offset(forOvershoot: .nan, dimension: 100).isNaN)
        #expect(RubberBand(range: 0...0, dimension: 0).banded(-30) == 0)
    }
}
