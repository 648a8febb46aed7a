extension LeastSquaresFit {
    /// ``factorGeneral(_:m:n:into:)`` for a quadratic (n = 3), the lsq2 velocity's fit: every
    /// number it keeps is computed by the same operations, in the same order, so Q and R are
    /// bit for bit the same. What it saves is work whose result is known: the first column is
    /// m ones, so its norm is √m (a sum of m ones is exact) and each of its entries 1/√m, and
    /// each product by it is a product by that one number; the passes over the columns are
    /// fused (each sum still runs over the rows in order), so the design matrix is never
    /// written and read back. A fit is three columns of 20 rows: loop overhead and memory
    /// traffic were most of its instructions.
    static func factorQuadratic(_ xs: UnsafePointer<Double>, m: Int, into factors: UnsafeMutablePointer<Double>) -> Bool {
        let q0 = factors, q1 = factors + m, q2 = factors + 2 * m
        let r = factors + 3 * m           // 3 × 3, row-major; the lower triangle is not read
        let norm0 = Double(m).squareRoot()
        let c = 1 / norm0
        r[0] = norm0
        // Column 1 is x (1·x), column 2 is x·x; their components along column 0.
        var dot01 = 0.0, dot02 = 0.0
        for row in 0..<m {
            let x = xs[row]
            dot01 += x * c
            dot02 += x * x * c
        }
        r[1] = dot01
        r[2] = dot02
        let along01 = dot01 * c, along02 = dot02 * c
        var square1 = 0.0
        for row in 0..<m {
            let x = xs[row]
            q0[row] = c
            let u = x - along01
            q1[row] = u
            square1 += u * u
            q2[row] = x * x - along02
        }
        let norm1 = square1.squareRoot()
        if !(norm1 >= 1e-10) { return false }
        r[4] = norm1
        // The divisions in a loop of their own, which the compiler vectorises (each quotient
        // is the same number), and the sum after: in one loop, the divisions ran one at a time.
        for row in 0..<m { q1[row] /= norm1 }
        var dot12 = 0.0
        for row in 0..<m { dot12 += q2[row] * q1[row] }
        r[5] = dot12
        var square2 = 0.0
        for row in 0..<m {
            let v = q2[row] - dot12 * q1[row]
            q2[row] = v
            square2 += v * v
        }
        let norm2 = square2.squareRoot()
        if !(norm2 >= 1e-10) { return false }
        r[8] = norm2
        for row in 0..<m { q2[row] /= norm2 }
        return true
    }

    /// ``solutionGeneral(_:m:n:factors:y:z:)`` for a factorisation by ``factorQuadratic(_:m:into:)``.
    static func solutionQuadratic(
        _ power: Int, m: Int, factors: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>?
    ) -> (Double, Double)? {
        // The coefficient of `power`, or nil unless all three are finite.
        func pick(_ c: (Double, Double, Double)) -> Double? {
            guard c.0.isFinite, c.1.isFinite, c.2.isFinite else { return nil }
            return power == 0 ? c.0 : power == 1 ? c.1 : c.2
        }
        guard let z else { return pick(solveQuadratic(m: m, factors: factors, y: y)).map { ($0, 0) } }
        let (first, second) = solveQuadratic(m: m, factors: factors, y: y, z: z)
        guard let a = pick(first), let b = pick(second) else { return nil }
        return (a, b)
    }

    /// ``solveQuadratic(m:factors:y:)`` of `y` and of `z`, their six products with Q's columns
    /// summed in one pass (each sum still over the rows in order, so each coefficient is the
    /// same number): a planar velocity reads Q once instead of twice.
    static func solveQuadratic(
        m: Int, factors: UnsafePointer<Double>, y: UnsafePointer<Double>, z: UnsafePointer<Double>
    ) -> ((Double, Double, Double), (Double, Double, Double)) {
        let q0 = factors, q1 = factors + m, q2 = factors + 2 * m
        var y0 = 0.0, y1 = 0.0, y2 = 0.0, z0 = 0.0, z1 = 0.0, z2 = 0.0
        for row in 0..<m {
            let a = q0[row], b = q1[row], c = q2[row]
            let u = y[row], v = z[row]
            y0 += a * u
            y1 += b * u
            y2 += c * u
            z0 += a * v
            z1 += b * v
            z2 += c * v
        }
        let r = factors + 3 * m
        return (backSubstitute(y0, y1, y2, r: r), backSubstitute(z0, z1, z2, r: r))
    }

    /// The coefficients of a quadratic fit of `y` from a factorisation by
    /// ``factorQuadratic(_:m:into:)``: the three products with Q's columns summed in one pass,
    /// then back-substitution, each operation as ``solution(_:m:n:factors:y:z:)`` does it.
    static func solveQuadratic(
        m: Int, factors: UnsafePointer<Double>, y: UnsafePointer<Double>
    ) -> (Double, Double, Double) {
        let q0 = factors, q1 = factors + m, q2 = factors + 2 * m
        let r = factors + 3 * m
        var dot0 = 0.0, dot1 = 0.0, dot2 = 0.0
        for row in 0..<m {
            let value = y[row]
            dot0 += q0[row] * value
            dot1 += q1[row] * value
            dot2 += q2[row] * value
        }
        return backSubstitute(dot0, dot1, dot2, r: r)
    }

    /// The coefficients from the products of the series with Q's columns: R·c = Qᵀ·y solved
    /// from the bottom row up, as ``solution(_:m:n:factors:y:z:)`` does.
    @inline(__always)
    private static func backSubstitute(_ dot0: Double, _ dot1: Double, _ dot2: Double, r: UnsafePointer<Double>) -> (Double, Double, Double) {
        let c2 = dot2 / r[8]
        var value1 = dot1
        value1 -= r[5] * c2
        let c1 = value1 / r[4]
        var value0 = dot0
        value0 -= r[1] * c1
        value0 -= r[2] * c2
        return (value0 / r[0], c1, c2)
    }
}
