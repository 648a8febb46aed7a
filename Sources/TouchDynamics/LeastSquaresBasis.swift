/// The factorisation of the last velocity window fitted, kept for the next fit over the same
/// times.
///
/// A least-squares velocity's design matrix is made of the window's times alone (their ages
/// before the newest), not of the positions. `touchbench gestures`' deceleration pause
/// detector fits a contact's planar velocity and then, on the same sample, the rate of change
/// of its speed: a second tracker, fed at the same times, whose window is the same. Handed the
/// same basis, the second fit finds the factorisation made for those times and only solves
/// for its series — about two thirds of a fit skipped, and bit for bit the same result, since
/// the same Q and R go through the same operations. A window of other times (or another
/// degree) is factorised afresh and replaces the one kept.
///
/// The storage is reused from one factorisation to the next: a basis kept across samples
/// allocates nothing once it has grown to the largest window.
public struct LeastSquaresBasis: Sendable {
    /// The times of the window factorised (the first `timeCount`): ages are computed from
    /// them alone. The arrays only grow, so that a factorisation writes in place.
    private var times: [Int64] = []
    private var timeCount = 0
    private var degree = -1
    /// `false` when the window's columns were dependent: every fit over it reports zero.
    private var isSolvable = false
    /// Q then R, as ``LeastSquaresFit/factor(_:m:n:into:)`` leaves them, then the ages.
    private var factors: [Double] = []
    /// How many windows it factorised, and how many fits it solved (factorised or not): tests
    /// count the work per sample with them.
    public private(set) var factorisations = 0
    public private(set) var solutions = 0

    /// An empty basis.
    public init() {}

    /// The slope (coefficient of the first power, per millisecond) of the least-squares
    /// polynomial of `degree` over `window`'s ages in milliseconds before its newest time,
    /// for the series `y` and `z` (0 without one), as ``LeastSquaresFit/coefficients(_:degree:x:y:z:)``
    /// computes it; `nil` where that is `nil`. The series hold one position per time.
    mutating func slopes(
        degree: Int, window: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>?
    ) -> (Double, Double)? {
        let m = window.count
        let n = degree + 1
        guard degree >= 1, m >= n, y.count == m, (z?.count ?? m) == m, let newest = window.last,
            let ys = y.baseAddress
        else { return nil }
        if degree != self.degree || !holds(window) { factorise(window, newest: newest, degree: degree) }
        solutions += 1
        guard isSolvable else { return nil }
        return factors.withUnsafeBufferPointer { factors in
            guard let factors = factors.baseAddress else { return nil }
            return LeastSquaresFit.solution(1, m: m, n: n, factors: factors, y: ys, z: z?.baseAddress)
        }
    }

    /// Whether the window factorised is `window`: a plain loop, since the generic
    /// `elementsEqual` of a slice and an array cost as much as a quadratic solve.
    private func holds(_ window: UnsafeBufferPointer<Int64>) -> Bool {
        guard window.count == timeCount else { return false }
        return times.withUnsafeBufferPointer { kept in
            for index in 0..<window.count where window[index] != kept[index] { return false }
            return true
        }
    }

    private mutating func factorise(_ window: UnsafeBufferPointer<Int64>, newest: Int64, degree: Int) {
        factorisations += 1
        let m = window.count
        let n = degree + 1
        let count = LeastSquaresFit.factorCount(m: m, n: n)
        if times.count < m { times = Array(repeating: 0, count: max(m, 2 * times.count)) }
        if factors.count < count + m { factors = Array(repeating: 0, count: max(count + m, 2 * factors.count)) }
        times.withUnsafeMutableBufferPointer { times in
            for index in 0..<m { times[index] = window[index] }
        }
        timeCount = m
        self.degree = degree
        isSolvable = factors.withUnsafeMutableBufferPointer { factors in
            guard let base = factors.baseAddress else { return false }
            // The ages after Q and R: written in place rather than in a buffer of their own.
            let ages = base + count
            for index in 0..<m { ages[index] = VelocityStrategy.age(of: window[index], before: newest) }
            return LeastSquaresFit.factor(ages, m: m, n: n, into: base)
        }
    }
}
