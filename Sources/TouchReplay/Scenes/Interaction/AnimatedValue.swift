import TouchDynamics

/// One animated scalar of a scene: at rest, coasting under scroll-view deceleration (and
/// bouncing off the edges of a range on a spring), or moving on a spring that can be
/// retargeted in flight. Times are seconds.
struct AnimatedValue: Sendable {
    private enum Motion: Sendable {
        case rest
        case coast(DecelerationCurve, start: Double, end: Double, edge: Double?, edgeTime: Double, bounce: Spring?)
        case spring(SpringAnimation, settled: Double)
    }

    /// The value shown.
    private(set) var value: Double
    private var motion = Motion.rest
    /// When the coast last reached its edge and handed over to the bounce (seconds), until
    /// the scene takes it (``takeBounce()``).
    private var bounced: Double?
    /// Whether a coast that reaches its edge hands its velocity to the bounce spring (else
    /// the bounce starts from rest at the edge: the value stops dead there).
    var bounceKeepsVelocity = true
    /// Distance from the target at which a spring is considered at rest.
    static let tolerance = 0.01

    init(_ value: Double) {
        self.value = value
    }

    var isAnimating: Bool {
        if case .rest = motion { return false }
        return true
    }

    /// Where the value is heading.
    var target: Double {
        switch motion {
        case .rest: value
        case .coast(let curve, _, _, let edge, _, _): edge ?? curve.restingValue
        case .spring(let animation, _): animation.target
        }
    }

    /// The velocity at `time`, in units per second.
    func velocity(at time: Double) -> Double {
        switch motion {
        case .rest: 0
        case .coast(let curve, let start, _, _, _, _): curve.velocity(at: time - start)
        case .spring(let animation, _): animation.velocity(at: time)
        }
    }

    /// Stops at once where the value is (a finger caught it), or moves it under the finger.
    mutating func set(_ newValue: Double) {
        value = newValue
        motion = .rest
    }

    /// Springs to `target` from the current value with `velocity` — or, when a spring is
    /// already running, retargets it so that position and velocity stay continuous.
    mutating func spring(to target: Double, velocity: Double? = nil, at time: Double, with spring: Spring?) {
        guard let spring else { set(target); return }
        let animation: SpringAnimation
        if velocity == nil, case .spring(let running, _) = motion {
            animation = running.retargeted(to: target, at: time, spring: spring)
        } else {
            animation = SpringAnimation(spring: spring, from: value, to: target,
                                        initialVelocity: velocity ?? self.velocity(at: time), startTime: time)
        }
        let settle = animation.settlingDuration(tolerance: Self.tolerance)
        motion = .spring(animation, settled: time + (settle.isFinite ? settle : 10))
    }

    /// Coasts from the current value with `velocity`; on reaching an edge of `range` it
    /// hands over to `bounce`, which brings it back to that edge.
    mutating func coast(velocity: Double, at time: Double, range: ClosedRange<Double>?, bounce: Spring?,
                        rate: DecelerationRate = .normal) {
        let curve = DecelerationCurve(value: value, velocity: velocity, rate: rate)
        let end = time + curve.duration(untilSpeedBelow: 1)
        var edge: Double?
        var edgeTime = Double.infinity
        if let range {
            let resting = curve.restingValue
            let candidate = resting > range.upperBound ? range.upperBound : resting < range.lowerBound ? range.lowerBound : nil
            if let candidate, let reach = curve.time(toReach: candidate) {
                edge = candidate
                edgeTime = time + reach
            }
        }
        motion = .coast(curve, start: time, end: end, edge: edge, edgeTime: edgeTime, bounce: bounce)
    }

    /// Lets go of a value a finger or scroll steps held in `band` (a content offset): past an
    /// edge it springs back to it with `velocity`, inside it coasts with `velocity` at `rate`
    /// and bounces off the edge it reaches, and with no velocity it stays.
    mutating func release(in band: RubberBand, velocity: Double, at time: Double, bounce: Spring?,
                          rate: DecelerationRate = .normal) {
        if value > band.range.upperBound {
            spring(to: band.range.upperBound, velocity: velocity, at: time, with: bounce)
        } else if value < band.range.lowerBound {
            spring(to: band.range.lowerBound, velocity: velocity, at: time, with: bounce)
        } else if velocity != 0 {
            coast(velocity: velocity, at: time, range: band.range, bounce: bounce, rate: rate)
        }
    }

    /// The instant the coast reached its edge since the last call, if it did.
    mutating func takeBounce() -> Double? {
        defer { bounced = nil }
        return bounced
    }

    /// Moves the value to `time`.
    mutating func update(at time: Double) {
        switch motion {
        case .rest:
            return
        case .coast(let curve, let start, let end, let edge, let edgeTime, let bounce):
            if let edge, time >= edgeTime {
                bounced = edgeTime
                value = edge
                motion = .rest
                let velocity = bounceKeepsVelocity ? curve.velocity(at: edgeTime - start) : 0
                spring(to: edge, velocity: velocity, at: edgeTime, with: bounce)
                update(at: time)
            } else if time >= end {
                value = curve.value(at: end - start)
                motion = .rest
            } else {
                value = curve.value(at: time - start)
            }
        case .spring(let animation, let settled):
            if time >= settled {
                value = animation.target
                motion = .rest
            } else {
                value = animation.value(at: time)
            }
        }
    }
}

/// The springs of the reference scenes (all parameters are valid, so none is ever `nil`).
enum Springs {
    static func make(dampingRatio: Double, response: Double) -> Spring? {
        try? Spring(dampingRatio: dampingRatio, response: response)
    }

    /// Snapping a dragged window to where it was thrown.
    static let snap = make(dampingRatio: 0.85, response: 0.5)
    /// Opening a sheet: critically damped.
    static let open = make(dampingRatio: 1, response: 0.35)
    /// Dismissing a sheet with a flick: a little bounce.
    static let dismiss = make(dampingRatio: 0.8, response: 0.4)
    /// Quick interface feedback (highlights, magnetism).
    static let quick = make(dampingRatio: 1, response: 0.15)
}

extension Int64 {
    /// Nanoseconds as seconds.
    @inline(__always) var seconds: Double { Double(self) / 1e9 }
}

extension SceneState {
    /// Shows an element animated along x and y: its position, where it is heading, and
    /// whether either axis is still moving. Inlined: a call handed over copies of both values
    /// (130 bytes each, by `memcpy`, on every frame), since the scene's own state is written.
    @inline(__always)
    mutating func show(x: AnimatedValue, y: AnimatedValue) {
        self.x = x.value
        self.y = y.value
        targetX = x.target
        targetY = y.target
        isAnimating = x.isAnimating || y.isAnimating
    }
}
