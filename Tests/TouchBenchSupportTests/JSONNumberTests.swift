import TestSupport
import Testing
@testable import TouchBenchSupport

/// The canonical style's numbers, written digit by digit into a buffer, against the string
/// arithmetic that wrote them before (kept here as the reference): the same text for every value.
@Suite("Canonical JSON numbers")
struct JSONNumberTests {
    /// The writer's numbers as they were written with strings: the quotient's digits, the
    /// remainder's padded with zeros to `decimals`, its trailing zeros removed one by one.
    static func reference(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e18 else { return JSONWriter.integerDigits(value.rounded(.toNearestOrEven)) }
        let integer = Int64(scaled)
        if integer == 0 { return "0" }
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        var text = String(magnitude / divisor)
        let fraction = magnitude % divisor
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return integer < 0 ? "-" + text : text
    }

    static let edges: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 1e-7, -1e-7, 0.000_000_5, 0.000_001, 0.1, 0.25, 12.5, 100,
                                  1_000_000.000_001, 123_456.789_012_5, 9.0e12, 8.999_999e12, 9.2e18, -9.2e18, 1e300,
                                  .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude]

    @Test("edges at every precision", arguments: 0...9)
    func edges(decimals: Int) {
        for value in Self.edges + Self.edges.map(\.nextUp) + Self.edges.map(\.nextDown) {
            #expect(JSONWriter.format(value, decimals: decimals) == Self.reference(value, decimals: decimals), "\(value)")
        }
    }

    @Test("random values of every magnitude", arguments: [1, 2])
    func randomValues(seed: UInt64) {
        var random = TestRandom(seed: seed)
        for _ in 0..<30_000 {
            let decimals = Int(random.next() % 10)
            let magnitude = Double(sign: .plus, exponent: Int(random.next() % 100) - 40, significand: 1 + random.unit())
            let value = random.next() % 2 == 0 ? magnitude : -magnitude
            #expect(JSONWriter.format(value, decimals: decimals) == Self.reference(value, decimals: decimals), "\(value)")
        }
    }
}
