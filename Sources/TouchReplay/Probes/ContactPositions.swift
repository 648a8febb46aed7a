import TouchInput

/// The newest position of each contact on the glass (up to eight), without allocating per
/// sample.
struct ContactPositions: Sendable {
    private var ids = [UInt32](repeating: 0, count: 8)
    private var xs = [Double](repeating: 0, count: 8)
    private var ys = [Double](repeating: 0, count: 8)
    private var used = [Bool](repeating: false, count: 8)
    /// Contacts down now.
    private(set) var down = 0

    mutating func update(_ sample: InputSample) {
        guard sample.kind.isContact, sample.phase.isInContact else { return }
        var free = -1
        for slot in 0..<8 {
            if used[slot] && ids[slot] == sample.id {
                xs[slot] = sample.x; ys[slot] = sample.y
                if sample.phase.isTerminal { used[slot] = false; down -= 1 }
                return
            }
            if !used[slot] && free < 0 { free = slot }
        }
        guard free >= 0, !sample.phase.isTerminal else { return }
        used[free] = true
        ids[free] = sample.id
        xs[free] = sample.x; ys[free] = sample.y
        down += 1
    }

    /// The newest position of contact `id` while it is down, or `nil`.
    func position(of id: UInt32) -> (x: Double, y: Double)? {
        for slot in 0..<8 where used[slot] && ids[slot] == id {
            return (xs[slot], ys[slot])
        }
        return nil
    }
}
