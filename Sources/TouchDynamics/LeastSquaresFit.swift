/// Polynomial fits by unweighted least squares.
///
/// Solved by a QR decomposition (modified Gram–Schmidt) rather than the normal equations,
/// whose squared condition number would cost half the digits for quadratic fits over
/// millisecond times. All working storage (the factorisation and the ages) is stack-allocated,
/// so a fit allocates nothing on the heap: pause detectors ask for fits on every sample.
///
/// The points are read through buffer pointers, not per-element closures: a fit runs two or
/// three times per touch sample in `touchbench gestures`, and the closures' calls and bounds
/// checks cost as much as the arithmetic. The arithmetic itself (each product, each
/// sequential sum, each division) is done in the same order as before, so the results are
/// bit for bit what they were (Flutter's velocity tracker).
///
/// The factorisation (``factor(_:m:n:into:)``) depends on x alone and the solution
/// (``solution(_:m:n:factors:y:z:)``) on it and the series: ``LeastSquaresBasis`` keeps one
/// factorisation for other series over the same x.
enum LeastSquaresFit {
    /// The coefficient of xᵖ (`power` ≤ `degree`) of the polynomial of `degree` fitted to the
    /// points (`x[i]`, `y[i]`), with the same coefficient for a second series `z` over the
    /// same x (a contact's x and y over time: one factorisation serves both, and each result
    /// is bit for bit what a fit of its series alone gives). The second is 0 when `z` is
    /// `nil`. `nil` when the points do not determine a polynomial (fewer points than
    /// coefficients, series of different lengths, or columns dependent to within 1e-10,
    /// Flutter's tolerance).
    static func coefficients(
        _ power: Int, degree: Int,
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>?
    ) -> (Double, Double)? {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, power <= degree, m >= n, y.count == m, (z?.count ?? m) == m,
            let xs = x.baseAddress, let ys = y.baseAddress
        else { return nil }
        let zs = z?.baseAddress
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: factorCount(m: m, n: n)) { block in
            guard let factors = block.baseAddress, factor(xs, m: m, n: n, into: factors) else { return nil }
            return solution(power, m: m, n: n, factors: factors, y: ys, z: zs)
        }
    }

    /// How many numbers the factorisation of `m` points for `n` coefficients takes: Q (n
    /// columns of m) then R (n × n, row-major).
    static func factorCount(m: Int, n: Int) -> Int { n * m + n * n }

    /// Factorises the design matrix of the `m` points of `xs` for `n` coefficients into
    /// `factors` (``factorCount(m:n:)`` numbers); `false` when its columns are dependent to
    /// within 1e-10 (no polynomial is determined).
    static func factor(_ xs: UnsafePointer<Double>, m: Int, n: Int, into factors: UnsafeMutablePointer<Double>) -> Bool {
        n == 3 ? factorQuadratic(xs, m: m, into: factors) : factorGeneral(xs, m: m, n: n, into: factors)
    }

    /// ``factor(_:m:n:into:)`` for any `n`: the reference ``factorQuadratic(_:m:into:)`` matches
    /// bit for bit.
    static func factorGeneral(_ xs: UnsafePointer<Double>, m: Int, n: Int, into factors: UnsafeMutablePointer<Double>) -> Bool {
        let q = factors                   // n columns of m: the design matrix, then Q
        let r = factors + n * m           // n × n, row-major
        for row in 0..<m { q[row] = 1 }
        for column in 1..<n {
            let previous = q + (column - 1) * m
            let current = q + column * m
            for row in 0..<m { current[row] = previous[row] * xs[row] }
        }
        for j in 0..<n {
            let qj = q + j * m
            for i in 0..<j {
                let qi = q + i * m
                let dot = Self.dot(qj, qi, m)
                r[i * n + j] = dot
                for row in 0..<m { qj[row] -= dot * qi[row] }
            }
            let norm = Self.dot(qj, qj, m).squareRoot()
            if !(norm >= 1e-10) { return false }
            r[j * n + j] = norm
            for row in 0..<m { qj[row] /= norm }
        }
        return true
    }

    /// The coefficient of xᵖ for the series `y` (and `z`, 0 without one) from a factorisation
    /// by ``factor(_:m:n:into:)``; `nil` when a coefficient is not finite.
    static func solution(
        _ power: Int, m: Int, n: Int, factors: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) -> (Double, Double)? {
        n == 3
            ? solutionQuadratic(power, m: m, factors: factors, y: y, z: z)
            : solutionGeneral(power, m: m, n: n, factors: factors, y: y, z: z)
    }

    /// ``solution(_:m:n:factors:y:z:)`` for any `n`, from ``factorGeneral(_:m:n:into:)``.
    static func solutionGeneral(
        _ power: Int, m: Int, n: Int, factors: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) -> (Double, Double)? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { block in
            guard let c = block.baseAddress else { return nil }
            // R·c = Qᵀ·y, solved from the bottom row up.
            Self.solve(factors: factors, rightHandSide: y, into: c, n: n, m: m)
            for i in 0..<n where !c[i].isFinite { return nil }
            let first = c[power]
            guard let z else { return (first, 0) }
            Self.solve(factors: factors, rightHandSide: z, into: c, n: n, m: m)
            for i in 0..<n where !c[i].isFinite { return nil }
            return (first, c[power])
        }
    }

    @inline(__always)
    private static func solve(
        factors: UnsafePointer<Double>, rightHandSide: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, n: Int, m: Int
    ) {
        let q = factors
        let r = factors + n * m
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = Self.dot(q + i * m, rightHandSide, m)
            for j in (i + 1)..<n { value -= r[i * n + j] * c[j] }
            c[i] = value / r[i * n + i]
        }
    }

    @inline(__always)
    private static func dot(_ u: UnsafePointer<Double>, _ v: UnsafePointer<Double>, _ count: Int) -> Double {
        var sum = 0.0
        for index in 0..<count { sum += u[index] * v[index] }
        return sum
    }
}
