/// A clock that really waits: trace time t is due at `origin + (t − first) / rate` on the
/// machine's monotonic clock.
///
/// Every wait is for an absolute deadline — a coarse sleep to within ``spinMargin`` of it,
/// then a short spin — so lateness never accumulates over a long trace. The first wait
/// pins the trace's first instant to the moment it is called.
public struct WallClock: ReplayClock, Sendable {
    /// Trace nanoseconds per real nanosecond: 1 is real time, 4 four times faster.
    public let rate: Double
    /// How long before a deadline the clock stops sleeping and spins, in nanoseconds:
    /// larger than the kernel's usual oversleep, so a wake-up is late only when the
    /// machine is busy.
    public var spinMargin: Int64 = 200_000

    private var traceOrigin: Int64?
    private var wallOrigin: Int64 = 0

    /// A clock at `rate` (any finite positive number); `nil` otherwise.
    public init?(rate: Double) {
        guard rate.isFinite, rate > 0 else { return nil }
        self.rate = rate
    }

    public var isVirtual: Bool { false }

    /// The real instant at which trace time `time` is due.
    func deadline(of time: Int64) -> Int64 {
        guard let traceOrigin else { return MonotonicTime.now() }
        return Self.saturating(wallOrigin, plus: (Double(time &- traceOrigin) / rate).rounded(.up))
    }

    public mutating func now() -> Int64 {
        guard let traceOrigin else { return .min }
        return Self.saturating(traceOrigin, plus: (Double(MonotonicTime.now() &- wallOrigin) * rate).rounded(.down))
    }

    public mutating func wait(until time: Int64) -> Int64 {
        guard traceOrigin != nil else {
            traceOrigin = time
            wallOrigin = MonotonicTime.now()
            return 0
        }
        let due = deadline(of: time)
        var current = MonotonicTime.now()
        if due - current > spinMargin {
            MonotonicTime.sleep(nanoseconds: due - current - spinMargin)
            current = MonotonicTime.now()
        }
        while current < due { current = MonotonicTime.now() }
        return current - due
    }

    public mutating func spend(_ nanoseconds: Int64) {}

    /// `base + offset` held within Int64: a trace that spans most of Int64 at an extreme rate
    /// must give a far deadline, not a trap.
    @inline(__always)
    static func saturating(_ base: Int64, plus offset: Double) -> Int64 {
        guard offset.isFinite else { return offset < 0 ? .min : .max }
        guard offset < 9.2e18 else { return .max }
        guard offset > -9.2e18 else { return .min }
        let (sum, overflow) = base.addingReportingOverflow(Int64(offset))
        return overflow ? (offset < 0 ? .min : .max) : sum
    }
}
