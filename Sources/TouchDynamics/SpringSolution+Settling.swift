import TouchBenchSupport

extension SpringSolution {
    /// The first time after which |x(t)| stays at or under `tolerance`, exact to the last
    /// bit of the time: zero if it never exceeds it, infinite if it never settles.
    ///
    /// |x| is monotone between consecutive zeros of x and of v, so the answer is the end
    /// of the last of those pieces to start above the tolerance, found by bisection on that
    /// piece. An envelope of the motion bounds which pieces can matter.
    ///
    /// A motion that never leaves its rest position settles at once; otherwise a tolerance
    /// of zero or less is never met (the approach is asymptotic), an infinite one is met at
    /// once, and NaN — in the tolerance or the motion — answers NaN.
    func settlingDuration(tolerance: Double) -> Double {
        guard !tolerance.isNaN, initialDisplacement.isFinite, initialVelocity.isFinite else { return .nan }
        if initialDisplacement == 0 && initialVelocity == 0 { return 0 }
        if tolerance == .infinity { return 0 }
        guard tolerance > 0 else { return .infinity }
        let epsilon = tolerance
        let pieces: [Double]
        switch monotonePieces(tolerance: epsilon) {
        case .never: return .infinity
        case .bound(let bound): return bound
        case .pieces(let found): pieces = found
        }
        for index in stride(from: pieces.count - 2, through: 0, by: -1) {
            let start = pieces[index], end = pieces[index + 1]
            guard abs(displacement(at: start)) > epsilon else { continue }
            if abs(displacement(at: end)) > epsilon { return end }
            return lastExceedance(from: start, to: end, tolerance: epsilon)
        }
        return 0
    }

    /// The largest excursion past the rest position on the side away from the start (any
    /// excursion when starting at rest position), or zero when there is none.
    var peakOvershoot: Double {
        guard initialDisplacement.isFinite, initialVelocity.isFinite else { return .nan }
        var peak = 0.0
        for time in extremumTimes(count: 3) where time > 0 {
            let x = displacement(at: time)
            let excursion: Double
            if initialDisplacement > 0 {
                excursion = -x
            } else if initialDisplacement < 0 {
                excursion = x
            } else {
                excursion = abs(x)
            }
            peak = max(peak, excursion)
        }
        return peak
    }

    // MARK: - Pieces

    private enum Pieces {
        /// Sorted times bounding pieces on which |x| is monotone, from where the answer can
        /// start to a time after which |x| stays under the tolerance.
        case pieces([Double])
        /// The motion never decays under the tolerance (undamped).
        case never
        /// Times too large to resolve the oscillation: the envelope's bound is the answer.
        case bound(Double)
    }

    private func monotonePieces(tolerance: Double) -> Pieces {
        switch regime {
        case .underdamped(let frequency):
            return underdampedPieces(frequency: frequency, tolerance: tolerance)
        case .critical, .overdamped:
            let breaks = (zeroTimes() + extremumTimes(count: 1)).filter { $0 > 0 && $0.isFinite }.sorted()
            let last = breaks.last ?? 0
            // Past the last break, |x| falls monotonically to 0: double a step until under.
            var step = 1 / naturalFrequency
            var end = last + step
            var doublings = 0
            while abs(displacement(at: end)) > tolerance {
                step *= 2
                end = last + step
                doublings += 1
                if doublings > 200 || !end.isFinite { return .never }
            }
            return .pieces([0] + breaks + [end])
        }
    }

    private func underdampedPieces(frequency: Double, tolerance: Double) -> Pieces {
        let (amplitude, phase) = displacementPolar(frequency: frequency)
        if amplitude <= tolerance { return .pieces([0, 0]) }
        guard decayRate > 0 else { return .never }
        let (_, velocityPhase) = velocityPolar(frequency: frequency)
        // Every extremum of x has magnitude amplitude·|sin(ψ − φ)|·e^(−σt).
        let extremumScale = amplitude * abs(Elementary.sin(velocityPhase - phase))
        let envelopeEnd = Elementary.log(amplitude / tolerance) / decayRate
        // A subnormal decay rate puts the envelope beyond every double: never, in practice.
        guard envelopeEnd.isFinite else { return .never }
        let period = 2 * Double.pi / frequency
        let lastExtremum = extremumScale > tolerance
            ? Elementary.log(extremumScale / tolerance) / decayRate : -Double.infinity
        let windowStart = max(0, lastExtremum - period)
        let windowEnd = min(envelopeEnd, max(lastExtremum, 0) + period)
        // Past about 10¹² periods a double no longer resolves the phase to a millionth of a
        // cycle; there the envelope's bound, never early, is as exact as the time itself.
        // Checked before the window, which such times can round to nothing (ζ = 1e-17 once
        // answered 0 s that way).
        if frequency * max(windowStart, windowEnd).ulp > 1e-6 { return .bound(envelopeEnd) }
        guard windowEnd > windowStart else { return .pieces([windowStart, windowStart]) }
        var breaks: [Double] = []
        for base in [phase, velocityPhase] {
            // Zeros of R·e^(−σt)·cos(ω_d t − base): ω_d t = base + π/2 + kπ.
            var k = ((frequency * windowStart - base - Double.pi / 2) / Double.pi).rounded(.up)
            // The window spans about two periods: four zeros of each kind. The cap only
            // matters when times are so large that k + 1 rounds back to k.
            for _ in 0..<16 {
                let time = (base + Double.pi / 2 + k * Double.pi) / frequency
                guard time < windowEnd else { break }
                if time > windowStart { breaks.append(time) }
                k += 1
            }
        }
        return .pieces([windowStart] + breaks.sorted() + [windowEnd])
    }

    /// x(t) = R·e^(−σt)·cos(ω_d t − φ): returns (R, φ).
    private func displacementPolar(frequency: Double) -> (Double, Double) {
        let sine = (initialVelocity + decayRate * initialDisplacement) / frequency
        return (hypot(initialDisplacement, sine), Elementary.atan2(sine, initialDisplacement))
    }

    /// v(t) = R_v·e^(−σt)·cos(ω_d t − ψ): returns (R_v, ψ).
    private func velocityPolar(frequency: Double) -> (Double, Double) {
        let stiffnessTerm = naturalFrequency * naturalFrequency * initialDisplacement
        let sine = -(decayRate * initialVelocity + stiffnessTerm) / frequency
        return (hypot(initialVelocity, sine), Elementary.atan2(sine, initialVelocity))
    }

    /// The positive times at which x crosses zero (at most one unless underdamped).
    private func zeroTimes() -> [Double] {
        // x ∝ x₀·C + (σx₀ + v₀)·S
        rootTimes(cosineWeight: initialDisplacement, sineWeight: decayRate * initialDisplacement + initialVelocity)
    }

    /// The first `count` positive times at which v is zero: the extrema of x.
    func extremumTimes(count: Int) -> [Double] {
        switch regime {
        case .underdamped(let frequency):
            let (_, psi) = velocityPolar(frequency: frequency)
            var k = ((-psi - Double.pi / 2) / Double.pi).rounded(.down)
            var times: [Double] = []
            // The first candidate is at or just before zero; a few more always suffice.
            for _ in 0..<(count + 3) where times.count < count {
                let time = (psi + Double.pi / 2 + k * Double.pi) / frequency
                if time > 0 { times.append(time) }
                k += 1
            }
            return times
        case .critical, .overdamped:
            // v ∝ v₀·C − (σv₀ + ω₀²x₀)·S
            let stiffnessTerm = naturalFrequency * naturalFrequency * initialDisplacement
            return rootTimes(cosineWeight: initialVelocity, sineWeight: -(decayRate * initialVelocity + stiffnessTerm))
        }
    }

    /// Positive roots of a·C(t) + b·S(t) for the critical and overdamped regimes.
    private func rootTimes(cosineWeight a: Double, sineWeight b: Double) -> [Double] {
        guard b != 0 else { return [] }
        switch regime {
        case .critical:
            let time = -a / b
            return time > 0 ? [time] : []
        case .overdamped(let spread):
            // cosh γt·(a + b·tanh(γt)/γ) = 0  ⇒  tanh γt = −aγ/b
            let q = -a * spread / b
            guard q > 0, q < 1 else { return [] }
            // atanh q = ½·log1p(2q / (1 − q))
            return [0.5 * Elementary.log1p(2 * q / (1 - q)) / spread]
        case .underdamped:
            return []
        }
    }

    /// The end of the stretch of [start, end] on which |x| exceeds the tolerance, where
    /// |x| is monotone, |x(start)| > tolerance ≥ |x(end)|.
    private func lastExceedance(from start: Double, to end: Double, tolerance: Double) -> Double {
        var low = start, high = end
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { return high }
            if abs(displacement(at: middle)) > tolerance { low = middle } else { high = middle }
        }
    }
}

private func hypot(_ a: Double, _ b: Double) -> Double {
    let scale = max(abs(a), abs(b))
    guard scale > 0, scale.isFinite else { return scale }
    let (p, q) = (a / scale, b / scale)
    return scale * (p * p + q * q).squareRoot()
}
