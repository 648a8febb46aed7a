extension GapProbe {
    /// The sequence number of each contact's newest point in the ring, so that a point can link
    /// to its contact's previous one. A short list searched from its end: a trace has a few
    /// contacts at a time and the newest contacts were appended last (a replay refuses more
    /// than 256 down at once, and contacts whose points have left the ring are swept out).
    struct NewestPoints: Sendable {
        private struct Entry: Sendable {
            var key: UInt64
            var number: Int
        }

        private var entries: [Entry] = []
        /// The length at which contacts whose points left the ring are dropped (twice what
        /// the last sweep kept, so the list is swept once per as many new contacts).
        private var sweepAt = Self.shortest

        private static let shortest = 16

        /// Records point `number` as `key`'s newest and answers the one it replaces, or 0 when
        /// `key` has none numbered above `oldest`.
        mutating func replace(_ key: UInt64, with number: Int, oldest: Int) -> Int {
            if let index = index(of: key) {
                let previous = entries[index].number
                entries[index].number = number
                return previous > oldest ? previous : 0
            }
            if entries.count >= sweepAt { sweep(oldest: oldest) }
            entries.append(Entry(key: key, number: number))
            return 0
        }

        /// `key`'s newest point, or 0 when it has none numbered above `oldest`.
        func latest(_ key: UInt64, oldest: Int) -> Int {
            guard let index = index(of: key) else { return 0 }
            return entries[index].number > oldest ? entries[index].number : 0
        }

        private func index(of key: UInt64) -> Int? {
            var index = entries.count - 1
            while index >= 0 {
                if entries[index].key == key { return index }
                index -= 1
            }
            return nil
        }

        private mutating func sweep(oldest: Int) {
            entries.removeAll { $0.number <= oldest }
            sweepAt = Swift.max(Self.shortest, 2 * entries.count)
        }
    }
}
