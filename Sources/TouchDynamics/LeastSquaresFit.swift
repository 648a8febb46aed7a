/// Polynomial fits by unweighted least squares.
///
/// Solved by a QR decomposition (modified Gram–Schmidt) rather than the normal equations,
/// whose squared condition number would cost half the digits for quadratic fits over
/// millisecond times. All working storage is one stack-allocated block, so a fit allocates
/// nothing on the heap: pause detectors ask for fits on every sample.
enum LeastSquaresFit {
    /// The coefficient of xᵖ (`power` ≤ `degree`) of the polynomial of `degree` fitted to the
    /// points (`x[i]`, `y[i]`), or `nil` when the points do not determine one (fewer points
    /// than coefficients, or columns dependent to within 1e-10, Flutter's tolerance).
    @inline(__always)
    static func coefficient(
        _ power: Int, degree: Int, count m: Int, x: (Int) -> Double, y: (Int) -> Double
    ) -> Double? {
        coefficients(power, degree: degree, count: m, x: x, y: y, z: nil).map(\.0)
    }

    /// The same coefficient for two series over the same x (a contact's x and y over time):
    /// one factorisation serves both, and each result is bit for bit what ``coefficient``
    /// gives for its series alone. The second is 0 when `z` is `nil`.
    @inline(__always)
    static func coefficients(
        _ power: Int, degree: Int, count m: Int, x: (Int) -> Double, y: (Int) -> Double, z: ((Int) -> Double)?
    ) -> (Double, Double)? {
        let n = degree + 1
        guard degree >= 0, power <= degree, m >= n else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n * m + n * n + 2 * n + 2 * m) { block in
            guard let base = block.baseAddress else { return nil }
            let q = base                      // n columns of m: the design matrix, then Q
            let r = base + n * m              // n × n, row-major
            let cy = r + n * n                // the coefficients for y
            let cz = cy + n                   // … and for z
            let ys = cz + n                   // y, read once
            let zs = ys + m                   // z, read once
            for row in 0..<m {
                q[row] = 1
                ys[row] = y(row)
                zs[row] = z?(row) ?? 0
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
            Self.solve(q: q, r: r, rightHandSide: ys, into: cy, n: n, m: m)
            if z != nil { Self.solve(q: q, r: r, rightHandSide: zs, into: cz, n: n, m: m) }
            for i in 0..<n where !cy[i].isFinite || !cz[i].isFinite { return nil }
            return (cy[power], z != nil ? cz[power] : 0)
        }
    }

    @inline(__always)
    private static func solve(
        q: UnsafeMutablePointer<Double>, r: UnsafeMutablePointer<Double>, rightHandSide: UnsafeMutablePointer<Double>,
        into c: UnsafeMutablePointer<Double>, n: Int, m: Int
    ) {
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = Self.dot(q + i * m, rightHandSide, m)
            for j in (i + 1)..<n { value -= r[i * n + j] * c[j] }
            c[i] = value / r[i * n + i]
        }
    }

    @inline(__always)
    private static func dot(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ count: Int) -> Double {
        var sum = 0.0
        for index in 0..<count { sum += u[index] * v[index] }
        return sum
    }
}
