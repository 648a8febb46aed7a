/// Polynomial fits by unweighted least squares.
///
/// Solved by a QR decomposition (modified Gram–Schmidt) rather than the normal equations,
/// whose squared condition number would cost half the digits for quadratic fits over
/// millisecond times. All working storage is one stack-allocated block, so a fit allocates
/// nothing on the heap: a pan recognizer asks for one on every moved sample.
enum LeastSquaresFit {
    /// The coefficient of xᵖ (`power` ≤ `degree`) of the polynomial of `degree` fitted to the
    /// points (`x[i]`, `y[i]`), or `nil` when the points do not determine one (fewer points
    /// than coefficients, or columns dependent to within 1e-10, Flutter's tolerance).
    static func coefficient(
        _ power: Int, degree: Int, count m: Int, x: (Int) -> Double, y: (Int) -> Double
    ) -> Double? {
        let n = degree + 1
        guard degree >= 0, power <= degree, m >= n else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n * m + n * n + n + m) { block in
            guard let base = block.baseAddress else { return nil }
            let q = base                      // n columns of m: the design matrix, then Q
            let r = base + n * m              // n × n, row-major
            let c = r + n * n                 // the coefficients
            let ys = c + n                    // y, read once
            for row in 0..<m {
                q[row] = 1
                ys[row] = y(row)
            }
            for column in 1..<max(n, 1) {
                for row in 0..<m { q[column * m + row] = q[(column - 1) * m + row] * x(row) }
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
            for i in stride(from: n - 1, through: 0, by: -1) {
                var value = Self.dot(q + i * m, ys, m)
                for j in (i + 1)..<n { value -= r[i * n + j] * c[j] }
                c[i] = value / r[i * n + i]
            }
            for i in 0..<n where !c[i].isFinite { return nil }
            return c[power]
        }
    }

    private static func dot(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> Double {
        var sum = 0.0
        for index in 0..<count { sum += u[index] * v[index] }
        return sum
    }
}
