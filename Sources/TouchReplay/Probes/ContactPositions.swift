import TouchInput

/// The newest position of each contact on the glass or hovering (up to eight), without
/// allocating per sample. A contact beyond eight at once is neither placed nor counted in
/// ``down`` until a slot frees, so it is ended where it lands again, not where it was last
/// seen, and its hover entered again is not ended first; whether it lands again without
/// lifting is still told by ``ReplaySpan``, which follows every contact down. (Sixteen slots
/// cost 1 % more instructions on every replay, in copies of the larger positions.)
///
/// One array of slots rather than a parallel array per field: every sample updates a
/// slot, and each separate array cost its own uniqueness check and bounds checks on that
/// path (callgrind: ~95 instructions a sample before, about half of that after). The slots
/// are stored inline (a tuple), not in an array: an array's buffer was retained and released
/// with every frame's context and checked for uniqueness at every sample.
struct ContactPositions: Sendable {
    private struct Slot: Sendable {
        var id: UInt32 = 0
        var kind = SampleKind.touch
        var used = false
        var touching = false
        var x = 0.0, y = 0.0
    }

    private static let capacity = 8
    private var storage = (Slot(), Slot(), Slot(), Slot(), Slot(), Slot(), Slot(), Slot())
    /// Contacts on the glass now (hovering ones do not count).
    private(set) var down = 0

    /// Takes the next sample (inlined into the engine's loop, which calls it for every sample).
    @inline(__always)
    mutating func update(_ sample: InputSample) {
        guard sample.kind.isContact else { return }
        let ending = sample.phase.isTerminal || sample.phase == .hoverExited
        let inContact = sample.phase.isInContact && !ending
        let id = sample.id, kind = sample.kind
        var free = -1
        var delta = 0
        withSlots { slots in
            for index in 0..<Self.capacity {
                if slots[index].used && slots[index].id == id && slots[index].kind == kind {
                    slots[index].x = sample.x
                    slots[index].y = sample.y
                    if slots[index].touching != inContact {
                        delta = inContact ? 1 : -1
                        slots[index].touching = inContact
                    }
                    if ending { slots[index].used = false }
                    return
                }
                if !slots[index].used && free < 0 { free = index }
            }
            guard free >= 0, !ending else { return }
            slots[free] = Slot(id: id, kind: kind, used: true, touching: inContact, x: sample.x, y: sample.y)
            if inContact { delta = 1 }
        }
        down += delta
    }

    /// The slots as a buffer (a homogeneous tuple is laid out as an array of its element).
    @inline(__always)
    private mutating func withSlots<R>(_ body: (UnsafeMutableBufferPointer<Slot>) -> R) -> R {
        withUnsafeMutablePointer(to: &storage) { tuple in
            tuple.withMemoryRebound(to: Slot.self, capacity: Self.capacity) {
                body(UnsafeMutableBufferPointer(start: $0, count: Self.capacity))
            }
        }
    }

    /// The slots, read in place.
    @inline(__always)
    private func withSlots<R>(_ body: (UnsafeBufferPointer<Slot>) -> R) -> R {
        withUnsafePointer(to: storage) { tuple in
            tuple.withMemoryRebound(to: Slot.self, capacity: Self.capacity) {
                body(UnsafeBufferPointer(start: $0, count: Self.capacity))
            }
        }
    }

    /// Whether any contact is on the glass or hovering over it.
    var anyPresent: Bool { withSlots { $0.contains { $0.used } } }

    /// The newest position of the contact with the lowest id (of two sharing it, the lower
    /// kind: the slots' order is the arrival order), or `nil` when there is none.
    var lowestNumberedPosition: (x: Double, y: Double)? {
        withSlots { slots in
            var best: Slot?
            for slot in slots where slot.used && best.map({ (slot.id, slot.kind.rawValue) < ($0.id, $0.kind.rawValue) }) ?? true {
                best = slot
            }
            return best.map { ($0.x, $0.y) }
        }
    }

    /// Whether `contact` is on the glass (not hovering).
    func isTouching(_ contact: ContactKey) -> Bool {
        withSlots { slots in slots.contains { $0.used && $0.touching && $0.id == contact.id && $0.kind == contact.kind } }
    }

    /// Whether `contact` hovers over the glass (present, not touching it).
    func isHovering(_ contact: ContactKey) -> Bool {
        withSlots { slots in slots.contains { $0.used && !$0.touching && $0.id == contact.id && $0.kind == contact.kind } }
    }

    /// The newest position of `contact` while it is down, or `nil`.
    func position(of contact: ContactKey) -> (x: Double, y: Double)? {
        withSlots { slots in
            for slot in slots where slot.used && slot.id == contact.id && slot.kind == contact.kind {
                return (slot.x, slot.y)
            }
            return nil
        }
    }
}
