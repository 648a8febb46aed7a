import Foundation
import TestSupport
import Testing
import TouchBenchSupport

/// `FixedDecimal` writes what `String(format: "%W.Nf")` writes, digit for digit: exact ties
/// (rounded to even), values just either side of a tie, negative zero and values rounding to
/// it, the subnormals, the largest doubles it computes itself and those it hands back.
@Suite("Fixed decimals as printf writes them")
struct FixedDecimalTests {
    static func printf(_ value: Double, _ decimals: Int, width: Int = 0) -> String {
        String(format: "%\(width > 0 ? String(width) : "").\(decimals)f", value)
    }

    static let edges: [Double] = [
        0, -0.0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.125, 0.375, -0.125, 0.05, 0.15, 0.25, 0.35, 1.0005, 2.675, 1e-7, -1e-7,
        0.0004999, 0.00049999999999999999, 0.0005, -0.0005, 999.9995, 999_999.5, 4_503_599_627_370_495.5,
        9_007_199_254_740_992, 1e21, -1e21, 1e30, 0x1p106, 0x1p107, 0x1.fffffffffffffp106, .leastNonzeroMagnitude,
        .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity,
        // Where the digits stop fitting 64 bits, at each precision (then printf writes them).
        0x1p64, 0x1p64.nextDown, 1.8446744073709552e18, 1.8446744073709552e17, 1.8446744073709552e16,
        1.8446744073709552e15, 1.8446744073709552e14, 1.8446744073709552e13,
    ]

    @Test("the edges, at every precision", arguments: 0...6)
    func edges(decimals: Int) {
        for value in Self.edges + Self.edges.map({ $0.nextUp }) + Self.edges.map({ $0.nextDown }) {
            #expect(FixedDecimal.format(value, decimals: decimals) == Self.printf(value, decimals), "\(value)")
            #expect(FixedDecimal.format(value, decimals: decimals, width: 10) == Self.printf(value, decimals, width: 10), "\(value)")
        }
    }

    /// Random values of every magnitude from 2⁻³⁰ to 2⁸⁰ at 0–6 decimals, and values on a grid of halves of
    /// the last printed digit (ties whenever the grid value is exact).
    @Test("random values and near-ties", arguments: [1, 2, 3])
    func randomValues(seed: UInt64) {
        var random = TestRandom(seed: seed)
        for _ in 0..<20_000 {
            let decimals = Int(random.next() % 7)
            let magnitude = Double(sign: .plus, exponent: Int(random.next() % 110) - 30, significand: 1 + random.unit())
            let value = random.next() % 2 == 0 ? magnitude : -magnitude
            #expect(FixedDecimal.format(value, decimals: decimals) == Self.printf(value, decimals), "\(value)")
            let tie = (Double(random.next() % 2_000_001) - 1_000_000 + 0.5) / pow(10, Double(decimals))
            #expect(FixedDecimal.format(tie, decimals: decimals, width: 10) == Self.printf(tie, decimals, width: 10), "\(tie)")
        }
    }
}
