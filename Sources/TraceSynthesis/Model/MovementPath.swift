import TouchBenchSupport

/// A hand trajectory made of superposed minimum-jerk submovements.
///
/// Overlapping submovements are how reaching movements are corrected and redirected
/// (the superposition scheme of Flash & Henis, 1991): a reversal is a second submovement
/// that starts before the first has ended, so the velocity passes through zero smoothly
/// instead of stopping dead. The position is the start point plus every submovement's
/// offset, so it is an exact polynomial between breakpoints and can be evaluated at any time.
struct MovementPath: Sendable, Hashable {
    /// Where the hand is before any submovement.
    var start: Vector
    var movements: [Movement] = []

    init(start: Vector, movements: [Movement] = []) {
        self.start = start
        self.movements = movements
    }

    /// Appends a submovement.
    mutating func move(by displacement: Vector, from start: Double, over duration: Double) {
        movements.append(Movement(start: start, duration: duration, displacement: displacement))
    }

    /// When the last submovement ends (0 for a hand that never moves).
    var end: Double { movements.reduce(0) { max($0, $1.end) } }

    /// Where the hand comes to rest after every submovement.
    var finalPosition: Vector { movements.reduce(start) { $0 + $1.displacement } }

    func position(at t: Double) -> Vector {
        var p = start
        for movement in movements { p += movement.offset(at: t) }
        return p
    }

    func velocity(at t: Double) -> Vector {
        var v = Vector.zero
        for movement in movements { v += movement.velocity(at: t) }
        return v
    }

    /// Whether any submovement is under way at `t`.
    func isMoving(at t: Double) -> Bool { movements.contains { $0.isActive(at: t) } }

    /// The same path moved by `offset`.
    func translated(by offset: Vector) -> MovementPath {
        MovementPath(start: start + offset, movements: movements)
    }

    // MARK: Ground truth

    /// The instant in `interval` where the velocity along `axis` changes sign.
    ///
    /// The caller guarantees that the component is positive at the lower bound, negative at
    /// the upper bound and monotonic in between (the planners arrange the overlap so); the
    /// root is then found by bisection to well under a nanosecond, from the model itself.
    func velocityZeroCrossing(along axis: Vector, in interval: ClosedRange<Double>) -> Double {
        bisect(interval) { velocity(at: $0).dot(axis) > 0 }
    }

    /// The first instant in `interval` after which the speed stays below `speed`, for an
    /// interval over which the speed decreases (the deceleration half of a submovement).
    func restInstant(belowSpeed speed: Double, in interval: ClosedRange<Double>) -> Double {
        bisect(interval) { velocity(at: $0).length >= speed }
    }
}

/// The boundary between the lower part of `interval`, where `isBefore` holds, and the
/// upper part, where it does not.
func bisect(_ interval: ClosedRange<Double>, isBefore: (Double) -> Bool) -> Double {
    var low = interval.lowerBound
    var high = interval.upperBound
    // 80 halvings take any interval of a few seconds below the spacing of doubles.
    for _ in 0..<80 {
        let mid = (low + high) / 2
        if mid <= low || mid >= high { break }
        if isBefore(mid) { low = mid } else { high = mid }
    }
    return (low + high) / 2
}
