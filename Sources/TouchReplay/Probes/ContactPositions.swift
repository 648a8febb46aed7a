import TouchInput

/// The newest position of each contact on the glass or hovering (up to eight), without
/// allocating per sample.
struct ContactPositions: Sendable {
    private var ids = [UInt32](repeating: 0, count: 8)
    private var xs = [Double](repeating: 0, count: 8)
    private var ys = [Double](repeating: 0, count: 8)
    private var kinds = [SampleKind](repeating: .touch, count: 8)
    private var used = [Bool](repeating: false, count: 8)
    private var touching = [Bool](repeating: false, count: 8)
    /// Contacts on the glass now (hovering ones do not count).
    private(set) var down = 0

    mutating func update(_ sample: InputSample) {
        guard sample.kind.isContact else { return }
        let ending = sample.phase.isTerminal || sample.phase == .hoverExited
        let inContact = sample.phase.isInContact && !ending
        var free = -1
        for slot in 0..<8 {
            if used[slot] && ids[slot] == sample.id && kinds[slot] == sample.kind {
                xs[slot] = sample.x; ys[slot] = sample.y
                if touching[slot] != inContact {
                    down += inContact ? 1 : -1
                    touching[slot] = inContact
                }
                if ending { used[slot] = false }
                return
            }
            if !used[slot] && free < 0 { free = slot }
        }
        guard free >= 0, !ending else { return }
        used[free] = true
        ids[free] = sample.id
        kinds[free] = sample.kind
        touching[free] = inContact
        xs[free] = sample.x; ys[free] = sample.y
        if inContact { down += 1 }
    }

    /// The newest position of contact `id` while it is down, or `nil`.
    func position(of id: UInt32) -> (x: Double, y: Double)? {
        for slot in 0..<8 where used[slot] && ids[slot] == id {
            return (xs[slot], ys[slot])
        }
        return nil
    }
}
