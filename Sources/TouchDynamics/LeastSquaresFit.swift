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
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n * m + n * n + 2 * n) { block in
            guard let base = block.baseAddress else { return nil }
            let q = base                      // n columns of m: the design matrix, then Q
            let r = base + n * m              // n × n, row-major
            let cy = r + n * n                // the coefficients for y
            let cz = cy + n                   // … and for z
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
                if !(norm >= 1e-10) { return nil }
                r[j * n + j] = norm
                for row in 0..<m { qj[row] /= norm }
            }
            // R·c = Qᵀ·y, solved from the bottom row up.
            Self.solve(q: q, r: r, rightHandSide: ys, into: cy, n: n, m: m)
            for i in 0..<n where !cy[i].isFinite { return nil }
            guard let zs else { return (cy[power], 0) }
            Self.solve(q: q, r: r, rightHandSide: zs, into: cz, n: n, m: m)
            for i in 0..<n where !cz[i].isFinite { return nil }
            return (cy[power], cz[power])
        }
    }

    @inline(__always)
    private static func solve(
        q: UnsafeMutablePointer<Double>, r: UnsafeMutablePointer<Double>, rightHandSide: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, n: Int, m: Int
    ) {
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
