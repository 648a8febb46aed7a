import TouchInput

// Multitouch protocol A: each frame lists every contact anonymously, one SYN_MT_REPORT after
// each, and an empty frame means every finger lifted. Identities are ours to make: contacts
// are matched to the previous frame's by nearest distance (greedy over all pairs sorted by
// distance, ties broken by order, so the result is deterministic), unless the device sends
// tracking ids, which are then used for matching.
extension EvdevDecoder {
    struct AnonymousContact: Sendable, Equatable {
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32?
        var major: Int32?
        var trackingID: Int32?
        var toolType: Int32 = 0
        var hasPosition = false
    }

    struct LiveContact: Sendable {
        var id: UInt32
        var contact: AnonymousContact
    }

    struct AnonymousState: Sendable {
        var pending = AnonymousContact()
        var pendingTouched = false
        var frame: [AnonymousContact] = []
        /// Whether this frame said anything about contacts (an empty report lifts all).
        var frameReported = false
        var live: [LiveContact] = []

        mutating func clearFrame() {
            pending = AnonymousContact()
            pendingTouched = false
            frame.removeAll(keepingCapacity: true)
            frameReported = false
        }
    }

    mutating func anonymousAbsolute(_ code: UInt16, _ value: Int32) {
        anonymous.pendingTouched = true
        switch code {
        case EvdevCode.absMTPositionX: anonymous.pending.x = value; anonymous.pending.hasPosition = true
        case EvdevCode.absMTPositionY: anonymous.pending.y = value; anonymous.pending.hasPosition = true
        case EvdevCode.absMTPressure: anonymous.pending.pressure = value
        case EvdevCode.absMTTouchMajor: anonymous.pending.major = value
        case EvdevCode.absMTTrackingID: anonymous.pending.trackingID = value
        case EvdevCode.absMTToolType: anonymous.pending.toolType = value
        default: break
        }
    }

    mutating func finishAnonymousContact() {
        if contactProtocol == .none { contactProtocol = .anonymous }
        anonymous.frameReported = true
        if anonymous.pending.hasPosition {
            if anonymous.frame.count < Self.contactLimit {
                anonymous.frame.append(anonymous.pending)
            } else {
                statistics.ignoredContacts += 1
            }
        }
        anonymous.pending = AnonymousContact()
        anonymous.pendingTouched = false
    }

    mutating func emitAnonymous(at time: Int64, emit: (InputSample) -> Void) {
        // A last contact without its SYN_MT_REPORT still counts.
        if anonymous.pendingTouched { finishAnonymousContact() }
        if !anonymous.frameReported && !tool.touchReleasedThisFrame {
            anonymous.clearFrame()
            return
        }
        let previous = anonymous.live
        let current = anonymous.frame
        let matches = match(previous: previous.map(\.contact), current: current)
        var next: [LiveContact] = []
        var ended: [InputSample] = []
        var emitted: [InputSample] = []
        for (index, old) in previous.enumerated() where !matches.values.contains(index) {
            ended.append(anonymousSample(old.contact, id: old.id, phase: .ended, at: time))
        }
        for (index, contact) in current.enumerated() {
            if let oldIndex = matches[index] {
                let old = previous[oldIndex]
                if old.contact != contact {
                    emitted.append(anonymousSample(contact, id: old.id, phase: .moved, at: time))
                }
                next.append(LiveContact(id: old.id, contact: contact))
            } else {
                let id = allocateID()
                emitted.append(anonymousSample(contact, id: id, phase: .began, at: time))
                next.append(LiveContact(id: id, contact: contact))
            }
        }
        // Keep contacts in order of age so that emission order is stable from frame to frame.
        next.sort { $0.id < $1.id }
        anonymous.live = next
        // Lifts first, then the others oldest first, whatever order the device reported them in.
        for sample in ended + emitted.sorted(by: { $0.id < $1.id }) { emit(sample) }
        anonymous.clearFrame()
    }

    /// For each current contact index, the previous contact index it continues.
    private func match(previous: [AnonymousContact], current: [AnonymousContact]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        if !previous.isEmpty, !current.isEmpty,
           previous.allSatisfy({ $0.trackingID != nil }), current.allSatisfy({ $0.trackingID != nil }) {
            for (j, contact) in current.enumerated() {
                if let i = previous.firstIndex(where: { $0.trackingID == contact.trackingID }),
                   !result.values.contains(i) {
                    result[j] = i
                }
            }
            return result
        }
        var pairs: [(distance: Double, old: Int, new: Int)] = []
        pairs.reserveCapacity(previous.count * current.count)
        for (i, a) in previous.enumerated() {
            for (j, b) in current.enumerated() {
                let dx = Double(Int64(a.x) - Int64(b.x)) * mapping.scaleX
                let dy = Double(Int64(a.y) - Int64(b.y)) * mapping.scaleY
                pairs.append((dx * dx + dy * dy, i, j))
            }
        }
        pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
        var usedOld = Set<Int>()
        for pair in pairs where result[pair.new] == nil && !usedOld.contains(pair.old) {
            result[pair.new] = pair.old
            usedOld.insert(pair.old)
        }
        return result
    }

    private func anonymousSample(_ contact: AnonymousContact, id: UInt32, phase: SamplePhase, at time: Int64) -> InputSample {
        var sample = InputSample(
            time: time, kind: contact.toolType == EvdevCode.mtToolPen ? .pencil : .touch, phase: phase, id: id,
            x: mapping.x(contact.x), y: mapping.y(contact.y), modifiers: modifiers)
        if let pressure = contact.pressure { sample.force = normalised(pressure, axis: axes.mtPressure) }
        if let major = contact.major { sample.majorRadius = Double(major) / 2 * mapping.scaleX }
        return sample
    }
}
