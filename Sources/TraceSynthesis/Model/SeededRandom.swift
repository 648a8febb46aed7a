/// A xoshiro256** generator seeded through SplitMix64.
///
/// The synthesizer never touches system randomness: every draw comes from one of these,
/// seeded from the user's seed and a stream number, so that a trace depends only on its
/// arguments. The helpers below use integer arithmetic and IEEE-exact operations only, so a
/// draw is bit-identical on every platform (the standard library's `random(in:using:)` is not
/// documented to be stable across releases, hence these own helpers).
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose state is expanded from `seed` with SplitMix64, as the xoshiro
    /// authors recommend (it can never produce the all-zero state).
    init(seed: UInt64) {
        var mixer = seed
        s0 = Self.splitMix(&mixer)
        s1 = Self.splitMix(&mixer)
        s2 = Self.splitMix(&mixer)
        s3 = Self.splitMix(&mixer)
    }

    /// A generator for an independent stream, identified by a path of numbers below `seed`
    /// (for example episode 12, contact 3).
    init(seed: UInt64, stream: UInt64...) {
        self.init(seed: Self.hash(seed, stream))
    }

    mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotateLeft(s3, 45)
        return result
    }

    // MARK: Draws

    /// A uniform double in [0, 1) with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform double in [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// A uniform integer in `range` (Lemire's multiply-shift; the bias is below 2⁻⁶⁰).
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// `true` with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// −1 or +1 with equal probability.
    mutating func sign() -> Double { next() >> 63 == 0 ? 1 : -1 }

    /// An approximately standard normal draw: the Irwin–Hall sum of four uniforms, rescaled.
    ///
    /// Box–Muller would need `log` and `cos`, whose last bits differ between C libraries;
    /// this needs only additions and one exact multiplication, and its tails (bounded at
    /// ±3.46σ) suit sensor noise, which never produces wild outliers either.
    mutating func gaussian() -> Double {
        let sum = unit() + unit() + unit() + unit()
        return (sum - 2) * 1.7320508075688772  // √3: the sum's variance is 4/12
    }

    /// The elements of `array` in a uniformly random order (Fisher–Yates).
    mutating func shuffled<Element>(_ array: [Element]) -> [Element] {
        var result = array
        var index = result.count - 1
        while index > 0 {
            let other = integer(in: 0...index)
            result.swapAt(index, other)
            index -= 1
        }
        return result
    }

    // MARK: Mixing

    /// A well-mixed 64-bit hash of `seed` and a path of numbers.
    static func hash(_ seed: UInt64, _ path: [UInt64]) -> UInt64 {
        var state = seed
        var value = splitMix(&state)
        for component in path {
            state = value ^ (component &* 0xD605_BBB5_8C8A_BBAD)
            value = splitMix(&state)
        }
        return value
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
