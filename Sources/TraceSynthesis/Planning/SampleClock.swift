/// The instants at which a digitizer scans: a nominal grid at its rate, each tick displaced
/// by a small deterministic jitter.
///
/// Tick k is nominally at ⌊k·10⁹ / rate⌋ ns. The jitter of a tick is a hash of the seed and
/// the tick number, not a draw from a running generator, so any tick's time can be asked
/// for in any order (planners snap a touch-down to "the first scan after the finger
/// lands") and every contact scanned at tick k shares its time, as on a real digitizer.
/// The jitter stays below a quarter period, so ticks never reorder.
struct SampleClock: Sendable, Hashable {
    let hertz: Int64
    /// The largest jitter in nanoseconds.
    let jitter: Int64
    let salt: UInt64

    init(hertz: Int, jitterFraction: Double, salt: UInt64) {
        self.hertz = Int64(hertz)
        self.jitter = Int64((jitterFraction * 1e9 / Double(hertz)).rounded(.down))
        self.salt = salt
    }

    /// The nominal sampling period in nanoseconds (rounded down).
    var period: Int64 { 1_000_000_000 / hertz }

    func nominalTime(ofTick k: Int64) -> Int64 { k * 1_000_000_000 / hertz }

    func time(ofTick k: Int64) -> Int64 {
        guard jitter > 0 else { return nominalTime(ofTick: k) }
        let h = SeededRandom.hash(salt, [UInt64(bitPattern: k)])
        let offset = Int64(h % UInt64(2 * jitter + 1)) - jitter
        return nominalTime(ofTick: k) + offset
    }

    /// The first tick at or after `time` (`time` ≥ 0).
    func firstTick(atOrAfter time: Int64) -> Int64 {
        var k = max(0, time * hertz / 1_000_000_000 - 1)
        while self.time(ofTick: k) < time { k += 1 }
        while k > 0 && self.time(ofTick: k - 1) >= time { k -= 1 }
        return k
    }
}

/// When frames start on the display, to decide which samples are coalesced.
///
/// Frames begin at n/displayHz + phase. The phase (a quarter frame: half a 240 Hz period)
/// keeps vsync away from the digitizer ticks, as on real devices where the two clocks are
/// unrelated, so jitter never moves a sample across a frame boundary.
struct DisplayTiming: Sendable, Hashable {
    let hertz: Int64
    let phase: Int64

    init(hertz: Int) {
        self.hertz = Int64(hertz)
        self.phase = 1_000_000_000 / Int64(hertz) / 4
    }

    /// The index of the frame interval containing `time`.
    func frame(containing time: Int64) -> Int64 {
        let shifted = (time - phase) * hertz
        // Floor division, correct for the instants before the first vsync too.
        let q = shifted / 1_000_000_000
        return shifted < 0 && q * 1_000_000_000 != shifted ? q - 1 : q
    }
}
