import TouchInput

/// The newest position of each contact on the glass or hovering, without allocating per
/// sample while at most eight are present.
///
/// One array of slots rather than a parallel array per field: every sample updates a
/// slot, and each separate array cost its own uniqueness check and bounds checks on that
/// path (callgrind: ~95 instructions a sample before, about half of that after). The first
/// eight slots are stored inline (a tuple), not in an array: an array's buffer was retained
/// and released with every frame's context and checked for uniqueness at every sample.
/// Contacts beyond them (a ninth finger, hovering pencils and pointers besides) go to an
/// overflow array, up to ``ReplaySpan/maximumContactsDown`` in all: dropped, a ninth contact's
/// landing again without lifting went unseen and its lift left `down` wrong.
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
    /// The contacts that found the inline slots full, in arrival order (only used slots).
    private var overflow: [Slot] = []
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
        var found = false
        var delta = 0
        withSlots { slots in
            for index in 0..<Self.capacity {
                if slots[index].used && slots[index].id == id && slots[index].kind == kind {
                    delta = Self.move(&slots[index], to: sample, inContact: inContact, ending: ending)
                    found = true
                    return
                }
                if !slots[index].used && free < 0 { free = index }
            }
        }
        if !found { delta = place(sample, free: free, inContact: inContact, ending: ending) }
        down += delta
    }

    /// Moves a present contact's slot to `sample`; answers the change in contacts down.
    @inline(__always)
    private static func move(_ slot: inout Slot, to sample: InputSample, inContact: Bool, ending: Bool) -> Int {
        slot.x = sample.x
        slot.y = sample.y
        var delta = 0
        if slot.touching != inContact {
            delta = inContact ? 1 : -1
            slot.touching = inContact
        }
        if ending { slot.used = false }
        return delta
    }

    /// A sample of a contact not in the inline slots: one in the overflow, or a new contact
    /// (in inline slot `free`, or the overflow when there is none). Once per new contact but
    /// for the rare trace with more than eight at once, so kept out of the loop.
    @inline(never)
    private mutating func place(_ sample: InputSample, free: Int, inContact: Bool, ending: Bool) -> Int {
        if let index = overflow.firstIndex(where: { $0.id == sample.id && $0.kind == sample.kind }) {
            let delta = Self.move(&overflow[index], to: sample, inContact: inContact, ending: ending)
            if ending { overflow.remove(at: index) }
            return delta
        }
        guard !ending else { return 0 }
        let slot = Slot(id: sample.id, kind: sample.kind, used: true, touching: inContact, x: sample.x, y: sample.y)
        if free >= 0 {
            withSlots { $0[free] = slot }
        } else if overflow.count < ReplaySpan.maximumContactsDown - Self.capacity {
            overflow.append(slot)
        } else {
            return 0
        }
        return inContact ? 1 : 0
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
    var anyPresent: Bool { withSlots { $0.contains { $0.used } } || !overflow.isEmpty }

    /// The newest position of the contact with the lowest id (of two sharing it, the lower
    /// kind: the slots' order is the arrival order), or `nil` when there is none.
    var lowestNumberedPosition: (x: Double, y: Double)? {
        withSlots { slots in
            var best: Slot?
            for slot in slots where slot.used && best.map({ (slot.id, slot.kind.rawValue) < ($0.id, $0.kind.rawValue) }) ?? true {
                best = slot
            }
            for slot in overflow where best.map({ (slot.id, slot.kind.rawValue) < ($0.id, $0.kind.rawValue) }) ?? true {
                best = slot
            }
            return best.map { ($0.x, $0.y) }
        }
    }

    /// Whether `contact` is on the glass (not hovering).
    func isTouching(_ contact: ContactKey) -> Bool {
        slot(of: contact)?.touching ?? false
    }

    /// The newest position of `contact` while it is down, or `nil`.
    func position(of contact: ContactKey) -> (x: Double, y: Double)? {
        slot(of: contact).map { ($0.x, $0.y) }
    }

    private func slot(of contact: ContactKey) -> Slot? {
        let inline = withSlots { slots in
            slots.first { $0.used && $0.id == contact.id && $0.kind == contact.kind }
        }
        if let inline { return inline }
        return overflow.isEmpty ? nil : overflow.first { $0.id == contact.id && $0.kind == contact.kind }
    }
}
