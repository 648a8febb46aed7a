import TestSupport
import Testing
@testable import TouchDynamics

/// A fit solved on a kept factorisation is bit for bit a fit of its own, and only a window of
/// other times is factorised again.
@Suite struct LeastSquaresBasisTests {
    /// Jittered times (as a digitizer reports them) and wobbling positions, with a gap.
    static func samples(_ count: Int, seed: UInt64) -> [(time: Int64, x: Double, y: Double)] {
        var random = TestRandom(seed: seed)
        func next() -> Double { random.unit() }
        var time: Int64 = 1_000_000_000
        return (0..<count).map { step in
            time += 4_166_000 + Int64(next() * 2_000) + (step == count / 2 ? 45_000_000 : 0)
            return (time, 300 * next() + Double(step) * 1.5, -0.0 + Double(step * step) * 0.01 - next())
        }
    }

    @Test(arguments: [VelocityTrackerConfiguration.standard, .init(shortHistoryBehavior: .lowerDegree)])
    func sharedFactorisationGivesTheSameBits(configuration: VelocityTrackerConfiguration) {
        var planar = VelocityTracker(configuration: configuration)
        var speed = AxisVelocityTracker(configuration: configuration)
        var basis = LeastSquaresBasis()
        for sample in Self.samples(300, seed: 17) {
            planar.add(time: sample.time, x: sample.x, y: sample.y)
            let before = basis.solutions
            let velocity = planar.velocity(at: sample.time, reusing: &basis)
            let own = planar.velocity(at: sample.time)
            #expect(velocity.x.bitPattern == own.x.bitPattern && velocity.y.bitPattern == own.y.bitPattern)
            speed.add(time: sample.time, value: velocity.magnitude)
            let factorised = basis.factorisations, planarSolutions = basis.solutions - before
            let rate = speed.velocity(at: sample.time, reusing: &basis)
            #expect(rate.bitPattern == speed.velocity(at: sample.time).bitPattern)
            // Same times as the planar fit just made: solved (exactly when the planar one
            // was), never factorised again.
            #expect(basis.factorisations == factorised)
            #expect(basis.solutions - before == 2 * planarSolutions)
        }
        #expect(basis.solutions > 500)
        #expect(basis.factorisations <= basis.solutions / 2)
        #expect(basis.factorisations > 250)
    }

    /// A window too short for the degree, or of times a microsecond apart (columns dependent
    /// within the tolerance), reports through the basis what it reports without one.
    @Test func degenerateWindowsReportZero() {
        var tracker = VelocityTracker()
        var basis = LeastSquaresBasis()
        tracker.add(time: 0, x: 1, y: 1)
        tracker.add(time: 1_000, x: 2, y: 1)
        #expect(tracker.velocity(at: 1_000, reusing: &basis) == .zero)
        #expect(basis.solutions == 0)
        tracker.add(time: 1_001, x: 2, y: 1)
        tracker.add(time: 1_002, x: 2, y: 1)
        let own = tracker.velocity(at: 1_002)
        let shared = tracker.velocity(at: 1_002, reusing: &basis)
        #expect(shared.x.bitPattern == own.x.bitPattern && shared.y.bitPattern == own.y.bitPattern)
        #expect(basis.factorisations == 1)
    }

    /// The quadratic factorisation and solution keep every number the general ones compute,
    /// bit for bit, on windows of every length a tracker fits, ages as the trackers make them.
    @Test func quadraticFitIsTheGeneralFitBitForBit() {
        let points = Self.samples(400, seed: 9)
        var compared = 0
        for end in 3..<points.count {
            let m = 3 + end % 22
            guard end >= m else { continue }
            let window = points[(end - m)..<end]
            let newest = window.last?.time ?? 0
            let ages = window.map { -Double(newest - $0.time) * 1e-6 }
            let ys = window.map(\.x), zs = window.map(\.y)
            let count = LeastSquaresFit.factorCount(m: m, n: 3)
            var general = [Double](repeating: 0, count: count), quadratic = general
            let solvable = LeastSquaresFit.factorGeneral(ages, m: m, n: 3, into: &general)
            #expect(LeastSquaresFit.factorQuadratic(ages, m: m, into: &quadratic) == solvable)
            guard solvable else { continue }
            // Q whole and R's upper triangle (the lower one is never read).
            for index in Array(0..<(3 * m)) + [0, 1, 2, 4, 5, 8].map({ 3 * m + $0 }) {
                #expect(general[index].bitPattern == quadratic[index].bitPattern)
            }
            for power in 0..<3 {
                let reference = LeastSquaresFit.solutionGeneral(power, m: m, n: 3, factors: general, y: ys, z: zs)
                let solved = LeastSquaresFit.solutionQuadratic(power, m: m, factors: quadratic, y: ys, z: zs)
                #expect(reference != nil)
                #expect(reference?.0.bitPattern == solved?.0.bitPattern)
                #expect(reference?.1.bitPattern == solved?.1.bitPattern)
            }
            compared += 1
        }
        #expect(compared > 300)
    }
}

extension LeastSquaresBasisTests {
    /// Both series solved in one pass give each the bits of its own solve.
    @Test func pairedSolveIsTwoSolvesBitForBit() {
        let points = Self.samples(300, seed: 23)
        var compared = 0
        for end in 3..<points.count {
            let m = 3 + end % 18
            guard end >= m else { continue }
            let window = points[(end - m)..<end]
            let newest = window.last?.time ?? 0
            let ages = window.map { VelocityStrategy.age(of: $0.time, before: newest) }
            let ys = window.map(\.x), zs = window.map(\.y)
            var factors = [Double](repeating: 0, count: LeastSquaresFit.factorCount(m: m, n: 3))
            guard LeastSquaresFit.factorQuadratic(ages, m: m, into: &factors) else { continue }
            let (first, second) = LeastSquaresFit.solveQuadratic(m: m, factors: factors, y: ys, z: zs)
            let alone = (LeastSquaresFit.solveQuadratic(m: m, factors: factors, y: ys),
                         LeastSquaresFit.solveQuadratic(m: m, factors: factors, y: zs))
            #expect([first.0, first.1, first.2, second.0, second.1, second.2].map(\.bitPattern)
                == [alone.0.0, alone.0.1, alone.0.2, alone.1.0, alone.1.1, alone.1.2].map(\.bitPattern))
            compared += 1
        }
        #expect(compared > 250)
    }
}
