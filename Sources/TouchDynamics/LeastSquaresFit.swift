/// A polynomial fitted to points by unweighted least squares.
///
/// Solved by a QR decomposition (modified Gram–Schmidt) rather than the normal equations,
/// whose squared condition number would cost half the digits for quadratic fits over
/// millisecond times.
struct LeastSquaresFit: Sendable, Hashable {
    /// Coefficients, constant term first: y ≈ c[0] + c[1]·x + c[2]·x² + …
    let coefficients: [Double]

    /// Fits a polynomial of `degree` to the points, or returns `nil` when the points do not
    /// determine one (fewer points than coefficients, or columns dependent to within 1e-10,
    /// Flutter's tolerance).
    init?(x: [Double], y: [Double], degree: Int) {
        let m = x.count
        let n = degree + 1
        guard degree >= 0, y.count == m, m >= n else { return nil }

        // Columns of the design matrix A: 1, x, x², …
        var a = [[Double]](repeating: [Double](repeating: 1, count: m), count: n)
        for column in 1..<n {
            for row in 0..<m { a[column][row] = a[column - 1][row] * x[row] }
        }
        var q = a
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for i in 0..<j {
                let dot = Self.dot(q[j], q[i])
                r[i][j] = dot
                for row in 0..<m { q[j][row] -= dot * q[i][row] }
            }
            let norm = Self.dot(q[j], q[j]).squareRoot()
            if !(norm >= 1e-10) { return nil }
            r[j][j] = norm
            for row in 0..<m { q[j][row] /= norm }
        }
        // R·c = Qᵀ·y, solved from the bottom row up.
        var c = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var value = Self.dot(q[i], y)
            for j in (i + 1)..<n { value -= r[i][j] * c[j] }
            c[i] = value / r[i][i]
        }
        guard c.allSatisfy(\.isFinite) else { return nil }
        coefficients = c
    }

    private static func dot(_ u: [Double], _ v: [Double]) -> Double {
        var sum = 0.0
        for index in u.indices { sum += u[index] * v[index] }
        return sum
    }
}
