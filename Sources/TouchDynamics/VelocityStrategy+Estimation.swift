extension VelocityStrategy {
    /// The velocity, in units per second, of one axis over a window of samples (oldest
    /// first, strictly increasing times in nanoseconds).
    func velocity(
        times: ArraySlice<Int64>,
        positions: ArraySlice<Double>,
        shortHistoryBehavior: VelocityTrackerConfiguration.ShortHistoryBehavior
    ) -> Double {
        times.withUnsafeBufferPointer { times in
            positions.withUnsafeBufferPointer { positions in
                velocity(times: times, positions: positions, shortHistoryBehavior: shortHistoryBehavior)
            }
        }
    }

    /// ``velocity(times:positions:shortHistoryBehavior:)`` over columns in place.
    func velocity(
        times: UnsafeBufferPointer<Int64>,
        positions: UnsafeBufferPointer<Double>,
        shortHistoryBehavior: VelocityTrackerConfiguration.ShortHistoryBehavior
    ) -> Double {
        guard let newest = times.last, times.count == positions.count, times.count >= 2 else {
            return 0
        }
        switch self {
        case .lsq2:
            return Self.leastSquaresVelocity(
                times: times, positions: positions, newest: newest,
                shortHistoryBehavior: shortHistoryBehavior)
        case .impulse:
            return Self.impulseVelocity(times: times, positions: positions)
        case .naive:
            let last = positions.index(before: positions.endIndex)
            let lastTime = times.index(before: times.endIndex)
            let dt = Double(times[lastTime] - times[lastTime - 1]) * 1e-9
            return (positions[last] - positions[last - 1]) / dt
        }
    }

    /// The lsq2 velocity of both axes of one window from one factorisation (bit for bit what
    /// two calls of ``velocity(times:positions:shortHistoryBehavior:)`` give).
    static func leastSquaresVelocities(
        times: UnsafeBufferPointer<Int64>, xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
        shortHistoryBehavior: VelocityTrackerConfiguration.ShortHistoryBehavior
    ) -> (Double, Double) {
        guard let newest = times.last, times.count == xs.count, times.count == ys.count, times.count >= 2 else {
            return (0, 0)
        }
        guard let degree = leastSquaresDegree(count: times.count, shortHistoryBehavior: shortHistoryBehavior) else {
            return (0, 0)
        }
        let fitted = Self.withAges(times, before: newest) { ages in
            // The fit's x is the ages; its two series are the positions' x and y.
            LeastSquaresFit.coefficients(1, degree: degree, x: ages, y: xs, z: ys)
        }
        guard let slopes = fitted else { return (0, 0) }
        return (slopes.0 * 1000, slopes.1 * 1000)
    }

    private static func leastSquaresVelocity(
        times: UnsafeBufferPointer<Int64>,
        positions: UnsafeBufferPointer<Double>,
        newest: Int64,
        shortHistoryBehavior: VelocityTrackerConfiguration.ShortHistoryBehavior
    ) -> Double {
        guard let degree = leastSquaresDegree(count: times.count, shortHistoryBehavior: shortHistoryBehavior) else {
            return 0
        }
        // Ages in milliseconds before the newest sample, as Flutter measures them, so that
        // its 1e-10 rank tolerance means the same here; the slope is then per millisecond.
        let fitted = Self.withAges(times, before: newest) { ages in
            LeastSquaresFit.coefficients(1, degree: degree, x: ages, y: positions, z: nil)
        }
        guard let slope = fitted?.0 else { return 0 }
        return slope * 1000
    }

    /// The degree of the lsq2 polynomial over a window of `count` samples (at least 2): a
    /// quadratic from three samples on; `nil` when the velocity is zero without a fit.
    static func leastSquaresDegree(
        count: Int, shortHistoryBehavior: VelocityTrackerConfiguration.ShortHistoryBehavior
    ) -> Int? {
        if count >= 3 { return 2 }
        switch shortHistoryBehavior {
        case .zero: return nil
        case .lowerDegree: return count - 1
        }
    }

    /// Hands `body` the ages of `times` in milliseconds before `newest`, negative, in a stack
    /// buffer: computed once per fit rather than once per column of the design matrix.
    static func withAges<Times: Collection<Int64>, Result>(
        _ times: Times, before newest: Int64, _ body: (UnsafeBufferPointer<Double>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: times.count) { ages in
            var row = 0
            for time in times {
                ages.initializeElement(at: row, to: age(of: time, before: newest))
                row += 1
            }
            return body(UnsafeBufferPointer(ages))
        }
    }

    /// The age of `time` in milliseconds before `newest`, negative: the fit's x.
    @inline(__always)
    static func age(of time: Int64, before newest: Int64) -> Double {
        -Double(newest - time) * 1e-6
    }

    /// Android's impulse strategy, in double precision.
    ///
    /// Each segment's velocity does work (v − v_prev)·|v| on a unit mass; the first segment
    /// counts half, so that a finger already moving steadily when the window opens yields
    /// its own speed rather than √2 times it.
    private static func impulseVelocity(
        times: UnsafeBufferPointer<Int64>, positions: UnsafeBufferPointer<Double>
    ) -> Double {
        var work = 0.0
        var timeIndex = times.startIndex
        var positionIndex = positions.startIndex
        var isFirstSegment = true
        while timeIndex + 1 < times.endIndex {
            let dt = Double(times[timeIndex + 1] - times[timeIndex]) * 1e-9
            let segmentVelocity = (positions[positionIndex + 1] - positions[positionIndex]) / dt
            work += (segmentVelocity - velocity(forKineticEnergy: work)) * abs(segmentVelocity)
            if isFirstSegment {
                work *= 0.5
                isFirstSegment = false
            }
            timeIndex += 1
            positionIndex += 1
        }
        return velocity(forKineticEnergy: work)
    }

    /// The signed speed of a unit mass with kinetic energy |e|: √(2|e|), with e's sign.
    private static func velocity(forKineticEnergy energy: Double) -> Double {
        let speed = (2 * abs(energy)).squareRoot()
        return energy < 0 ? -speed : speed
    }
}
