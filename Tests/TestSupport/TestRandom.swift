/// A reproducible generator for tests: a 64-bit linear congruential one (Knuth's MMIX
/// constants), whose state is the seed. Tests need the same values on every run and every
/// platform, not statistical quality; each used to carry its own copy of these two lines.
public struct TestRandom: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next state.
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A number in [0, 1) from the next state's top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
