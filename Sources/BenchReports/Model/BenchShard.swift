/// A stable share of a suite, `--shard i/n` (1-based): a trace always lands in the same
/// shard, whatever the suite's order or size, because the shard is chosen by a hash of the
/// trace's file name — 64-bit FNV-1a, fixed by definition, unlike Swift's `Hasher`, which is
/// seeded anew in every process.
public struct BenchShard: Sendable, Hashable, CustomStringConvertible {
    /// 1 … ``count``.
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`, e.g. `2/4`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether the trace named `file` belongs to this shard.
    public func contains(trace file: String) -> Bool {
        Int(Self.fnv1a(file) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }

    /// 64-bit FNV-1a of the UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
